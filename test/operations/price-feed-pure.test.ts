// The price feed's arithmetic (pure): the reconnect back-off and the limit on what it sends.
import {describe, expect, it} from 'vitest';
import {backoffDelay, FEED_DEFAULTS, SendLimiter} from '../../source/operations/price-feed.js';

describe('backoffDelay', () => {
	const policy = {baseMs: 1_000, capMs: 60_000};

	it('doubles with each failure, half of it fixed and half jitter, up to the cap', () => {
		expect([1, 2, 3, 4].map((failures) => backoffDelay(failures, policy, () => 0))).toEqual([500, 1_000, 2_000, 4_000]);
		expect([1, 2, 3, 4].map((failures) => backoffDelay(failures, policy, () => 0.999_999))).toEqual([1_000, 2_000, 4_000, 8_000]);
		// 6 failures: 32 s, half fixed and half of the jitter; 7: 64 s, capped at 60.
		expect(backoffDelay(6, policy, () => 0.5)).toBe(24_000);
		expect(backoffDelay(7, policy, () => 0.5)).toBe(45_000);
		expect(backoffDelay(8, policy, () => 0)).toBe(30_000);
		expect(backoffDelay(8, policy, () => 0.999_999)).toBe(60_000);
		// Never beyond the cap, however many failures.
		expect(backoffDelay(10_000, policy, () => 0.999_999)).toBe(60_000);
	});

	it('the defaults: 1 s doubling to a minute; polling after 3 drops in 2 minutes, every 5 s, the stream resting 2 to 10 minutes; 5 messages sent a second', () => {
		expect(FEED_DEFAULTS).toMatchObject({
			backoff: {baseMs: 1_000, capMs: 60_000},
			dropsBeforePolling: 3,
			dropWindowMs: 120_000,
			streamPause: {baseMs: 120_000, capMs: 600_000},
			sendLimit: {messages: 5, perMs: 1_000},
			pollEveryMs: 5_000,
			pingEveryMs: 30_000,
		});
	});
});

describe('SendLimiter', () => {
	it('lets the limit through at once, then says how long until the oldest leaves the window', () => {
		const limiter = new SendLimiter({messages: 5, perMs: 1_000});
		for (let i = 0; i < 5; i++) {
			expect(limiter.waitMs(1_000 + i)).toBe(0);
			limiter.sent(1_000 + i);
		}
		expect(limiter.waitMs(1_004)).toBe(996);
		expect(limiter.waitMs(1_999)).toBe(1);
		expect(limiter.waitMs(2_000)).toBe(0);
	});

	it('never lets more than the limit into any window, however the sends fall', () => {
		const limiter = new SendLimiter({messages: 5, perMs: 1_000});
		const sent: number[] = [];
		// Someone asking to send every 37 ms for a minute: each goes at the first moment the limiter allows.
		for (let now = 0; now < 60_000; now += 37) {
			const at = now + limiter.waitMs(now);
			if (at !== now) continue;
			limiter.sent(at);
			sent.push(at);
		}
		for (const [i, at] of sent.entries()) expect(sent.filter((other, j) => j >= i && other < at + 1_000).length).toBeLessThanOrEqual(5);
		expect(sent.length).toBeGreaterThan(250);
	});
});
