// A loan plan: for one loan (coin and amount), every pledgeable coin and period ranked. Per coin and period one
// estimate at a reference pledge, scaled to the loan amount (operations/loan-amount-estimate.ts), with the APR,
// the LTV the loan starts at, and the margin-call and liquidation prices of the pledge coin in the loan coin with
// their distance from today's price. The estimates go out at most 10 per second (the endpoint's limit), each counted
// in `onProgress`. Tickers failing leave the plan whole with its prices "unavailable"; a coin without a price is
// ranked last as "no price", never given one.
//
// With a price-history reader, each row with prices gets the chance of a margin call and of liquidation over its
// period (operations/loan-chance.ts): the candles are read once per pledge pair, all pairs while the estimates go
// out (the reader and the client's candle limiter keep them within Bitget's 20/s). Once the estimates are done the
// plan waits for the candles a bounded time: a pair not read by then is "unavailable: not read in time".
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
import {periodHorizon} from '../loans/chance.js';
import {chanceFrom, type ChanceRead} from './loan-chance.js';
import {failureText} from './observe.js';
import type {PriceHistory, PriceHistoryReader} from './price-history.js';
import {readPrices} from './prices.js';

export type PlanSort = 'cost' | 'safety' | 'chance';

/** The orders a plan is ranked in, the default first. */
export const PLAN_SORTS: readonly PlanSort[] = ['cost', 'safety', 'chance'];

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
	/** With a price-history reader: the chance of a margin call and of liquidation within the period (a flexible
	 * loan: 30 days, assumed); 'unavailable' for a row without prices (see `price`, `error`). */
	chance?: ChanceRead;
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
	/** Estimates answered (or failed), of all. */
	done: number;
	total: number;
	/** With a price-history reader: the pledge pairs whose candles are read, of all. */
	histories?: {done: number; total: number};
}

type PlanClient = Pick<BitgetClient, 'coinInfos' | 'tickers' | 'estimate' | 'clock'>;

export interface PlanOptions {
	onProgress?: (progress: PlanProgress) => void;
	signal?: AbortSignal;
	/** Estimates per second (default the endpoint's 10). */
	perSecond?: number;
	/** The coin list, when already read (the CLI's check). */
	coinInfos?: CoinInfos;
	/** Reads each pledge pair's candles for the chance of a margin call; none: no chance is read. */
	priceHistory?: PriceHistoryReader;
	/** How long to wait for the candles once the estimates are done (default 15 s). */
	historyWaitMs?: number;
}

const HISTORY_WAIT_MS = 15_000;
/** A pair whose candles did not come within the wait once the estimates were done. */
const NOT_READ_IN_TIME: PriceHistory = {status: 'unavailable', problem: 'not read in time'};

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
	const histories = options.priceHistory ? readHistories(options.priceHistory, pledges, loanCoin, signal) : undefined;
	const progress = () => options.onProgress?.({done, total: jobs.length, ...(histories ? {histories: histories.progress()} : {})});
	histories?.onRead(progress);
	progress();
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
				progress();
			}
			return row;
		}),
	);
	if (histories) {
		const read = await histories.settled(options.historyWaitMs ?? HISTORY_WAIT_MS);
		for (const row of rows) row.chance = planRowChance(row, read.get(row.pledgeCoin) ?? NOT_READ_IN_TIME);
	}
	return {
		loanCoin,
		loanAmount,
		sort,
		rows: sortRows(rows, sort),
		prices: prices.ok ? {status: 'ok'} : {status: 'unavailable', problem: prices.problem},
		requests: jobs.length,
	};
}

