// A loan plan with the chance of a margin call, against the simulator in its own process with the rate limits on:
// every pledge coin the simulator lends against (ten besides the loan coin USDT: fewer than thirty, so all of them)
// × 3 periods — 30 estimates at 10 per second, plus the coin list, the tickers, and each pledge pair's hourly and
// 4-hour candles (20 reads at 20 per second, in parallel with the estimates). Measured against the time the limits
// alone require: the later of the estimates' floor (the last ten leave 2 s after the first) and the candles' (one
// window of 20: none to wait).
import {BitgetClient} from '../source/api/client.js';
import {OPERATIONS, PERIODS} from '../source/api/types.js';
import {planLoan} from '../source/operations/plan.js';
import {priceHistoryReader} from '../source/operations/price-history.js';
import {add, addRatio} from './report.js';
import {SimProcess} from './sim.js';

const PLEDGE_COINS = 10;
const ESTIMATES = PLEDGE_COINS * PERIODS.length;
/** Each pledge pair's hourly and 4-hour candles (the USDT pairs: no ratio to read). */
const CANDLE_READS = PLEDGE_COINS * 2;
const floorOf = (requests: number, perSecond: number) => (Math.ceil(requests / perSecond) - 1) * 1000;
const FLOOR_MS = Math.max(floorOf(ESTIMATES, OPERATIONS.estimate.perSecond), floorOf(CANDLE_READS, OPERATIONS.candles.perSecond));
const MAX_RATIO = 1.5;

export async function measurePlan(runs: number): Promise<void> {
	const sim = await SimProcess.start({});
	const times: number[] = [];
	try {
		for (let i = 0; i < runs; i++) {
			await sim.reset();
			// A new client and reader per run: the limiters start empty and no pair is kept, as a command's are.
			const client = new BitgetClient({baseUrl: sim.url});
			try {
				const started = performance.now();
				const plan = await planLoan(client, {loanCoin: 'USDT', loanAmount: '10000', periods: PERIODS}, {priceHistory: priceHistoryReader(client)});
				const ms = performance.now() - started;
				const coins = new Set(plan.rows.map((row) => row.pledgeCoin)).size;
				if (coins !== PLEDGE_COINS || plan.rows.length !== ESTIMATES || plan.rows.some((row) => row.error !== undefined))
					throw new Error(`plan: ${plan.rows.length} rows of ${coins} coins, some not estimated`);
				const unread = plan.rows.filter((row) => row.chance === undefined || row.chance.status === 'unavailable');
				if (unread.length > 0) throw new Error(`plan: ${unread.length} rows without a chance read (${unread[0]!.pledgeCoin})`);
				times.push(ms);
			} finally {
				await client.close();
			}
			// The server counts per second: the next run starts in a fresh window.
			await new Promise((resolve) => setTimeout(resolve, 1100));
		}
		const floor = add({
			metric: `plan: what the rate limits alone require (${ESTIMATES} estimates at 10/s; ${CANDLE_READS} candle reads at 20/s beside them)`,
			unit: 'ms',
			samples: times.map(() => FLOOR_MS),
		});
		addRatio(`plan: ${PLEDGE_COINS} coins × 3 periods with candles against the simulator`, times, floor, MAX_RATIO, 'the rate limits alone');
	} finally {
		await sim.close();
	}
}
