// Driving an Ink tree like a person: keys as a terminal sends them, and waiting for what the screen shows
// instead of sleeping for a fixed time. Every wait here waits for an event (a frame, a text) within a bound that fails
// loudly; none takes "nothing happened for N ms" as proof of anything.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import React from 'react';
import {render} from 'ink-testing-library';
import {App} from '../../source/app/App.js';
import {createAppServices, type ServiceOptions} from '../../source/app/create-services.js';
import {readConfig} from '../../source/runtime/config.js';
import type {AppServices} from '../../source/ui/services.js';
import type {StackState} from '../../source/app/screen-stack.js';
import {BitgetClient} from '../../source/api/client.js';
import type {Credentials} from '../../source/api/types.js';
import type {CredentialStore} from '../../source/credentials/types.js';
import {createKeyReader} from '../../source/ui/keys/key-reader.js';
import type {ScreenKeys} from '../../source/ui/keys/screen-input.js';
import type {Store} from '../../source/services/store.js';
import {moneyJournalAt, type MoneyJournal, type MoneyRecord} from '../../source/state/money-journal.js';

export const KEYS = {
	up: '\u001B[A',
	down: '\u001B[B',
	left: '\u001B[D',
	right: '\u001B[C',
	pageUp: '\u001B[5~',
	pageDown: '\u001B[6~',
	home: '\u001B[H',
	end: '\u001B[F',
	enter: '\r',
	escape: '\u001B',
	tab: '\t',
	shiftTab: '\u001B[Z',
	backspace: '\u007F',
	ctrlC: '\u0003',
	ctrlR: '\u0012',
	ctrlU: '\u0015',
	ctrlW: '\u0017',
} as const;

