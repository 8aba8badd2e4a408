// Loopback HTTP helpers for the simulator tests. Signatures are computed here with node:crypto (and openssl in
// auth.test.ts), independently of source/api/sign.ts.
import {createHmac} from 'node:crypto';
import {request} from 'undici';
import type {Credentials} from '../../source/api/types.js';
import {afterEach, vi} from 'vitest';
import {startSimulator, type Simulator} from '../../source/simulator/index.js';

export const SYMBOLS = '/api/v2/spot/public/symbols';
export const ESTIMATE = '/api/v2/earn/loan/public/hour-interest';
export const BORROW = '/api/v2/earn/loan/borrow';

export interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	raw: Buffer;
	text: string;
	json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads the shape of the reply it expects
}

/** One request; the body is read raw (undici's request does not decode content-encoding). */
export async function call(
	sim: Simulator,
	method: 'GET' | 'POST' | 'PUT' | 'DELETE',
	target: string,
	options: {headers?: Record<string, string>; body?: string} = {},
): Promise<Answer> {
	const res = await request(sim.url + target, {method, headers: options.headers, body: options.body});
	const raw = Buffer.from(await res.body.arrayBuffer());
	const text = raw.toString('utf8');
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return {status: res.statusCode, headers: res.headers, raw, text, json};
}

export function hmac(secret: string, message: string): string {
	return createHmac('sha256', secret).update(message, 'utf8').digest('base64');
}

/** The four credential headers for a request, signed over timestamp + METHOD + path + ?query + body. */
export function signed(creds: Credentials, method: string, path: string, query = '', body = '', timestamp = String(Date.now())): Record<string, string> {
	const message = timestamp + method + path + (query ? `?${query}` : '') + body;
	return {
		'ACCESS-KEY': creds.apiKey,
		'ACCESS-SIGN': hmac(creds.secretKey, message),
		'ACCESS-TIMESTAMP': timestamp,
		'ACCESS-PASSPHRASE': creds.passphrase,
		locale: 'en-US',
	};
}

/** A signed borrow with a JSON body. */
export function borrow(sim: Simulator, creds: Credentials, payload: unknown, extraHeaders: Record<string, string> = {}) {
	const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
	return call(sim, 'POST', BORROW, {
		headers: {...signed(creds, 'POST', BORROW, '', body), 'Content-Type': 'application/json', ...extraHeaders},
		body,
	});
}

/** Offset that puts the simulator's clock just past the start of a 1-second window, so a burst fits in one window
 * (with the clock frozen: freezeClock). */
export function windowStartOffset(): number {
	return 5 - (Date.now() % 1000);
}

/** Freezes Date (only: timers, I/O and HTTP stay real) for the rest of the test, and the simulator's clock with it
 * (it runs in this process): a burst then falls in one of its per-second windows however slow the machine. Undo with
 * vi.useRealTimers() in an afterEach. */
export function freezeClock(): void {
	vi.useFakeTimers({toFake: ['Date']});
}

/** Waits until Date.now() has moved on from `since` (a turn of the event loop at a time): two records made either
 * side of it have different times. */
export async function clockTicks(since = Date.now()): Promise<void> {
	while (Date.now() === since) await new Promise((resolve) => setImmediate(resolve));
}

/** `sim()` starts a simulator (with these defaults) that is closed after the current test. */
export function simulatorsPerTest(defaults: Parameters<typeof startSimulator>[0] = {}) {
	const open: Simulator[] = [];
	afterEach(async () => {
		await Promise.all(open.splice(0).map((s) => s.close()));
	});
	return async function sim(options?: Parameters<typeof startSimulator>[0]) {
		const s = await startSimulator({...defaults, ...options});
		open.push(s);
		return s;
	};
}
