// The wait between two reads of `loan-tui watch`, with the clocks faked: the interval on the monotonic clock; a wall
// clock that jumps (a sleep, a clock change) ends it at once; SIGUSR1's wake and the stop signal end it too.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {waitForNextRead} from '../../source/cli/watch/next-read.js';

describe('the wait for the next read', () => {
	afterEach(() => void vi.useRealTimers());
	const settled = (promise: Promise<void>) => {
		const state = {done: false};
		void promise.then(() => (state.done = true));
		return state;
	};

	it('ends after the interval, not before; a wall-clock jump ends it at the next look; wake and stop end it at once', async () => {
		vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance']});
		const never = () => undefined;
		const plain = settled(waitForNextRead(60_000, new AbortController().signal, never));
		await vi.advanceTimersByTimeAsync(59_999);
		expect(plain.done).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(plain.done).toBe(true);

		// The machine slept an hour: the wall clock moved, the monotonic one did not. The next look (within 5 s) reads.
		const slept = settled(waitForNextRead(60_000, new AbortController().signal, never));
		await vi.advanceTimersByTimeAsync(1000);
		vi.setSystemTime(Date.now() + 3_600_000);
		await vi.advanceTimersByTimeAsync(4000);
		expect(slept.done).toBe(true);

		let wake: () => void = never;
		const woken = settled(waitForNextRead(60_000, new AbortController().signal, (next) => (wake = next)));
		await vi.advanceTimersByTimeAsync(1000);
		expect(woken.done).toBe(false);
		wake();
		await vi.advanceTimersByTimeAsync(0);
		expect(woken.done).toBe(true);

		const stop = new AbortController();
		const stopped = settled(waitForNextRead(60_000, stop.signal, never));
		stop.abort();
		await vi.advanceTimersByTimeAsync(0);
		expect(stopped.done).toBe(true);
	});
});
