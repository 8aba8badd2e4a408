// A price pushed on the ticker stream → the Loans screen's projected LTV: the app in a pseudo-terminal over the
// simulator in its own process, the demo's two loans. The time runs from the moment the simulator wrote the new
// price to its socket until the new "LTV ≈… (live)" is in the app's output, on the clock every process of the
// machine shares (performance.timeOrigin + now). Prices alternate on each side of ETH's read price so that each
// push shows a new figure, and stay under the margin call so that no level changes.
import {Pty} from './pty.js';
import {addLimit} from './report.js';
import {DEMO_CREDENTIAL_ENV, SimProcess} from './sim.js';

const BUDGET_MS = 100;
const PUSHES = 20;
/** The demo's ETH loan, read at 75.73 % with ETH at 1,545 USDT (source/simulator/loan-book.ts). */
const READ = {ltv: 75.73, price: 1545};
const PRICES = ['1480', '1520'];

const LIVE_LTV = /LTV ≈(\d+\.\d+)% \(live\)/g;

/** The app's projection of the ETH loan at `price` (L × P_read / P_now), within the rounding of a later read. */
const shows = (text: string, price: string) =>
	[...text.matchAll(LIVE_LTV)].some((match) => Math.abs(Number(match[1]) - (READ.ltv * READ.price) / Number(price)) < 0.05);

export async function measureLivePrice(cli: string, env: NodeJS.ProcessEnv, runs: number): Promise<void> {
	const latencies: number[] = [];
	for (let run = 0; run < runs; run++) {
		const sim = await SimProcess.start({demoLoans: true});
		const pty = new Pty([process.execPath, cli, '--base-url', sim.url], {...env, ...DEMO_CREDENTIAL_ENV});
		try {
			await pty.waitFor((text) => text.includes('? this help'));
			await pty.press('4', (text) => text.includes('LIQ AT'));
			const deadline = performance.now() + 30_000;
			while (!(await sim.subscribed()).includes('ETHUSDT')) {
				if (performance.now() > deadline) throw new Error('the app never subscribed to ETHUSDT');
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
			for (let push = 0; push < PUSHES; push++) {
				const price = PRICES[push % PRICES.length]!;
				const since = pty.mark();
				const written = await sim.setPrice('ETH', price);
				const shown = performance.timeOrigin + (await pty.waitFor((text) => shows(text, price), since, 10_000));
				latencies.push(shown - written);
			}
		} finally {
			await pty.quit();
			await sim.close();
		}
	}
	addLimit(
		`live LTV: a price pushed on the stream → on the Loans screen (${PUSHES} pushes a run), slowest`,
		'ms',
		latencies,
		BUDGET_MS,
		Math.max(...latencies),
	);
}
