// The price feed's arithmetic (pure): the reconnect back-off and the flood guard.
import {describe, expect, it} from 'vitest';
import {backoffDelay, FEED_DEFAULTS, FloodGuard} from '../../source/operations/price-feed.js';

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

	it('the defaults: 1 s doubling to a minute; polling after 3 failures, every 5 s', () => {
		expect(FEED_DEFAULTS).toMatchObject({backoff: {baseMs: 1_000, capMs: 60_000}, failuresBeforePolling: 3, pollEveryMs: 5_000, pingEveryMs: 30_000});
	});
});

describe('FloodGuard', () => {
	it('lets a burst through, then 10 a second, and refuses what is beyond', () => {
		const guard = new FloodGuard(() => 30);
		for (let i = 0; i < 30; i++) expect(guard.allow(1_000)).toBe(true);
		expect(guard.allow(1_000)).toBe(false);
		// A second later, ten more.
		for (let i = 0; i < 10; i++) expect(guard.allow(2_000 + i)).toBe(true);
		expect(guard.allow(2_010)).toBe(false);
	});

	it('10 a second, sustained, is never refused', () => {
		const guard = new FloodGuard(() => 30);
		for (let i = 0; i < 1_000; i++) expect(guard.allow(i * 100)).toBe(true);
	});
});
