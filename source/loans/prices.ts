// Prices in a loan's decisions. Pure: no I/O, big.js throughout; ratios are fractions (api/loan-types.ts).
//
// A loan's price is the pledge coin in the loan coin: the `<PLEDGE><LOAN>` pair's last price when that pair has a
// ticker, else the ratio of both coins' USDT prices; no price when neither can be read (never invented). The LTV is
// debt ÷ (pledge × price), so it scales as 1 / price: with the LTV `L` read at price `P`, the LTV reaches a target
// `T` at the price P × L / T (the margin-call price at T = supRate, the liquidation price at T = forceRate).
import Big from 'big.js';
import type {Ticker} from '../api/types.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {plain, priceMoveTo} from './ltv.js';

/** A price older than this is marked stale. */
const STALE_AFTER_MS = 60_000;

/** The tickers by symbol, read once. Each one's `ts` is the time its price is known to be current, from which its age
 * is counted: a pushed ticker's own update time, or for the REST tickers the time the answer was received
 * (restTickerBook). */
export type TickerBook = ReadonlyMap<string, Ticker>;

export function tickerBook(tickers: readonly Ticker[]): TickerBook {
	return new Map(tickers.map((ticker) => [ticker.symbol, ticker]));
}

/** The REST tickers as of `receivedAt` (server time on this machine's clock): their `ts` is the time of the answer,
 * not of the price (reference D.4), so it cannot say a price is fresh; the receive time says how long ago it was
 * read, which is all that is known. */
export function restTickerBook(tickers: readonly Ticker[], receivedAt: number): TickerBook {
	const asOf = String(receivedAt);
	return new Map(tickers.map((ticker) => [ticker.symbol, {...ticker, ts: asOf}]));
}

/** The price of one coin in another, where it came from and as of when. */
export interface PairPrice {
	base: string;
	quote: string;
	/** The base coin in the quote coin. */
	price: string;
	/** 'direct': the BASEQUOTE pair; 'usdt': the ratio of both coins' USDT prices; 'same': a coin in itself. */
	source: 'direct' | 'usdt' | 'same';
	/** The tickers it was read from. */
	symbols: string[];
	/** Epoch ms of the oldest ticker used (undefined for 'same'). */
	at?: number;
}

const positive = (ticker: Ticker | undefined): ticker is Ticker => ticker !== undefined && new Big(ticker.lastPr).gt(0);

/** The price of `base` in `quote`, or undefined when the tickers hold neither the pair nor both USDT prices. */
export function pairPrice(book: TickerBook, base: string, quote: string): PairPrice | undefined {
	if (base === quote) return {base, quote, price: '1', source: 'same', symbols: []};
	const direct = book.get(`${base}${quote}`);
	if (positive(direct)) return {base, quote, price: direct.lastPr, source: 'direct', symbols: [direct.symbol], at: Number(direct.ts)};
	const usdt = (coin: string): {price: Big; ticker?: Ticker} | undefined => {
		if (coin === 'USDT') return {price: new Big(1)};
		const ticker = book.get(`${coin}USDT`);
		return positive(ticker) ? {price: new Big(ticker.lastPr), ticker} : undefined;
	};
	const a = usdt(base);
	const b = usdt(quote);
	if (a === undefined || b === undefined) return undefined;
	const used = [a.ticker, b.ticker].filter((ticker): ticker is Ticker => ticker !== undefined);
	return {
		base,
		quote,
		price: plain(a.price.div(b.price), 12),
		source: 'usdt',
		symbols: used.map((ticker) => ticker.symbol),
		at: Math.min(...used.map((ticker) => Number(ticker.ts))),
	};
}

/** The tickers as read, or why they could not be. */
export type PriceRead = {ok: true; book: TickerBook} | {ok: false; problem: string};

/** A price as shown: the price with where it came from and its age at `now` (server time), or why there is none. */
export type PriceQuote = (PairPrice & {status: 'ok'; ageMs?: number; stale: boolean}) | {status: 'no price'} | {status: 'unavailable'; problem: string};

export function quotePrice(prices: PriceRead, base: string, quote: string, now: number): PriceQuote {
	if (!prices.ok) return {status: 'unavailable', problem: prices.problem};
	const found = pairPrice(prices.book, base, quote);
	if (found === undefined) return {status: 'no price'};
	return {...found, status: 'ok', ...(found.at === undefined ? {} : {ageMs: Math.max(0, now - found.at)}), stale: isStale(found, now)};
}

/** True when the price is older than STALE_AFTER_MS at `now` (server time). */
function isStale(price: Pick<PairPrice, 'at'>, now: number): boolean {
	return price.at !== undefined && now - price.at > STALE_AFTER_MS;
}

/** The price at which an LTV of `currentLtv`, read at `price`, reaches `targetLtv`: P × L / T. */
export function priceAtLtv(price: string, currentLtv: string, targetLtv: string): string {
	const target = new Big(targetLtv);
	if (target.lte(0)) throw new RangeError('a target LTV must be positive');
	return plain(new Big(price).times(currentLtv).div(target), 12);
}

/** How far (fraction) the price falls from `price` to `at`; negative when `at` is above it. */
function distance(price: string, at: string): string {
	return plain(new Big(1).minus(new Big(at).div(price)), 8);
}

