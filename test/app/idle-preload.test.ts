// The other screens' code loads at the first pause: not while the symbol list loads, not while keys come, once.
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {preloadWhenIdle} from '../../source/app/idle-preload.js';

describe('preloadWhenIdle', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	function setUp(options: {loading?: boolean; lastKeyAt?: number} = {}) {
		let loading = options.loading ?? false;
		let settle: () => void = () => undefined;
		let lastKeyAt = options.lastKeyAt;
		const preload = vi.fn(() => Promise.resolve());
		const cancel = preloadWhenIdle({
			listLoading: () => loading,
			listSettled: () => new Promise<void>((resolve) => (settle = resolve)),
			lastKeyAt: () => lastKeyAt,
			preload,
			now: () => Date.now(),
			pauseMs: 1000,
		});
		return {
			preload,
			cancel,
			finishList: () => {
				loading = false;
				settle();
			},
			key: () => (lastKeyAt = Date.now()),
		};
	}

	/** Nothing loads one millisecond short of a pause; at the pause, the code loads once. */
	async function loadsAfterAPause(preload: ReturnType<typeof vi.fn>) {
		await vi.advanceTimersByTimeAsync(999);
		expect(preload).not.toHaveBeenCalled();
		await vi.advanceTimersByTimeAsync(1);
		expect(preload).toHaveBeenCalledTimes(1);
	}

	it('waits a pause with no key, then loads once', async () => {
		const idle = setUp();
		await loadsAfterAPause(idle.preload);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(idle.preload).toHaveBeenCalledTimes(1);
	});

	it('waits while keys keep coming, and a pause after the last one', async () => {
		const idle = setUp({lastKeyAt: Date.now()});
		for (let i = 0; i < 20; i++) {
			await vi.advanceTimersByTimeAsync(500);
			idle.key();
		}
		expect(idle.preload).not.toHaveBeenCalled();
		await loadsAfterAPause(idle.preload);
	});

	it('waits for the symbol list however long it loads, then a pause', async () => {
		const idle = setUp({loading: true});
		await vi.advanceTimersByTimeAsync(60_000);
		expect(idle.preload).not.toHaveBeenCalled();
		idle.finishList();
		await loadsAfterAPause(idle.preload);
	});

	it('loads nothing once cancelled (the app ended)', async () => {
		const idle = setUp({loading: true});
		await vi.advanceTimersByTimeAsync(1000);
		idle.cancel();
		idle.finishList();
		await vi.advanceTimersByTimeAsync(5000);
		expect(idle.preload).not.toHaveBeenCalled();
	});
});
