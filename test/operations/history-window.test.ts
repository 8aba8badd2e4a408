import {describe, expect, it} from 'vitest';
import type {BitgetClient} from '../../source/api/client.js';
import {ServerClock} from '../../source/api/clock.js';
import type {BorrowRecord} from '../../source/api/loan-types.js';
import {readHistoryWindow} from '../../source/operations/history-window.js';

const DAY_MS = 86_400_000;

/** A server whose history holds `times` (epoch ms) and answers a window as Bitget does: start and end included. */
function serverWith(times: number[], clock: ServerClock) {
	const asked: Array<{startTime: number; endTime: number}> = [];
	const client = {
		clock,
		async history(_kind: string, query: {startTime: number; endTime: number}) {
			asked.push({startTime: query.startTime, endTime: query.endTime});
			const records = times
				.filter((time) => time >= query.startTime && time <= query.endTime)
				.map((time, i) => ({orderId: String(i + 1), borrowTime: String(time)}) as unknown as BorrowRecord);
			return {records, unreadable: 0};
		},
	};
	return {client: client as unknown as BitgetClient, asked};
}

describe('a history window read up to now', () => {
	it("takes in a record the server made just before the read, though this machine's estimate of its clock lags", async () => {
		const serverNow = 1_800_000_000_000;
		// The offset came from a slow round trip: the estimate here is 1.5 s behind the server's clock.
		const clock = new ServerClock(() => serverNow - 1_500);
		const {client, asked} = serverWith([serverNow - 200, serverNow - 2 * DAY_MS], clock);
		const window = await readHistoryWindow(client, 'borrowHistory', 30);
		expect(window.records.map((record) => Number((record as BorrowRecord).borrowTime))).toEqual([serverNow - 200, serverNow - 2 * DAY_MS]);
		// The window still spans the days asked for, counted back from now as estimated here.
		expect(asked[0]!.startTime).toBe(serverNow - 1_500 - 30 * DAY_MS);
	});

	it('leaves out what is older than the days asked for', async () => {
		const now = 1_800_000_000_000;
		const {client} = serverWith([now - 6 * DAY_MS, now - 8 * DAY_MS], new ServerClock(() => now));
		const window = await readHistoryWindow(client, 'borrowHistory', 7);
		expect(window.records).toHaveLength(1);
	});
});