/** The pledge pairs' histories, all read at once: how many are in, and what is in after a bounded wait. */
function readHistories(reader: PriceHistoryReader, pledges: readonly PledgeCoinInfo[], loanCoin: string, signal: AbortSignal | undefined) {
	const read = new Map<string, PriceHistory>();
	const listeners: Array<() => void> = [];
	// Once the plan is settled, a pair read later is nobody's news: no progress after the plan is shown.
	let closed = false;
	const all = Promise.all(
		pledges.map((pledge) =>
			reader.read(pledge.coin, loanCoin, {signal}).then(
				(history) => {
					if (closed) return;
					read.set(pledge.coin, history);
					for (const listener of listeners) listener();
				},
				() => undefined,
			),
		),
	);
	return {
		progress: () => ({done: read.size, total: pledges.length}),
		onRead: (listener: () => void) => listeners.push(listener),
		/** What is read once all are in, or `waitMs` from now (the caller's abort rejects). */
		async settled(waitMs: number): Promise<ReadonlyMap<string, PriceHistory>> {
			let timer: ReturnType<typeof setTimeout> | undefined;
			const waited = new Promise<void>((resolve) => {
				timer = setTimeout(resolve, waitMs);
			});
			try {
				await Promise.race([all, waited]);
			} finally {
				clearTimeout(timer);
				closed = true;
			}
			signal?.throwIfAborted();
			return new Map(read);
		},
	};
}

/** A row's chance from its pledge pair's history (undefined: still being read); a row without prices has none to
 * ask: 'unavailable', with why. */
export function planRowChance(row: PlanRow, history: PriceHistory | undefined): ChanceRead | undefined {
	if (row.prices === undefined || row.price.status !== 'ok') {
		const problem = row.estimate === undefined ? 'not estimated' : row.price.status === 'unavailable' ? 'prices unavailable' : 'no price';
		return {status: 'unavailable', problem};
	}
	if (history === undefined) return undefined;
	return chanceFrom(history, {
		price: row.price.price,
		marginCallPrice: row.prices.marginCallPrice,
		liquidationPrice: row.prices.liquidationPrice,
		horizon: periodHorizon(row.period),
	});
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
 * safety: the farthest from liquidation, then the lowest APR; by chance: the lowest chance of a margin call, then
 * those with no history, then those whose chance is unavailable or still being read, each then by cost. Ties by coin
 * and period, so the order is stable. */
export function sortRows(rows: readonly PlanRow[], sort: PlanSort): PlanRow[] {
	const rank = (row: PlanRow) => (row.estimate === undefined ? 2 : row.prices === undefined ? 1 : 0);
	const chanceRank = (row: PlanRow) => (row.chance?.status === 'ok' ? 0 : row.chance?.status === 'no history' ? 1 : 2);
	const call = (row: PlanRow) => (row.chance?.status === 'ok' ? row.chance.marginCall.probability : 0);
	const big = (value: string | undefined, missing: string) => new Big(value ?? missing);
	// Compared as shown (to 0.01 %): a difference in the estimate's rounding is no difference in cost.
	const apr = (row: PlanRow) => big(row.estimate?.apr, '1e9').round(4, Big.roundHalfUp);
	const usdt = (row: PlanRow) => big(row.estimate?.pledgeUsdt, '1e30');
	const liq = (row: PlanRow) => big(row.prices?.liquidationDistance, '-1e9');
	return [...rows].sort((a, b) => {
		const ranked = rank(a) - rank(b);
		if (ranked !== 0) return ranked;
		const cost = () => apr(a).cmp(apr(b)) || usdt(a).cmp(usdt(b));
		const order =
			sort === 'cost'
				? cost()
				: sort === 'safety'
					? liq(b).cmp(liq(a)) || apr(a).cmp(apr(b))
					: chanceRank(a) - chanceRank(b) || Math.sign(call(a) - call(b)) || cost();
		if (order !== 0) return order;
		return a.pledgeCoin < b.pledgeCoin ? -1 : a.pledgeCoin > b.pledgeCoin ? 1 : PERIOD_ORDER.indexOf(a.period) - PERIOD_ORDER.indexOf(b.period);
	});
}

const PERIOD_ORDER: readonly Period[] = ['SEVEN', 'THIRTY', 'FLEXIBLE'];
