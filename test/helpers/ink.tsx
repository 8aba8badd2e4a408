// Driving an Ink tree like a person: keys as a terminal sends them, and waiting for what the screen shows
// instead of sleeping for a fixed time.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import React from 'react';
import {render} from 'ink-testing-library';
import {App} from '../../source/app/App.js';
import {createAppServices, type ServiceOptions} from '../../source/app/create-services.js';
import type {AppServices} from '../../source/ui/services.js';
import type {StackState} from '../../source/app/screen-stack.js';
import {BitgetClient} from '../../source/api/client.js';
import type {Credentials} from '../../source/api/types.js';
import type {CredentialStore} from '../../source/credentials/types.js';
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

/** How long a key may take to draw its frame before we take it that it changed nothing. */
const KEY_SETTLE_MS = 200;

export function plain(frame: string | undefined): string {
	return (frame ?? '').replace(ANSI, '');
}

/** Polls until the check passes (or throws its last failure after the timeout). */
export async function waitFor<T>(check: () => T, {timeout = 3000, interval = 10} = {}): Promise<T> {
	const deadline = Date.now() + timeout;
	for (;;) {
		try {
			return check();
		} catch (error) {
			if (Date.now() > deadline) throw error;
			await new Promise((resolve) => setTimeout(resolve, interval));
		}
	}
}

export interface RenderedApp {
	services: AppServices;
	frame(): string;
	/** The last frame with its escape codes. */
	rawFrame(): string;
	/** Sends keys one by one, each as its own chunk, the way a person types; after each, waits for the frame it drew. */
	press(...keys: string[]): Promise<void>;
	type(text: string): Promise<void>;
	/** Sends `data` as one chunk (a burst: several keys in one read), then waits for the frame it drew. */
	burst(data: string): Promise<void>;
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
		{client, connectedTo: options.demo ? 'demo' : new URL(options.baseUrl).host, requireCredentials: async () => fixed!},
		{env: options.env ?? {}, profile: 'default', demo: options.demo ?? false, openStore: options.openStore, journal: options.journal, ...options.serviceOptions},
	);
	let exited = false;
	const instance = render(<App services={services} initial={options.initial} onQuit={() => (exited = true)} />);
	const frame = () => plain(instance.lastFrame());
	const contains = (text: string | RegExp) => (typeof text === 'string' ? frame().includes(text) : text.test(frame()));
	// Keys are applied and drawn as they arrive (ink-testing-library renders in debug mode: one frame per commit).
	// Wait for that frame rather than for a fixed time; a key that changes nothing draws none, and after
	// KEY_SETTLE_MS we go on.
	const send = async (data: string) => {
		const before = instance.frames.length;
		instance.stdin.write(data);
		await waitFor(() => {
			if (instance.frames.length === before) throw new Error('no new frame yet');
		}, {timeout: KEY_SETTLE_MS, interval: 2}).catch(() => undefined);
	};
	const press = async (...keys: string[]) => {
		for (const key of keys) await send(key);
	};
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
		waitForText(text, timeout) {
			return waitFor(() => {
				if (!contains(text)) throw new Error(`screen never showed ${String(text)}; last frame:\n${frame()}`);
				return frame();
			}, {timeout});
		},
		waitForNoText(text, timeout) {
			return waitFor(() => {
				if (contains(text)) throw new Error(`screen still shows ${String(text)}; last frame:\n${frame()}`);
				return frame();
			}, {timeout});
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
 * with `thirty`), pledge-amount mode and `amount`. Resolves with the review's frame. */
export async function walkToReview(app: RenderedApp, amount: string, {thirty = false} = {}): Promise<string> {
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
	return app.waitForText('Borrow? [y/N]');
}
