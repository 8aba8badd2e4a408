// A loan plan: for one loan (coin and amount), every pledgeable coin and period ranked. Per coin and period one
// estimate at a reference pledge, scaled to the loan amount (operations/loan-amount-estimate.ts), with the APR,
// the LTV the loan starts at, and the margin-call and liquidation prices of the pledge coin in the loan coin with
// their distance from today's price. The estimates go out at most 10 per second (the endpoint's limit), each counted
// in `onProgress`. Tickers failing leave the plan whole with its prices "unavailable"; a coin without a price is
// ranked last as "no price", never given one.
import {setMaxListeners} from 'node:events';
import Big from 'big.js';
import type {BitgetClient} from '../api/client.js';
import {InputError} from '../api/errors.js';
import type {CoinInfos, PledgeCoinInfo} from '../api/loan-types.js';
import {RateLimiter} from '../api/rate-limiter.js';
import {OPERATIONS, type Period} from '../api/types.js';
import {annualRate} from '../format/apr.js';
import {estimateFigures} from '../format/estimate.js';
import {didYouMean} from '../format/suggest.js';
import {checkBorrowLimits} from '../loans/limits.js';
import {plain} from '../loans/ltv.js';
import {collateralFor, ltvPrices, startingLtv, quotePrice, type LtvPrices, type PriceQuote, type PriceRead} from '../loans/prices.js';
import {coinListUnreadable, CoinListUnreadableError} from './borrow-check.js';
import {estimateByLoanAmount} from './loan-amount-estimate.js';
import {failureText} from './observe.js';
import {readPrices} from './prices.js';

export type PlanSort = 'cost' | 'safety';

export interface PlanRequest {
	loanCoin: string;
	loanAmount: string;
	periods: readonly Period[];
	sort?: PlanSort;
}

export interface PlanRow {
	pledgeCoin: string;
	period: Period;
	/** The pledge coin's LTVs from coinInfos (fractions). */
	initRate: string;
	supRate: string;
	forceRate: string;
	/** The pledge coin in the loan coin, with its age, or why there is none. */
	price: PriceQuote;
	/** Undefined when the estimate failed (see `error`). */
	estimate?: {
		/** Collateral needed (derived from one estimate, rounded up). */
		pledgeAmount: string;
		/** Its value in USDT, when the pledge coin has a USDT price. */
		pledgeUsdt?: string;
		hourInterest: string;
		dailyInterest: string;
		/** Interest over the term (per day for FLEXIBLE). */
		termInterest: string;
		/** Annual rate (fraction) and where it came from (the estimate, or coinInfos when the estimate is too coarse). */
		apr?: string;
		aprSource: 'estimate' | 'official' | 'none';
		derived: true;
	};
	/** With a price: the LTV the loan starts at, and the margin-call and liquidation prices and their distances. */
	initialLtv?: string;
	prices?: LtvPrices;
	error?: string;
}

export interface Plan {
	loanCoin: string;
	loanAmount: string;
	sort: PlanSort;
	rows: PlanRow[];
	/** 'unavailable' when the tickers could not be read (with the reason). */
	prices: {status: 'ok'} | {status: 'unavailable'; problem: string};
	/** Estimate requests sent. */
	requests: number;
}

export interface PlanProgress {
	done: number;
	total: number;
}

type PlanClient = Pick<BitgetClient, 'coinInfos' | 'tickers' | 'estimate' | 'clock'>;

export interface PlanOptions {
	onProgress?: (progress: PlanProgress) => void;
	signal?: AbortSignal;
	/** Estimates per second (default the endpoint's 10). */
	perSecond?: number;
	/** The coin list, when already read (the CLI's check). */
	coinInfos?: CoinInfos;
}

/** The loan coin's entry and the pledge coins to rank; refuses (InputError: nothing else is sent) a coin Bitget does
 * not lend and an amount outside its min/max. */
export function planScope(infos: CoinInfos, loanCoin: string, loanAmount: string): PledgeCoinInfo[] {
	const loanInfo = infos.loanInfos.find((info) => info.coin === loanCoin);
	if (loanInfo === undefined) {
		throw new InputError(
			`${loanCoin} is not in Bitget's list of loanable coins${didYouMean(
				loanCoin,
				infos.loanInfos.map((info) => info.coin),
			)} (loan-tui coins lists them)`,
		);
	}
	const limits = checkBorrowLimits(loanInfo, loanAmount);
	if (!limits.ok) throw new InputError(`not planned: ${limits.reason}`);
	return infos.pledgeInfos.filter((info) => info.coin !== loanCoin);
}

