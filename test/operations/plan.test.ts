// The plan and the estimate by loan amount against the simulator over loopback HTTP.
import Big from 'big.js';
import {describe, expect, it} from 'vitest';
import {InputError} from '../../source/api/errors.js';
import {estimateByLoanAmount, withinRounding} from '../../source/operations/loan-amount-estimate.js';
import {periodHorizon} from '../../source/loans/chance.js';
import {chanceFrom} from '../../source/operations/loan-chance.js';
import {planLoan, planScope, sortRows, type PlanProgress, type PlanRow, type PlanSort} from '../../source/operations/plan.js';
import {priceHistoryReader, type PriceHistory, type PriceHistoryReader} from '../../source/operations/price-history.js';
import {readPrices} from '../../source/operations/prices.js';
import {quotePrice} from '../../source/loans/prices.js';
import {useSimulator} from '../helpers/simulator.js';

const ALL = ['SEVEN', 'THIRTY', 'FLEXIBLE'] as const;

describe('estimate by loan amount', () => {
	const sim = useSimulator({rateLimits: false});

	it('derives the pledge from one request and checks it with a second at that pledge', async () => {
		sim.simulator.setPrice('BTC', '90000');
		const result = await estimateByLoanAmount(sim.client(), {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '10000'}, {check: true});
		expect(result).toMatchObject({pledgeAmount: '0.15873016', derived: true, reference: {pledgeAmount: '1'}, check: {agrees: true}});
		const estimates = sim.simulator.requests.filter((r) => r.operation === 'estimate');
		expect(estimates.map((r) => new URLSearchParams(r.query).get('pledgeAmount'))).toEqual(['1', '0.15873016']);
	});

	it('reports a disagreement beyond the server rounding (a price moved between the two requests)', () => {
		const reference = {pledgeAmount: '1', estimate: {loanAmount: '63000', hourInterest: '0.38871'}};
		const promised = {loanAmount: '10000', hourInterest: '0.0617'};
		expect(withinRounding(reference, promised, {loanAmount: '10000.00063', hourInterest: '0.0617'})).toBe(true);
		expect(withinRounding(reference, promised, {loanAmount: '9000', hourInterest: '0.05553'})).toBe(false);
	});
});

