// The interactive app's entry: loaded only when `loan-tui` runs without a subcommand on a terminal. It draws the
// home menu first: the client, keychain, symbol cache, local history (start-services.ts) and the other screens'
// code load just after that frame is on the screen, in chunks of their own.
import React from 'react';
import {render, type Instance} from 'ink';
import {EXIT, type ExitCode} from '../runtime/exit-codes.js';
import {reportFailure, type Output} from '../runtime/output.js';
import {connectedTo, type Config} from '../runtime/config.js';
import type {Session} from '../runtime/session.js';
import {sanitize} from '../format/sanitize.js';
import type {AppServices, ShellServices} from '../ui/services.js';
import {quittingLines} from '../operations/outcome-words.js';
import {EarlyReads} from '../api/early-reads.js';
import {publicHeaders, USER_AGENT} from '../api/public-headers.js';
import {App} from './App.js';
import {createShellServices} from './shell-services.js';
import {enterAlternateScreen} from './terminal.js';

/** Exit statuses for a signal, as shells report them (128 + signal number). */
const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = {SIGHUP: 129, SIGINT: 130, SIGTERM: 143};
/** After a signal interrupts a money POST: how long its outcome may take to be recorded, and to stay on screen. */
const SIGNAL_SETTLE_MS = 2000;
const SHOW_UNKNOWN_MS = 300;
/** Uncaught errors after which the app ends at once instead of in order: one crash unwinds (the money settles, the
 * session closes), a loop that throws on every turn does not. */
const CRASHES_BEFORE_ENDING_NOW = 50;

export interface RunHooks {
	/** Runs once after the first frame, when the services' code has loaded and before they (and with them the HTTP
	 * client) are made; `debug` writes a line to the --debug log when there is one. */
	beforeServices?: (debug: (line: string) => void) => void;
}

export async function runApp(config: Config, out: Output, hooks: RunHooks = {}): Promise<ExitCode | number> {
	// A --debug log would tear the screen: keep it only when stderr is redirected away from the terminal.
	const debug = config.debug && !process.stderr.isTTY;
	// The demo's simulator starts with the services: nothing can be asked of it before them.
	const early = config.demo ? undefined : new EarlyReads(config.baseUrl, publicHeaders(config.locale, USER_AGENT));
	const shell = createShellServices(connectedTo(config), config, early);
	const startup = servicesAfterFirstFrame({...config, debug}, out, hooks);
	const {instance, restoreScreen} = showApp(shell, startup);
	const exits = followExits(instance, startup.services, (crash) => {
		// The app could not end in order: give the terminal back and say why (if it is still there), and end now.
		try {
			restoreScreen();
			out.stderr.write(crashLines(crash));
		} finally {
			process.exit(1);
		}
	});
	try {
		await instance.waitUntilExit();
	} catch (error) {
		exits.crashed(error);
	} finally {
		exits.stopSignals();
		instance.cleanup();
		if (process.stdin.isTTY) process.stdin.setRawMode(false);
		restoreScreen();
		exits.stopCrashes();
		early?.close();
		await closeDown(startup);
	}
	return lastWords(out, config, startup, exits);
}

/** The session and services, made once the first frame is on the screen (`start`), then the other screens' code. */
interface Startup {
	/** Resolves with the services once made: the App waits for them (use-late-services.ts). */
	ready: Promise<AppServices>;
	/** `stop` ends the app when the services cannot be made. */
	start(shell: ShellServices, stop: () => void): void;
	/** The app is over: nothing starts any more. */
	end(): void;
	/** Made after the first frame; until then no screen but home can show, so no money POST can be out. */
	services(): AppServices | undefined;
	session(): Promise<Session | undefined> | undefined;
	/** The services could not be made (the demo's simulator): reported after the screen is restored. */
	failure(): unknown;
	/** What the keychain did on its own (an old keytar item moved): said after the screen is restored, not across it. */
	keychainNotices: string[];
}

/** `config.debug`: only when the --debug log goes away from the terminal (runApp). */
function servicesAfterFirstFrame(config: Config, out: Output, hooks: RunHooks): Startup {
	let services: AppServices | undefined;
	let made: ((services: AppServices) => void) | undefined;
	const ready = new Promise<AppServices>((resolve) => (made = resolve));
	let session: Promise<Session | undefined> | undefined;
	let failure: unknown;
	let over = false;
	const keychainNotices: string[] = [];
	const start = (shell: ShellServices, stop: () => void) => {
		if (session || over) return;
		const started = import('./start-services.js').then(({startServices}) => {
			// Not before the import: V8's settings (cli/v8-memory.ts) keep the young generation small, and loading this
			// code with it small took ~25 ms longer (bench/explorer.ts, a key pressed at the first frame).
			hooks.beforeServices?.((line) => {
				if (config.debug) out.stderr.write(`debug: ${line}\n`);
			});
			return startServices(config, out, shell, (line) => keychainNotices.push(line));
		});
		session = started.then(
			(result) => {
				services = result.services;
				made?.(result.services);
				return result.session;
			},
			(error: unknown) => {
				failure ??= error;
				stop();
				return undefined;
			},
		);
	};
	const end = () => {
		over = true;
	};
	return {ready, start, end, services: () => services, session: () => session, failure: () => failure, keychainNotices};
}