export async function planLoan(client: PlanClient, request: PlanRequest, options: PlanOptions = {}): Promise<Plan> {
	const {loanCoin, loanAmount, periods} = request;
	const sort = request.sort ?? 'cost';
	const {signal} = options;
	// Without the coin list there is nothing to rank: said as such, never as "not loanable".
	const coinList = (): Promise<CoinInfos> =>
		client.coinInfos(undefined, {signal}).catch((error: unknown) => {
			signal?.throwIfAborted();
			throw new CoinListUnreadableError(`not planned: ${coinListUnreadable(error)}`, error);
		});
	const [infos, prices] = await Promise.all([options.coinInfos ?? coinList(), readPrices(client, signal)]);
	const pledges = planScope(infos, loanCoin, loanAmount);
	const loanInfo = infos.loanInfos.find((info) => info.coin === loanCoin)!;
	const now = client.clock.now();
	const jobs = pledges.flatMap((pledge) => periods.map((period) => ({pledge, period})));
	const limiter = new RateLimiter(options.perSecond ?? OPERATIONS.estimate.perSecond);
	// Every job waiting for its turn listens to the signal: as many listeners as jobs, none of them a leak.
	if (signal) setMaxListeners(jobs.length * 2 + 10, signal);
	let done = 0;
	options.onProgress?.({done, total: jobs.length});
	const rows = await Promise.all(
		jobs.map(async ({pledge, period}): Promise<PlanRow> => {
			const price = quotePrice(prices, pledge.coin, loanCoin, now);
			const row: PlanRow = {pledgeCoin: pledge.coin, period, initRate: pledge.initRate, supRate: pledge.supRate, forceRate: pledge.forceRate, price};
			try {
				await limiter.acquire(signal);
				// Asked near the answer (from the price) when there is one: the scaling then moves it least.
				const referencePledge = price.status === 'ok' && new Big(pledge.initRate).gt(0) ? collateralFor(loanAmount, price.price, pledge.initRate) : undefined;
				const derived = await estimateByLoanAmount(client, {loanCoin, pledgeCoin: pledge.coin, daily: period, loanAmount, referencePledge}, {signal});
				if (derived === undefined) row.error = 'the estimate lends nothing for this coin';
				else fill(row, derived, prices, loanAmount, loanInfo.annualRate[period], now);
			} catch (error) {
				signal?.throwIfAborted();
				row.error = failureText(error);
			} finally {
				done++;
				options.onProgress?.({done, total: jobs.length});
			}
			return row;
		}),
	);
	return {
		loanCoin,
		loanAmount,
		sort,
		rows: sortRows(rows, sort),
		prices: prices.ok ? {status: 'ok'} : {status: 'unavailable', problem: prices.problem},
		requests: jobs.length,
	};
}

function fill(
	row: PlanRow,
	derived: NonNullable<Awaited<ReturnType<typeof estimateByLoanAmount>>>,
	prices: PriceRead,
	loanAmount: string,
	officialRate: string | undefined,
	now: number,
): void {
	const figures = estimateFigures({hourInterest: derived.hourInterest, loanAmount}, row.period);
	const rate = annualRate(derived.reference.estimate, officialRate);
	const usdt = quotePrice(prices, row.pledgeCoin, 'USDT', now);
	row.estimate = {
		pledgeAmount: derived.pledgeAmount,
		...(usdt.status === 'ok' ? {pledgeUsdt: plain(new Big(derived.pledgeAmount).times(usdt.price), 2)} : {}),
		hourInterest: figures.hourlyInterest,
		dailyInterest: plain(new Big(figures.dailyInterest), 8),
		termInterest: plain(new Big(figures.termInterest), 8),
		...(rate.fraction === undefined ? {} : {apr: plain(new Big(rate.fraction), 8)}),
		aprSource: rate.source,
		derived: true,
	};
	if (row.price.status !== 'ok') return;
	// The coin's initial LTV, as the Coins screen and the borrow review show it (loans/prices.ts startingLtv).
	const ltv = startingLtv(row.initRate, loanAmount, derived.pledgeAmount, row.price.price);
	row.initialLtv = ltv;
	row.prices = ltvPrices(row.price.price, ltv, row.supRate, row.forceRate);
}

/** Rows that failed last, then rows without a price; by cost: the lowest APR, then the least collateral (USDT); by
 * safety: the farthest from liquidation, then the lowest APR. Ties by coin and period, so the order is stable. */
export function sortRows(rows: readonly PlanRow[], sort: PlanSort): PlanRow[] {
	const rank = (row: PlanRow) => (row.estimate === undefined ? 2 : row.prices === undefined ? 1 : 0);
	const big = (value: string | undefined, missing: string) => new Big(value ?? missing);
	// Compared as shown (to 0.01 %): a difference in the estimate's rounding is no difference in cost.
	const apr = (row: PlanRow) => big(row.estimate?.apr, '1e9').round(4, Big.roundHalfUp);
	const usdt = (row: PlanRow) => big(row.estimate?.pledgeUsdt, '1e30');
	const liq = (row: PlanRow) => big(row.prices?.liquidationDistance, '-1e9');
	return [...rows].sort((a, b) => {
		const ranked = rank(a) - rank(b);
		if (ranked !== 0) return ranked;
		const order = sort === 'cost' ? apr(a).cmp(apr(b)) || usdt(a).cmp(usdt(b)) : liq(b).cmp(liq(a)) || apr(a).cmp(apr(b));
		if (order !== 0) return order;
		return a.pledgeCoin < b.pledgeCoin ? -1 : a.pledgeCoin > b.pledgeCoin ? 1 : PERIOD_ORDER.indexOf(a.period) - PERIOD_ORDER.indexOf(b.period);
	});
}

const PERIOD_ORDER: readonly Period[] = ['SEVEN', 'THIRTY', 'FLEXIBLE'];
