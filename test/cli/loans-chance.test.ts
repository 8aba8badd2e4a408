// `loan-tui loans --json` and the table: each loan's chance of a margin call before its term ends, checked against the
// formula worked out here from the candles the simulator serves over loopback (never through the app's own code).
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

const HOUR_MS = 3_600_000;

/** What the test reads of a loan in `loans --json`. */
interface JsonLoan {
	orderId: string;
	price: {price: string};
	prices: {marginCallPrice: string; liquidationPrice: string};
	chance: {
		status: string;
		reason?: string;
		volatility: number;
		horizonDays: number;
		marginCallProbability: number;
		liquidationProbability: number;
		marginCallHistory?: {windowDays: number};
	};
}

/** The standard normal CDF by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7): another formula than the app's. */
function normalCdf(x: number): number {
	const z = Math.abs(x) / Math.SQRT2;
	const t = 1 / (1 + 0.3275911 * z);
	const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
	return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

describe('loans: the chance of a margin call', () => {
	const sim = useSimulator();
	const run = (args: string[]) => runCli([...args, '--base-url', sim.simulator.url], {env: TEST_CREDENTIAL_ENV});

	it('--json: the probability is 2·N(ln(B/S)/(σ√T)) with σ from the last 30 days of hourly closes; a new listing says "no history"', async () => {
		const client = sim.client();
		const btc = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '1'});
		// ETH listed 5 days ago: too few hourly candles for the 30 days the volatility needs.
		const young = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'SEVEN', pledgeAmount: '10'});
		sim.simulator.loans.setListedAt('ETH', Date.now() - 5 * 24 * HOUR_MS);
		const result = await run(['loans', '--json']);
		expect(result.code, result.stderr).toBe(0);
		const json = JSON.parse(result.stdout) as {loans: JsonLoan[]};
		const loanOf = (orderId: string) => json.loans.find((loan) => loan.orderId === orderId)!;

		expect(loanOf(young.orderId).chance).toMatchObject({status: 'no history'});
		expect(loanOf(young.orderId).chance.reason).toMatch(/hourly/);

		const loan = loanOf(btc.orderId);
		expect(loan.chance).toMatchObject({status: 'ok', horizonDays: 30, flexibleAssumed30Days: true, marginCallReached: false, liquidationReached: false});
		// The same candles, read here: σ from the hourly closes of the 30 days to the last one (a gap of k hours counts its
		// return ÷ √k), a sample variance annualized over 24 × 365 hours.
		const candles = (await client.candles('BTCUSDT', {granularity: '1h', limit: 720})).records;
		const last = candles.at(-1)!.ts;
		const closes = candles.filter((candle) => candle.ts > last - 30 * 24 * HOUR_MS);
		const returns = closes
			.slice(1)
			.map((candle, i) => Math.log(Number(candle.close) / Number(closes[i]!.close)) / Math.sqrt((candle.ts - closes[i]!.ts) / HOUR_MS));
		const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
		const sigma = Math.sqrt((returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1)) * 24 * 365);
		const S = Number(loan.price.price);
		const years = loan.chance.horizonDays / 365;
		const probability = (barrier: number) => Math.min(1, 2 * normalCdf(Math.log(barrier / S) / (sigma * Math.sqrt(years))));
		// The simulator's path is laid back from the price now, so the hour in progress moves a little between the
		// command's read and this one: close, not equal.
		expect(loan.chance.volatility).toBeCloseTo(sigma, 2);
		const call = probability(Number(loan.prices.marginCallPrice));
		const liquidation = probability(Number(loan.prices.liquidationPrice));
		expect(call).toBeGreaterThan(0.05);
		expect(Math.abs(loan.chance.marginCallProbability - call) / call).toBeLessThan(0.03);
		expect(Math.abs(loan.chance.liquidationProbability - liquidation) / liquidation).toBeLessThan(0.05);
		expect(loan.chance.marginCallHistory).toMatchObject({windowDays: 30});

		// The table: the column, "no history" for the new listing, and the disclaimer once.
		const table = await run(['loans', '--wide']);
		expect(table.stdout).toMatch(new RegExp(`^${btc.orderId}.*\\s\\d+(\\.\\d)?%\\s+(ok|WARN|MARGIN CALL|LIQUIDATION NEAR)$`, 'm'));
		expect(table.stdout).toMatch(new RegExp(`^${young.orderId}.*\\sno history\\s+(ok|WARN|MARGIN CALL|LIQUIDATION NEAR)$`, 'm'));
		expect(table.stdout.match(/A model from past prices, not a promise\./g)).toHaveLength(1);
		// One loan: the sentence after the risk.
		const detail = await run(['loans', btc.orderId]);
		expect(detail.stdout).toMatch(/Chance\s+BTC moved \d+% a year over the last 30 days: a .* chance of a margin call within 30 days/);
		expect(detail.stdout).toContain('a flexible loan: 30 days assumed');
	});
});
