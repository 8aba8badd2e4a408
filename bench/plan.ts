// A loan plan with the chance of a margin call for thirty pledge coins, against the simulator in its own process with
// the rate limits on: the simulator's desk is started lending against thirty coins of its table (SimulatorOptions
// pledgeCoins), × 3 periods — 90 estimates at 10 per second, plus the coin list, the tickers, and each pledge pair's
// hourly and 4-hour candles (60 reads at 20 per second, in parallel with the estimates). Measured against the time the
// limits alone require: the later of the estimates' floor (the last ten leave 8 s after the first) and the candles'.
import {BitgetClient} from '../source/api/client.js';
import {OPERATIONS, PERIODS} from '../source/api/types.js';
import {planLoan} from '../source/operations/plan.js';
import {priceHistoryReader} from '../source/operations/price-history.js';
import {COINS} from '../source/simulator/coins.js';
import {add, addRatio} from './report.js';
import {SimProcess} from './sim.js';

/** Thirty coins of the simulator's table besides the loan coin, each with a USDT pair that trades (no offline ones:
 * they have no price to plan with). */
const PLEDGE_COIN_LIST = [...COINS.keys()].filter((coin) => coin !== 'USDT' && !['MATIC', 'FTT', 'LUNC', 'LUNA', 'SRM', 'BSV'].includes(coin)).slice(0, 30);
const PLEDGE_COINS = PLEDGE_COIN_LIST.length;
const ESTIMATES = PLEDGE_COINS * PERIODS.length;
/** Each pledge pair's hourly and 4-hour candles (the USDT pairs: no ratio to read). */
const CANDLE_READS = PLEDGE_COINS * 2;
const floorOf = (requests: number, perSecond: number) => (Math.ceil(requests / perSecond) - 1) * 1000;
const FLOOR_MS = Math.max(floorOf(ESTIMATES, OPERATIONS.estimate.perSecond), floorOf(CANDLE_READS, OPERATIONS.candles.perSecond));
const MAX_RATIO = 1.5;

export async function measurePlan(runs: number): Promise<void> {
	const sim = await SimProcess.start({pledgeCoins: ['USDT', ...PLEDGE_COIN_LIST]});
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
