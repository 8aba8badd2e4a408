// The interactive app's entry: loaded only when `loan-tui` runs without a subcommand on a terminal.
import React from 'react';
import {render} from 'ink';
import {EXIT, type ExitCode} from '../runtime/exit-codes.js';
import type {Output} from '../runtime/output.js';
import {openSession} from '../runtime/session.js';
import type {Settings} from '../runtime/settings.js';
import {openKeychain} from '../credentials/keychain.js';
import {sanitize} from '../format/sanitize.js';
import {App} from './App.js';
import {createAppServices} from './create-services.js';
import {enterAlternateScreen} from './terminal.js';
import {cacheDirectory, fileSymbolCache} from '../ui/symbol-cache.js';
import {fileRecentInputs, recentInputsFile} from '../state/recent-inputs.js';
import {fileLocalHistory, localHistoryFile} from '../state/local-history.js';
import {quittingLine} from '../ui/money/money-guard.js';

/** Exit statuses for a signal, as shells report them (128 + signal number). */
const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = {SIGHUP: 129, SIGINT: 130, SIGTERM: 143};
/** After a signal interrupts a money POST: how long its outcome may take to be recorded, and to stay on screen. */
const SIGNAL_SETTLE_MS = 2000;
const SHOW_UNKNOWN_MS = 300;

export async function runApp(settings: Settings, out: Output, env: NodeJS.ProcessEnv): Promise<ExitCode | number> {
	// A --debug log would tear the screen: keep it only when stderr is redirected away from the terminal.
	const debug = settings.debug && !process.stderr.isTTY;
	const session = await openSession({...settings, debug}, out, env);
	const recentFile = fileRecentInputs(recentInputsFile(env));
	const services = await createAppServices(session, {
		env,
		profile: settings.profile,
		demo: settings.demo,
		openStore: () => openKeychain(),
		// The demo's simulator is local and new each run: nothing worth caching.
		symbolCache: settings.demo ? undefined : fileSymbolCache(cacheDirectory(env), session.client.origin),
		recentInputs: {loaded: await recentFile.load(), file: recentFile},
		// The demo's orders live in a simulator that ends with the run: they do not belong in your history.
		localHistory: settings.demo ? undefined : fileLocalHistory(localHistoryFile(env)),
		writeToTerminal: (data) => void process.stdout.write(data),
	});
	const restoreScreen = enterAlternateScreen(process.stdout);
	// 60 fps keeps a second render close behind the first. (Ink 6.8's incrementalRendering loses the top line of a
	// full-screen frame: left off, and test/terminal/hygiene.test.ts checks the top line.)
	const instance = render(<App services={services} />, {exitOnCtrlC: false, patchConsole: true, maxFps: 60});

	let exitCode: number = EXIT.ok;
	let crash: unknown;
	// Every way out ends the same way: Ink unmounts (raw mode off, cursor shown), then the screen is restored.
	// A signal while a money POST is out first interrupts it, so the outcome-unknown screen shows and the outcome
	// is recorded; then the app exits (at once on a second signal). Nothing more is posted after a signal.
	let leaving = false;
	const onSignal = (signal: NodeJS.Signals) => {
		exitCode = SIGNAL_EXIT[signal] ?? 1;
		const money = services.money;
		money?.close();
		if (leaving || !money?.interrupt(signal)) {
			instance.unmount();
			return;
		}
		leaving = true;
		void money.settled(SIGNAL_SETTLE_MS).then(() => setTimeout(() => instance.unmount(), SHOW_UNKNOWN_MS));
	};
	const onCrash = (error: unknown) => {
		crash ??= error;
		exitCode = 1;
		instance.unmount();
	};
	const signals = Object.keys(SIGNAL_EXIT) as NodeJS.Signals[];
	for (const signal of signals) process.on(signal, onSignal);
	process.on('uncaughtException', onCrash);
	process.on('unhandledRejection', onCrash);
	try {
		await instance.waitUntilExit();
	} catch (error) {
		onCrash(error);
	} finally {
		for (const signal of signals) process.off(signal, onSignal);
		instance.cleanup();
		restoreScreen();
		process.off('uncaughtException', onCrash);
		process.off('unhandledRejection', onCrash);
		await services.inputs.flush();
		await services.money?.settled(SIGNAL_SETTLE_MS);
		await session.close().catch(() => undefined);
	}
	// After the terminal is restored, so the line stays in the shell: a money POST interrupted on the way out.
	const quitting = quittingLine(services.money?.interruptedUnknown() ?? []);
	if (quitting) {
		out.stderr.write(`loan-tui: ${quitting}\n`);
		if (crash === undefined) exitCode = EXIT.outcomeUnknown;
	}
	if (crash !== undefined) {
		const message = crash instanceof Error ? crash.message : String(crash);
		out.stderr.write(`loan-tui: the app stopped on an unexpected error: ${sanitize(message)}\n  The terminal was restored. Please report this with the steps that led to it.\n`);
	}
	return exitCode;
}
