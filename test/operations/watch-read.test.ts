// One read of the watch (operations/watch-read.ts) stopped while its two requests are out: it ends with the stop, and
// neither request's rejection is left unhandled (one would end the process: `loan-tui watch` stopped by SIGTERM while
// a read was out crashed so, in test/cli/watch-guardian.test.ts on a loaded machine).
import {afterEach, describe, expect, it} from 'vitest';
import {readWatch} from '../../source/operations/watch-read.js';
import {settleMicrotasks} from '../helpers/clock.js';

describe('readWatch stopped', () => {
	const unhandled: unknown[] = [];
	const onUnhandled = (reason: unknown) => unhandled.push(reason);
	process.on('unhandledRejection', onUnhandled);
	afterEach(() => {
		unhandled.length = 0;
	});

	it.each([
		['the loans first, the prices a turn later', 0, 1],
		['the prices first, the loans a turn later', 1, 0],
	])('%s: rejects with the stop, and leaves no rejection unhandled', async (_order, loansTurns, pricesTurns) => {
		const controller = new AbortController();
		const {signal} = controller;
		/** A request that fails like the client's when stopped: with the signal's reason, `turns` turns after the stop. */
		const stoppable = (turns: number) =>
			new Promise<never>((_resolve, reject) =>
				signal.addEventListener(
					'abort',
					async () => {
						for (let turn = 0; turn < turns; turn++) await settleMicrotasks();
						reject(signal.reason);
					},
					{once: true},
				),
			);
		const client = {
			clock: {now: () => 1_700_000_000_000},
			ongoingOrderPage: () => stoppable(loansTurns),
			tickers: () => stoppable(pricesTurns),
			history: () => stoppable(0),
		};
		const read = readWatch(client as unknown as Parameters<typeof readWatch>[0], {watching: [], signal});
		controller.abort();
		await expect(read).rejects.toBe(signal.reason);
		for (let turn = 0; turn < 3; turn++) await settleMicrotasks();
		expect(unhandled).toEqual([]);
	});
});