const ANSI = /\u001B\[[0-9;?]*[ -/]*[@-~]/g;

/** The bound on waiting for a key's frame. Every key the app handles draws one (the keypress layer commits once
 * per key, even when nothing else changes), so running into this bound is a failure, never "the key did nothing". */
const KEY_FRAME_TIMEOUT_MS = 10_000;

/** The default bound of waitFor / waitForText: generous, for a loaded two-core machine; it only fails slower. */
const WAIT_TIMEOUT_MS = 10_000;

/** One turn of the event loop (setImmediate: not touched by fake setTimeout/setInterval). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The real setTimeout and clock, taken before any test fakes them (vi.useFakeTimers): the waits here keep working
 * in a test that fakes the app's timers. */
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

export function plain(frame: string | undefined): string {
	return (frame ?? '').replace(ANSI, '');
}

/** Polls until the check passes (or throws its last failure after the timeout). */
export async function waitFor<T>(check: () => T, {timeout = WAIT_TIMEOUT_MS, interval = 10} = {}): Promise<T> {
	const deadline = realNow() + timeout;
	for (;;) {
		try {
			return check();
		} catch (error) {
			if (realNow() > deadline) throw error;
			await new Promise((resolve) => realSetTimeout(resolve, interval));
		}
	}
}

export interface RenderedApp {
	services: AppServices;
	frame(): string;
	/** The last frame with its escape codes. */
	rawFrame(): string;
	/** Sends keys one by one, each as its own chunk, the way a person types; after each, waits for the frame it drew
	 * (fails loudly when none comes: every handled key draws one). */
	press(...keys: string[]): Promise<void>;
	type(text: string): Promise<void>;
	/** Sends `data` as one chunk (a burst: several keys in one read), then waits for a frame per key in it. */
	burst(data: string): Promise<void>;
	/** Commits whatever React has pending, at once (and runs pending effects): after it, the frame is the state.
	 * "This key did nothing" is then shown without a pause: `await press(key)` (its frame drawn, so it was handled),
	 * `flush()`, and the frame still shows the state the key would have left (a review not "Sending", say). */
	flush(): void;
	/** A bracketed paste of `text`, as a terminal sends it. */
	paste(text: string): Promise<void>;
	waitForText(text: string | RegExp, timeout?: number): Promise<string>;
	waitForNoText(text: string | RegExp, timeout?: number): Promise<string>;
	unmount(): void;
	exited(): boolean;
}

export interface RenderAppOptions {
	baseUrl: string;
	credentials?: Credentials;
	demo?: boolean;
	env?: NodeJS.ProcessEnv;
	initial?: StackState;
	openStore?: () => Promise<CredentialStore>;
	clientOptions?: Partial<ConstructorParameters<typeof BitgetClient>[0]>;
	/** More of createAppServices' options (a money journal, a terminal writer for the copy key). */
	serviceOptions?: Partial<ServiceOptions>;
	/** The money record (tests pass emptyJournal() or scratchJournal(); never the person's own file). */
	journal?: MoneyJournal;
	/** Where the top screen's key table is published (to read it). */
	keysStore?: Store<ScreenKeys>;
	/** The --debug log's line writer (the price feed's drops and their reasons). */
	debug?: (line: string) => void;
	/** The terminal's size (ink-testing-library's is 100 columns, and no rows: the app then takes 30). */
	size?: {columns: number; rows: number};
}

/** A money journal in memory, empty: what the pipeline writes, without a disk's delays (tests of other things). */
export function emptyJournal(): MoneyJournal {
	const writes: MoneyRecord[] = [];
	let next = 0;
	const latest = () => [...new Map(writes.map((record) => [record.id, record])).values()];
	return {
		location: '(memory)',
		open: async (entry) => (writes.push({...entry, id: `m${++next}`, outcome: 'sending'}), writes.at(-1)!),
		update: async (record) => void writes.push({...record}),
		read: async () => ({records: latest().reverse(), unreadable: 0}),
	};
}

/** A money journal of its own, empty, in a new temporary directory (the real one: state/money-journal.ts). */
export function scratchJournal(): MoneyJournal {
	return moneyJournalAt(join(mkdtempSync(join(tmpdir(), 'loan-tui-journal-')), 'loan-tui'));
}

export async function renderApp(options: RenderAppOptions): Promise<RenderedApp> {
	const client = new BitgetClient({baseUrl: options.baseUrl, credentials: options.credentials, ...options.clientOptions});
	const fixed = options.demo && options.credentials ? {credentials: options.credentials, source: 'demo' as const, profile: 'default'} : undefined;
	const services = await createAppServices(
		{
			client,
			connectedTo: options.demo ? 'demo' : new URL(options.baseUrl).host,
			requireCredentials: async () => fixed!,
			...(options.debug ? {debug: options.debug} : {}),
		},
		{config: readConfig({demo: options.demo}, options.env ?? {}), openStore: options.openStore, journal: options.journal, ...options.serviceOptions},
	);
	let exited = false;
	const element = <App services={services} initial={options.initial} keysStore={options.keysStore} onQuit={() => (exited = true)} />;
	const instance = render(element);
	if (options.size) {
		// The terminal as resized to this size before anything is typed: the app follows it (ui/use-terminal-size.ts).
		const {columns, rows} = options.size;
		Object.defineProperty(instance.stdout, 'columns', {get: () => columns});
		Object.defineProperty(instance.stdout, 'rows', {get: () => rows});
		instance.stdout.emit('resize');
	}
	const frame = () => plain(instance.lastFrame());
	const contains = (text: string | RegExp) => (typeof text === 'string' ? frame().includes(text) : text.test(frame()));
	// ink-testing-library renders in debug mode: one frame per commit. The keypress layer (ui/keys/keypress-layer.tsx)
	// handles one key per commit and bumps its own counter with it, so every key it handles draws a frame, also one
	// that changes nothing on screen. So: wait for as many new frames as there are keys in the chunk (counted by the
	// app's own key reader), within a bound that fails loudly.
	const send = async (data: string) => {
		const reader = createKeyReader();
		const keys = Math.max(1, reader.push(data).length + reader.flush().length);
		const before = instance.frames.length;
		instance.stdin.write(data);
		// A lone Esc is held for one turn of the event loop by Ink's input parser and one by the app's key reader (it
		// could be the start of a sequence): let both pass, so the key is handed over before the frames are counted.
		await nextTurn();
		await nextTurn();
		await waitFor(
			() => {
				if (instance.frames.length < before + keys) {
					throw new Error(
						`${JSON.stringify(data)} (${keys} key${keys === 1 ? '' : 's'}) drew ${instance.frames.length - before} frame(s) within ${KEY_FRAME_TIMEOUT_MS} ms; last frame:\n${frame()}`,
					);
				}
			},
			{timeout: KEY_FRAME_TIMEOUT_MS, interval: 2},
		);
	};
	const press = async (...keys: string[]) => {
		for (const key of keys) await send(key);
	};
	// ink's render() of the same element again: legacy-mode React renders and commits it synchronously, with every update
	// still pending and the effects of the last commit.
	const flush = () => instance.rerender(element);
	const app: RenderedApp = {
		services,
		frame,
		rawFrame: () => instance.lastFrame() ?? '',
		press,
		async type(text) {
			for (const char of text) await press(char);
		},
		burst: send,
		paste: (text) => send(`\u001B[200~${text}\u001B[201~`),
		flush,
		waitForText(text, timeout) {
			return waitFor(
				() => {
					if (!contains(text)) throw new Error(`screen never showed ${String(text)}; last frame:\n${frame()}`);
					return frame();
				},
				{timeout},
			);
		},
		waitForNoText(text, timeout) {
			return waitFor(
				() => {
					if (contains(text)) throw new Error(`screen still shows ${String(text)}; last frame:\n${frame()}`);
					return frame();
				},
				{timeout},
			);
		},
		unmount() {
			instance.unmount();
			void client.close();
		},
		exited: () => exited,
	};
	// The footer appears once every key listener is attached: keys sent before that could be lost.
	await app.waitForText(/Esc (back|quit)/);
	return app;
}

/** Walks the borrow wizard from its first step to the review: USDT against BTC, the period (SEVEN, or THIRTY
 * with `thirty`), pledge-amount mode and `amount`. Resolves with the review's frame (or the frame showing `until`:
 * the credentials step, when none are found). */
export async function walkToReview(app: RenderedApp, amount: string, {thirty = false, until = 'Borrow? [y/N]' as string | RegExp} = {}): Promise<string> {
	await app.type('USDT');
	await app.press(KEYS.enter);
	await app.waitForText('Borrow · 2 of 6');
	await app.type('BTC');
	await app.press(KEYS.enter);
	await app.waitForText('Borrow · 3 of 6');
	await app.press(...(thirty ? [KEYS.down, KEYS.enter] : [KEYS.enter]));
	await app.waitForText('Borrow · 4 of 6');
	await app.press(KEYS.enter);
	await app.waitForText('Borrow · 5 of 6');
	await app.type(amount);
	await app.press(KEYS.enter);
	return app.waitForText(until);
}
