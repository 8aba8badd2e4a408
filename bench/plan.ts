// A loan plan for 10 pledge coins × 3 periods (30 estimates at 10 per second, plus the coin list and the tickers)
// against the simulator in its own process, with the rate limits on: how long it takes against the time the limits
// alone require (30 requests at 10 a second: the last ten leave 2 s after the first).
import {BitgetClient} from '../source/api/client.js';
import {OPERATIONS, PERIODS} from '../source/api/types.js';
import {planLoan} from '../source/operations/plan.js';
import {add, addRatio} from './report.js';
import {SimProcess} from './sim.js';

const ESTIMATES = 30;
const FLOOR_MS = (Math.ceil(ESTIMATES / OPERATIONS.estimate.perSecond) - 1) * 1000;
const MAX_RATIO = 1.5;

export async function measurePlan(runs: number): Promise<void> {
	const sim = await SimProcess.start({});
	const times: number[] = [];
	try {
		for (let i = 0; i < runs; i++) {
			await sim.reset();
			// A new client per run: its limiter starts empty, as a command's does.
			const client = new BitgetClient({baseUrl: sim.url});
			try {
				const started = performance.now();
				const plan = await planLoan(client, {loanCoin: 'USDT', loanAmount: '10000', periods: PERIODS});
				const ms = performance.now() - started;
				if (plan.rows.length !== ESTIMATES || plan.rows.some((row) => row.error !== undefined))
					throw new Error(`plan: ${plan.rows.length} rows, some not estimated`);
				times.push(ms);
			} finally {
				await client.close();
			}
			// The server counts per second: the next run starts in a fresh window.
			await new Promise((resolve) => setTimeout(resolve, 1100));
		}
		const floor = add({metric: `plan: what the rate limits alone require (${ESTIMATES} estimates at 10/s)`, unit: 'ms', samples: times.map(() => FLOOR_MS)});
		addRatio('plan: 10 coins × 3 periods against the simulator', times, floor, MAX_RATIO, 'the rate limits alone');
	} finally {
		await sim.close();
	}
}
