// The interactive app's entry: loaded only when `loan-tui` runs without a subcommand on a terminal. It draws the
// home menu first: the client, keychain, symbol cache, local history (start-services.ts) and the other screens'
// code load just after that frame is on the screen, in chunks of their own.
import React from 'react';
import {render} from 'ink';
import {EXIT, type ExitCode} from '../runtime/exit-codes.js';
import {reportFailure, type Output} from '../runtime/output.js';
import {connectedTo, type Config} from '../runtime/config.js';
import type {Session} from '../runtime/session.js';
import {sanitize} from '../format/sanitize.js';
import type {AppServices} from '../ui/services.js';
import {quittingLines} from '../operations/outcome-words.js';
import {App} from './App.js';
import {createShellServices} from './create-services.js';
import {preloadScreens} from './registry.js';
import {enterAlternateScreen} from './terminal.js';

/** Exit statuses for a signal, as shells report them (128 + signal number). */
const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = {SIGHUP: 129, SIGINT: 130, SIGTERM: 143};
/** After a signal interrupts a money POST: how long its outcome may take to be recorded, and to stay on screen. */
const SIGNAL_SETTLE_MS = 2000;
const SHOW_UNKNOWN_MS = 300;

export interface RunHooks {
	/** Runs once after the first frame, before the services (and with them the HTTP client) are made; `debug` writes
	 * a line to the --debug log when there is one. */
	beforeServices?: (debug: (line: string) => void) => void;
}

export async function runApp(config: Config, out: Output, hooks: RunHooks = {}): Promise<ExitCode | number> {
	// A --debug log would tear the screen: keep it only when stderr is redirected away from the terminal.
	const debug = config.debug && !process.stderr.isTTY;
	const shell = createShellServices(connectedTo(config), config);
	/** Made after the first frame; until then no screen but home can show, so no money POST can be out. */
	let services: AppServices | undefined;
	let made: ((services: AppServices) => void) | undefined;
	const ready = new Promise<AppServices>((resolve) => (made = resolve));
	let session: Promise<Session | undefined> | undefined;
	/** The services could not be made (the demo's simulator): reported after the screen is restored. */
	let failure: unknown;
	/** What the keychain did on its own (an old keytar item moved): said after the screen is restored, not across it. */
	const keychainNotices: string[] = [];

	// After the first frame with working keys is on the screen: the session and services, then the other screens.
	let over = false;
	const start = () => {
		if (session || over) return;
		hooks.beforeServices?.((line) => {
			if (debug) out.stderr.write(`debug: ${line}\n`);
		});
		const started = import('./start-services.js').then(({startServices}) => startServices({...config, debug}, out, shell, (line) => keychainNotices.push(line)));
		session = started.then(
			(result) => {
				services = result.services;
				made?.(result.services);
				void preloadScreens().catch(() => undefined); // a screen that fails to load says so when it is opened
				return result.session;
			},
			(error: unknown) => {
				failure ??= error;
				instance.unmount();
				return undefined;
			},
		);
	};
	// The first frame (home menu and footer) is on the screen once the App's first effects run: start then.
	const onReady = () => setImmediate(start);

	const restoreScreen = enterAlternateScreen(process.stdout);
	// 60 fps keeps a second render close behind the first. (Ink 6.8's incrementalRendering loses the top line of a
	// full-screen frame: left off, and test/terminal/hygiene.test.ts checks the top line.)
	// Raw before the first frame: the footer (keys work) is drawn with the menu, without waiting for a second frame.
	// A key typed before Ink's listener attaches waits in the terminal, unechoed. Ink turns raw mode off on unmount.
	process.stdin.setRawMode(true);
	const instance = render(<App services={{shell, ready}} onReady={onReady} keysLive />, {exitOnCtrlC: false, patchConsole: true, maxFps: 60});

	let exitCode: number = EXIT.ok;
	let crash: unknown;
	// Every way out ends the same way: Ink unmounts (raw mode off, cursor shown), then the screen is restored.
	// A signal while a money POST is out first interrupts it, so the outcome-unknown screen shows and the outcome
	// is recorded; then the app exits (at once on a second signal). Nothing more is posted after a signal.
	let leaving = false;
	const onSignal = (signal: NodeJS.Signals) => {
		exitCode = SIGNAL_EXIT[signal] ?? 1;
		const money = services?.money;
		// A POST waiting for its answer is interrupted (its outcome shows as unknown); then nothing may start, and a
		// check still reading stops with what it learned.
		const waiting = money?.interrupt(signal) ?? false;
		money?.close(signal);
		if (leaving || !money || !waiting) {
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
		if (process.stdin.isTTY) process.stdin.setRawMode(false);
		restoreScreen();
		process.off('uncaughtException', onCrash);
		process.off('unhandledRejection', onCrash);
		// A quit before the services were started leaves nothing to close, and they are not started any more.
		over = true;
		await services?.inputs.flush();
		// A check still reading stops here and records what it learned; nothing can be sent any more.
		services?.money?.close();
		await services?.money?.settled(SIGNAL_SETTLE_MS);
		await (await session)?.close().catch(() => undefined);
	}
	if (keychainNotices.length > 0) out.stderr.write(`${keychainNotices.map((line) => `loan-tui: ${line}`).join('\n')}\n`);
	if (failure !== undefined) return reportFailure(out, failure, config.debug);
	// After the terminal is restored, so the line stays in the shell: a money POST interrupted on the way out.
	// Every outcome that stayed unknown this session, whether interrupted or answered unclearly: exit 3.
	const quitting = quittingLines(services?.money?.outcomes() ?? []);
	if (quitting.length > 0) {
		out.stderr.write(`${quitting.map((line) => `loan-tui: ${line}`).join('\n')}\n`);
		if (crash === undefined) exitCode = EXIT.outcomeUnknown;
	}
	if (crash !== undefined) {
		const message = crash instanceof Error ? crash.message : String(crash);
		out.stderr.write(`loan-tui: the app stopped on an unexpected error: ${sanitize(message)}\n  The terminal was restored. Please report this with the steps that led to it.\n`);
	}
	return exitCode;
}