describe('a loan plan (simulator over loopback)', () => {
	const sim = useSimulator();

	it('every pledge coin and period: collateral, APR, initial LTV, call and liquidation prices; at most 10 estimates a second', async () => {
		sim.simulator.setPrice('BTC', '90000');
		const progress: PlanProgress[] = [];
		const plan = await planLoan(sim.client(), {loanCoin: 'USDT', loanAmount: '10000', periods: ALL}, {onProgress: (p) => progress.push(p)});
		expect(plan.prices).toEqual({status: 'ok'});
		expect(plan.rows).toHaveLength(30);
		expect(new Set(plan.rows.map((row) => row.pledgeCoin)).size).toBe(10);
		expect(plan.rows.every((row) => row.error === undefined)).toBe(true);
		expect(progress.at(-1)).toEqual({done: 30, total: 30});
		expect(progress.map((p) => p.done)).toEqual([...Array(31).keys()]);
		const btc = plan.rows.find((row) => row.pledgeCoin === 'BTC' && row.period === 'SEVEN')!;
		expect(btc.estimate).toMatchObject({pledgeAmount: '0.15873016', pledgeUsdt: '14285.71', derived: true});
		expect(btc.price).toMatchObject({status: 'ok', price: '90000', source: 'direct', stale: false});
		expect(new Big(btc.prices!.marginCallPrice).round(0).toFixed()).toBe('78750'); // 90,000 × 0.7 / 0.8
		expect(new Big(btc.prices!.liquidationPrice).round(0).toFixed()).toBe('70000'); // 90,000 × 0.7 / 0.9
		// By cost: the lowest APR first, then the least collateral; USDT's 7-day rate is its cheapest.
		const aprs = plan.rows.map((row) => new Big(row.estimate!.apr!));
		for (let i = 1; i < aprs.length; i++) expect(aprs[i]!.gte(aprs[i - 1]!)).toBe(true);
		// One estimate per coin and period, each answered. The client keeps to 10 a second; on a loaded machine its
		// requests can still reach the server bunched into one window, and one the server answered 429 is asked again.
		const estimates = sim.simulator.requests.filter((r) => r.operation === 'estimate' && r.status !== 429);
		expect(estimates).toHaveLength(30);
		expect(estimates.every((r) => r.status === 200)).toBe(true);
	});

	it('by safety: the farthest from liquidation first; a coin without a price last, as "no price"', async () => {
		sim.simulator.loans.hideTickers('SOL', true);
		const plan = await planLoan(sim.client(), {loanCoin: 'USDT', loanAmount: '1000', periods: ['SEVEN'], sort: 'safety'});
		const last = plan.rows.at(-1)!;
		expect(last).toMatchObject({pledgeCoin: 'SOL', price: {status: 'no price'}});
		expect(last.prices).toBeUndefined();
		expect(last.estimate?.pledgeAmount).toBeDefined();
		const distances = plan.rows.slice(0, -1).map((row) => new Big(row.prices!.liquidationDistance));
		for (let i = 1; i < distances.length; i++) expect(distances[i]!.lte(distances[i - 1]!)).toBe(true);
	});

	it('tickers failing: the plan is whole, its prices "unavailable"', async () => {
		sim.simulator.injectFault({kind: 'html-500', operation: 'tickers', times: Number.POSITIVE_INFINITY});
		const plan = await planLoan(sim.client({getTimeoutMs: 2_000}), {loanCoin: 'USDT', loanAmount: '1000', periods: ['THIRTY']});
		expect(plan.prices.status).toBe('unavailable');
		expect(plan.rows).toHaveLength(10);
		expect(plan.rows.every((row) => row.estimate !== undefined && row.price.status === 'unavailable')).toBe(true);
	});

	it("an amount outside the loan coin's limits is refused before any estimate", async () => {
		await expect(planLoan(sim.client(), {loanCoin: 'USDT', loanAmount: '1', periods: ['SEVEN']})).rejects.toThrow(InputError);
		await expect(planLoan(sim.client(), {loanCoin: 'USDT', loanAmount: '1', periods: ['SEVEN']})).rejects.toThrow(/below Bitget's minimum borrow of 10 USDT/);
		expect(sim.simulator.requests.filter((r) => r.operation === 'estimate')).toHaveLength(0);
	});

	// The REST ts is the answer's time, not the price's (reference D.4): a REST price's age runs from when it was
	// received, never from its ts. Times on a fake clock: no wall-clock assertion.
	it("a REST price's age is counted from its receipt: stale 60 s after it, whatever the answer's ts says", async () => {
		let now = 1_900_000_000_000;
		const tickers = async () => ({records: [{symbol: 'BTCUSDT', lastPr: '26800', ts: '1000'}], unreadable: 0});
		const prices = await readPrices({tickers, clock: {now: () => now}} as unknown as Parameters<typeof readPrices>[0]);
		expect(quotePrice(prices, 'BTC', 'USDT', now)).toMatchObject({status: 'ok', ageMs: 0, stale: false});
		now += 60_000;
		expect(quotePrice(prices, 'BTC', 'USDT', now)).toMatchObject({status: 'ok', ageMs: 60_000, stale: false});
		now += 1;
		expect(quotePrice(prices, 'BTC', 'USDT', now)).toMatchObject({status: 'ok', stale: true});
	});

	it("the simulator's REST ts is the answer's time: an old pushed ts (setTickerAge) does not make a read price stale", async () => {
		sim.simulator.loans.setTickerAge(120_000);
		const client = sim.client();
		const prices = await readPrices(client);
		expect(quotePrice(prices, 'BTC', 'USDT', client.clock.now())).toMatchObject({status: 'ok', stale: false});
	});
});

describe("a plan's chance of a margin call (simulator's candles over loopback)", () => {
	const sim = useSimulator();

	it("each row with a price: the chance over its period from its pledge pair's series, the candles read once per pair; TON: no history", async () => {
		const client = sim.client();
		const reader = priceHistoryReader(client);
		const progress: PlanProgress[] = [];
		const plan = await planLoan(client, {loanCoin: 'USDT', loanAmount: '10000', periods: ALL}, {priceHistory: reader, onProgress: (p) => progress.push(p)});
		expect(plan.rows).toHaveLength(30);
		// Read once per pair (hourly and 4-hourly candles each once), not once per period.
		const candles = sim.simulator.requests.filter((r) => r.operation === 'candles' && r.status !== 429);
		expect(new Set(candles.map((r) => r.query)).size).toBe(candles.length);
		expect(candles).toHaveLength(20);
		expect(progress.at(-1)).toEqual({done: 30, total: 30, histories: {done: 10, total: 10}});
		for (const row of plan.rows) {
			if (row.pledgeCoin === 'TON') {
				expect(row.chance, row.period).toMatchObject({status: 'no history'});
				continue;
			}
			// The same reader: the series the plan read, from memory.
			const history = await reader.read(row.pledgeCoin, 'USDT');
			const expected = chanceFrom(history, {
				price: (row.price as {price: string}).price,
				marginCallPrice: row.prices!.marginCallPrice,
				liquidationPrice: row.prices!.liquidationPrice,
				horizon: periodHorizon(row.period),
			});
			expect(expected.status).toBe('ok');
			expect(row.chance, `${row.pledgeCoin} ${row.period}`).toEqual(expected);
		}
		const btc = (period: string) => plan.rows.find((row) => row.pledgeCoin === 'BTC' && row.period === period)!.chance!;
		expect(btc('SEVEN')).toMatchObject({status: 'ok', horizonDays: 7, flexible: false});
		expect(btc('FLEXIBLE')).toMatchObject({status: 'ok', horizonDays: 30, flexible: true});
	});

	it('by chance: the least likely margin call first, then no history (TON), ties by cost', async () => {
		const plan = await planLoan(
			sim.client(),
			{loanCoin: 'USDT', loanAmount: '1000', periods: ['SEVEN'], sort: 'chance'},
			{priceHistory: priceHistoryReader(sim.client())},
		);
		const chances = plan.rows.map((row) => row.chance!);
		expect(plan.rows.at(-1)!.pledgeCoin).toBe('TON');
		expect(chances.at(-1)!.status).toBe('no history');
		const probabilities = chances.slice(0, -1).map((chance) => (chance.status === 'ok' ? chance.marginCall.probability : Number.NaN));
		for (let i = 1; i < probabilities.length; i++) expect(probabilities[i]!).toBeGreaterThanOrEqual(probabilities[i - 1]!);
	});

	it('candles not read once the estimates are done and the wait is over: "unavailable: not read in time"; a failed read: unavailable', async () => {
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		// BTC's candles never come (until the end); ETH's read fails; the others answer at once.
		const reader: PriceHistoryReader = {
			read: async (base) => {
				if (base === 'BTC') await held;
				if (base === 'ETH') return {status: 'unavailable', problem: 'the server answered 500'} satisfies PriceHistory;
				return {status: 'no history', reason: 'listed lately'};
			},
		};
		try {
			const plan = await planLoan(sim.client(), {loanCoin: 'USDT', loanAmount: '1000', periods: ['SEVEN']}, {priceHistory: reader, historyWaitMs: 50});
			const chanceOf = (coin: string) => plan.rows.find((row) => row.pledgeCoin === coin)!.chance;
			expect(chanceOf('BTC')).toEqual({status: 'unavailable', problem: 'not read in time'});
			expect(chanceOf('ETH')).toEqual({status: 'unavailable', problem: 'the server answered 500'});
			expect(chanceOf('SOL')).toEqual({status: 'no history', reason: 'listed lately'});
		} finally {
			release();
		}
	});

	it('a coin listed lately (setListedAt) has no history; a row without a price has no chance to ask', async () => {
		sim.simulator.loans.setListedAt('SOL', Date.now() - 3 * 86_400_000);
		sim.simulator.loans.hideTickers('XRP', true);
		const plan = await planLoan(sim.client(), {loanCoin: 'USDT', loanAmount: '1000', periods: ['THIRTY']}, {priceHistory: priceHistoryReader(sim.client())});
		const chanceOf = (coin: string) => plan.rows.find((row) => row.pledgeCoin === coin)!.chance;
		expect(chanceOf('SOL')).toMatchObject({status: 'no history'});
		expect(chanceOf('XRP')).toEqual({status: 'unavailable', problem: 'no price'});
	});
});

describe("a plan re-sorted without asking again (what a screen's sort key does)", () => {
	const row = (pledgeCoin: string, apr: string | undefined, liquidationDistance: string | undefined, pledgeUsdt = '100'): PlanRow => ({
		pledgeCoin,
		period: 'SEVEN',
		initRate: '0.7',
		supRate: '0.8',
		forceRate: '0.9',
		price:
			liquidationDistance === undefined
				? {status: 'no price'}
				: {status: 'ok', base: pledgeCoin, quote: 'USDT', price: '1', source: 'direct', symbols: [], stale: false},
		...(apr === undefined
			? {error: 'refused'}
			: {
					estimate: {
						pledgeAmount: '1',
						pledgeUsdt,
						hourInterest: '0',
						dailyInterest: '0',
						termInterest: '0',
						apr,
						aprSource: 'estimate' as const,
						derived: true as const,
					},
				}),
		...(liquidationDistance === undefined ? {} : {prices: {marginCallPrice: '0', liquidationPrice: '0', marginCallDistance: '0', liquidationDistance}}),
	});
	const rows = [row('A', '0.05', '0.2'), row('B', '0.04', '0.1'), row('C', '0.03', undefined), row('D', undefined, undefined), row('E', '0.05', '0.3', '90')];
	const order = (sort: PlanSort) =>
		sortRows(rows, sort)
			.map((r) => r.pledgeCoin)
			.join('');

	it('by cost: APR, then collateral; by safety: distance to liquidation; no price, then failures, last', () => {
		expect(order('cost')).toBe('BEACD');
		expect(order('safety')).toBe('EABCD');
	});

	it('by chance: the lowest chance of a margin call, ties by cost; then no history, then unavailable or still read', () => {
		const ok = (probability: number) => ({
			status: 'ok' as const,
			volatility: 0.5,
			horizonDays: 7,
			flexible: false,
			closes: 720,
			marginCall: {probability, reached: false, fall: 0.1},
			liquidation: {probability: probability / 2, reached: false, fall: 0.2},
		});
		const [a, b, c, d, e] = rows;
		const withChance = [
			{...a!, chance: ok(0.2)},
			{...b!, chance: {status: 'no history' as const, reason: 'listed lately'}},
			c!,
			d!,
			{...e!, chance: ok(0.2)},
			{...row('F', '0.01', '0.1'), chance: ok(0.3)},
			{...row('G', '0.01', '0.1')},
			{...row('H', '0.01', '0.1'), chance: ok(0.05)},
		];
		expect(
			sortRows(withChance, 'chance')
				.map((r) => r.pledgeCoin)
				.join(''),
		).toBe('HEAFBGCD');
	});

	it('the scope: every pledge coin but the loan coin; a coin Bitget does not lend is refused', () => {
		const infos = {
			loanInfos: [{coin: 'USDT', hourRate: {}, annualRate: {}}],
			pledgeInfos: [
				{coin: 'BTC', initRate: '0.7', supRate: '0.8', forceRate: '0.9'},
				{coin: 'USDT', initRate: '0.7', supRate: '0.8', forceRate: '0.9'},
			],
		};
		expect(planScope(infos, 'USDT', '100').map((info) => info.coin)).toEqual(['BTC']);
		expect(() => planScope(infos, 'USDC', '100')).toThrow(/USDC is not in Bitget's list of loanable coins/);
	});
});