export interface LtvPrices {
	marginCallPrice: string;
	liquidationPrice: string;
	/** Fractions of today's price: how far it may fall before each is reached (0 or less: reached). */
	marginCallDistance: string;
	liquidationDistance: string;
}

/** The margin-call and liquidation prices of an LTV `ltv` read at `price`, and their distance from it. */
export function ltvPrices(price: string, ltv: string, supRate: string, forceRate: string): LtvPrices {
	const marginCallPrice = priceAtLtv(price, ltv, supRate);
	const liquidationPrice = priceAtLtv(price, ltv, forceRate);
	return {marginCallPrice, liquidationPrice, marginCallDistance: distance(price, marginCallPrice), liquidationDistance: distance(price, liquidationPrice)};
}

type MarkedLoan = Pick<OngoingLoan, 'loanAmount' | 'interestAmount' | 'pledgeAmount' | 'supRate' | 'forceRate'>;

/** A loan's margin-call and liquidation prices (the pledge coin in the loan coin) from its own figures: what is owed ÷
 * (collateral × the mark's LTV) — the one formula for them on every screen, command and --json. Unlike P × L / T with
 * an LTV the server rounded and read at another moment than the price, it does not move between reads while the debt
 * and the collateral hold; `pledgeAmount`: the collateral after a change. Distances from today's `price`. */
export function loanMarkPrices(loan: MarkedLoan, price: string, pledgeAmount: string = loan.pledgeAmount): LtvPrices {
	const owed = new Big(loan.loanAmount).plus(loan.interestAmount);
	const pledge = new Big(pledgeAmount);
	if (pledge.lte(0)) throw new RangeError('the collateral must be positive');
	const at = (ltv: string) => {
		if (new Big(ltv).lte(0)) throw new RangeError('a target LTV must be positive');
		return plain(owed.div(pledge.times(ltv)), 12);
	};
	const marginCallPrice = at(loan.supRate);
	const liquidationPrice = at(loan.forceRate);
	return {marginCallPrice, liquidationPrice, marginCallDistance: distance(price, marginCallPrice), liquidationDistance: distance(price, liquidationPrice)};
}

/** How far (fraction) the price may fall from `price` before it reaches `markPrice`: 1 − mark ÷ price; 0 once reached. */
export function fallTo(price: string, markPrice: string): string {
	const move = new Big(1).minus(new Big(markPrice).div(price));
	return move.lte(0) ? '0' : plain(move, 8);
}

/** Fractions the pledge coin may fall (vs the loan coin) before the margin call / the liquidation. */
export interface MarkFalls {
	moveToMarginCall: string;
	moveToLiquidation: string;
}

/** How far a loan's pledge coin may fall before each mark — the one function for it (the Loans list, a loan's detail,
 * `loans --json`, watch's levels). With today's `price`, from the same figures as the mark prices (loanMarkPrices):
 * 1 − mark price ÷ price, so "falls 12.47% to call" and the call price's "12.47% below" agree. Without a price (none
 * known, or not read yet) the fallback is the LTV ratio 1 − L / T with the server's LTV, which it rounded to 0.01 % and
 * read at another moment: it may differ from the price's by 0.01 %. */
export function markFalls(loan: MarkedLoan & Pick<OngoingLoan, 'pledgeRate'>, price?: string): MarkFalls {
	if (price === undefined || !new Big(price).gt(0) || !new Big(loan.pledgeAmount).gt(0)) {
		return {moveToMarginCall: priceMoveTo(loan.pledgeRate, loan.supRate), moveToLiquidation: priceMoveTo(loan.pledgeRate, loan.forceRate)};
	}
	const marks = loanMarkPrices(loan, price);
	return {moveToMarginCall: fallTo(price, marks.marginCallPrice), moveToLiquidation: fallTo(price, marks.liquidationPrice)};
}

/** Collateral needed to borrow `loanAmount` at the initial LTV, with the pledge coin at `price` in the loan coin:
 * loan ÷ (price × initial LTV), rounded up to 8 decimals (never too little). */
export function collateralFor(loanAmount: string, price: string, initialLtv: string): string {
	const value = new Big(price).times(initialLtv);
	if (value.lte(0)) throw new RangeError('the price and the initial LTV must be positive');
	return plain(new Big(loanAmount).div(value).round(8, Big.roundUp));
}

/** The LTV a new loan starts at: Bitget sizes it at the pledge coin's initial LTV (coinInfos initRate; the estimate
 * lends pledge × price × initRate), whatever the price when it is sent — the one figure the Coins screen, the borrow
 * review and the plan show. Without the coin's initRate, from the amounts at `price` (initialLtvOf). */
export function startingLtv(initRate: string | undefined, loanAmount: string, pledgeAmount: string, price: string): string {
	if (initRate !== undefined && new Big(initRate).gt(0)) return plain(new Big(initRate), 8);
	return initialLtvOf(loanAmount, pledgeAmount, price);
}

/** The LTV a loan of `loanAmount` against `pledgeAmount` is at, with the pledge coin at `price`. */
export function initialLtvOf(loanAmount: string, pledgeAmount: string, price: string): string {
	const value = new Big(pledgeAmount).times(price);
	if (value.lte(0)) throw new RangeError('the pledge and its price must be positive');
	return plain(new Big(loanAmount).div(value), 8);
}