/** Draws the app on the alternate screen; `restoreScreen` gives the terminal back as it was. */
function showApp(shell: ShellServices, startup: Startup): {instance: Instance; restoreScreen: () => void} {
	const restoreScreen = enterAlternateScreen(process.stdout);
	// 60 fps keeps a second render close behind the first. (Ink 6.8's incrementalRendering loses the top line of a
	// full-screen frame: left off, and test/terminal/hygiene.test.ts checks the top line.)
	// Raw before the first frame: the footer (keys work) is drawn with the menu, without waiting for a second frame.
	// A key typed before Ink's listener attaches waits in the terminal, unechoed. Ink turns raw mode off on unmount.
	process.stdin.setRawMode(true);
	const instance = render(<App services={{shell, ready: startup.ready}} keysLive />, {exitOnCtrlC: false, patchConsole: true, maxFps: 60});
	// The services start once the first frame (home menu and footer) is on the screen: Ink writes it within render()
	// (the leading edge of its frame throttle), so as soon as render() returns. Their modules then load while React
	// finishes the first frame's effects and a second render: started from the App's first effects instead, a key
	// pressed at once was handled first and the list it asked for went out ~50 ms later (bench/explorer.ts).
	startup.start(shell, () => instance.unmount());
	return {instance, restoreScreen};
}

/** How the app ended: the exit status so far, and the crash that ended it, if one did. */
interface Exits {
	code: number;
	crash: unknown;
	crashed(error: unknown): void;
	stopSignals(): void;
	stopCrashes(): void;
}

/**
 * Every way out ends the same way: Ink unmounts (raw mode off, cursor shown), then the screen is restored.
 * A signal while a money POST is out first interrupts it, so the outcome-unknown screen shows and the outcome
 * is recorded; then the app exits (at once on a second signal). Nothing more is posted after a signal.
 */
function followExits(instance: Instance, services: () => AppServices | undefined, endNow: (crash: unknown) => void): Exits {
	let crashes = 0;
	let leaving = false;
	const onSignal = (signal: NodeJS.Signals) => {
		exits.code = SIGNAL_EXIT[signal] ?? 1;
		const money = services()?.money;
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
		// Node's timers, once broken by an error thrown in the wrong place, throw again on every turn: the app then ran
		// at full CPU, its memory growing, long after its terminal had gone (test/terminal/hygiene.test.ts).
		if (++crashes > CRASHES_BEFORE_ENDING_NOW) endNow(exits.crash ?? error);
		exits.crash ??= error;
		exits.code = 1;
		instance.unmount();
	};
	const signals = Object.keys(SIGNAL_EXIT) as NodeJS.Signals[];
	const exits: Exits = {
		code: EXIT.ok,
		crash: undefined,
		crashed: onCrash,
		stopSignals: () => {
			for (const signal of signals) process.off(signal, onSignal);
		},
		stopCrashes: () => {
			process.off('uncaughtException', onCrash);
			process.off('unhandledRejection', onCrash);
		},
	};
	for (const signal of signals) process.on(signal, onSignal);
	process.on('uncaughtException', onCrash);
	process.on('unhandledRejection', onCrash);
	return exits;
}

/** After the terminal is restored: what is still open is closed, and what is on its way is let arrive. */
async function closeDown(startup: Startup): Promise<void> {
	// A quit before the services were started leaves nothing to close, and they are not started any more.
	startup.end();
	await startup.services()?.inputs.flush();
	// A check still reading stops here and records what it learned; nothing can be sent any more.
	startup.services()?.money?.close();
	await startup.services()?.money?.settled(SIGNAL_SETTLE_MS);
	await (await startup.session())?.close().catch(() => undefined);
}

/** The crash's words, once the terminal is restored: its message made inert, never a stack trace. */
function crashLines(crash: unknown): string {
	const message = crash instanceof Error ? crash.message : String(crash);
	return `loan-tui: the app stopped on an unexpected error: ${sanitize(message)}\n  The terminal was restored. Please report this with the steps that led to it.\n`;
}

/** What is said in the shell after the screen is restored, and the exit status. */
function lastWords(out: Output, config: Config, startup: Startup, exits: Exits): ExitCode | number {
	const {keychainNotices} = startup;
	if (keychainNotices.length > 0) out.stderr.write(`${keychainNotices.map((line) => `loan-tui: ${line}`).join('\n')}\n`);
	const failure = startup.failure();
	if (failure !== undefined) return reportFailure(out, failure, config.debug);
	// After the terminal is restored, so the line stays in the shell: a money POST interrupted on the way out.
	// Every outcome that stayed unknown this session, whether interrupted or answered unclearly: exit 3.
	const quitting = quittingLines(startup.services()?.money?.outcomes() ?? []);
	let exitCode = exits.code;
	if (quitting.length > 0) {
		out.stderr.write(`${quitting.map((line) => `loan-tui: ${line}`).join('\n')}\n`);
		if (exits.crash === undefined) exitCode = EXIT.outcomeUnknown;
	}
	if (exits.crash !== undefined) out.stderr.write(crashLines(exits.crash));
	return exitCode;
}
