// The wait between two reads of `loan-tui watch`, with the clocks faked: the interval on the monotonic clock; a wall
// clock that jumps (a sleep, a clock change) ends it at once; SIGUSR1's wake and the stop signal end it too.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {waitBeforeRead, waitForNextRead} from '../../source/operations/watch-wait.js';

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

	it('is cut short when a reminder falls due before the interval ends, never below the shortest interval; a slowed-down wait stands', () => {
		const now = 1_000_000;
		expect(waitBeforeRead(3_600_000, 3_600_000, 10_000, undefined, now)).toBe(3_600_000);
		expect(waitBeforeRead(3_600_000, 3_600_000, 10_000, now + 1_800_000, now)).toBe(1_800_000);
		expect(waitBeforeRead(60_000, 60_000, 10_000, now + 1_800_000, now)).toBe(60_000);
		expect(waitBeforeRead(3_600_000, 3_600_000, 10_000, now - 5000, now)).toBe(10_000);
		// After a 429 the reads slow down (doubled waits): a reminder does not undo that.
		expect(waitBeforeRead(120_000, 60_000, 10_000, now + 1000, now)).toBe(120_000);
	});
});
