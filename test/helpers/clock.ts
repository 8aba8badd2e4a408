// Time in tests: deadlines and delays are checked on a faked clock (vi.useFakeTimers, setTimeout and clearTimeout
// only), never by reading the wall clock around a wait. I/O, setImmediate and promise callbacks stay real, so
// loopback HTTP and child processes work while the code's timers only move when the test moves them.
import {vi} from 'vitest';

/** The real ones, taken before any test fakes them. */
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

/** Fakes setTimeout and clearTimeout (undo with vi.useRealTimers(), in an afterEach). */
export function fakeTimeouts(): void {
	vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
}

/** Lets real I/O and promise callbacks run until `check` holds, within a bound that fails loudly (works with the
 * timers faked). */
export async function untilReal(check: () => boolean, what: string, withinMs = 15_000): Promise<void> {
	const deadline = realNow() + withinMs;
	while (!check()) {
		if (realNow() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => realSetTimeout(resolve, 2));
	}
}

/** Every promise callback that is due, run (one real turn of the event loop). */
export const settleMicrotasks = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise whose outcome can be read synchronously: `settled` turns true when it resolves or rejects. */
export function track<T>(promise: Promise<T>): {readonly settled: boolean; readonly value?: T; readonly error?: unknown} {
	const state: {settled: boolean; value?: T; error?: unknown} = {settled: false};
	promise.then(
		(value) => Object.assign(state, {settled: true, value}),
		(error: unknown) => Object.assign(state, {settled: true, error}),
	);
	return state;
}
