// Between two reads of the loans, their LTVs follow the live prices (operations/price-feed.ts): with the LTV `L` read
// at price `P_read`, the LTV at `P_now` is L × P_read ÷ P_now (loans/watch-levels.ts), marked projected until the next
// read corrects it. A loan's price is quoted from the same tickers as the read's (loans/prices.ts), with the live ones
// in place of the read ones where they are as new or newer. The watch (cli/commands/watch.ts) and the Loans screen
// both project this way.
import type {OngoingLoan} from '../api/loan-types.js';
import type {Ticker} from '../api/types.js';
import {ltvPrices, pairPrice, type TickerBook} from '../loans/prices.js';
import {projectedLtv} from '../loans/watch-levels.js';
import type {LoanSeen, WatchRead} from './watch.js';

type ReadWithBook = Extract<WatchRead, {ok: true}>;

/** The tickers the loans' prices are quoted from: the ones to follow live. */
export function liveSymbols(loans: ReadonlyArray<Pick<OngoingLoan, 'pledgeCoin' | 'loanCoin'>>, book: TickerBook | undefined): string[] {
	if (!book) return [];
	const symbols = new Set<string>();
	for (const loan of loans) for (const symbol of pairPrice(book, loan.pledgeCoin, loan.loanCoin)?.symbols ?? []) symbols.add(symbol);
	return [...symbols].sort();
}

/** The read's tickers with the live ones that are as new or newer (one pushed while the read was under way counts). */
function withLive(book: TickerBook, live: ReadonlyMap<string, Ticker>): TickerBook {
	const merged = new Map(book);
	for (const [symbol, ticker] of live) {
		const read = merged.get(symbol);
		if (read === undefined || Number(ticker.ts) >= Number(read.ts)) merged.set(symbol, ticker);
	}
	return merged;
}

/** A loan's LTV at the live price, or undefined when no price moved (or none is known). */
function liveLtv(loan: Pick<OngoingLoan, 'pledgeCoin' | 'loanCoin' | 'pledgeRate'>, book: TickerBook, live: TickerBook, places?: number): {ltv: string; price: string} | undefined {
	const read = pairPrice(book, loan.pledgeCoin, loan.loanCoin);
	const now = pairPrice(live, loan.pledgeCoin, loan.loanCoin);
	if (read === undefined || now === undefined || read.price === now.price) return undefined;
	return {ltv: projectedLtv(loan.pledgeRate, read.price, now.price, places), price: now.price};
}

/** The read's loans at the live prices: each LTV projected, with its margin-call and liquidation prices. */
export function projectRead(read: ReadWithBook, live: ReadonlyMap<string, Ticker>): LoanSeen[] {
	if (!read.book) return read.loans;
	const book = read.book;
	const merged = withLive(book, live);
	return read.loans.map((seen) => {
		const moved = liveLtv(seen.loan, book, merged);
		if (moved === undefined) return seen;
		const marks = ltvPrices(moved.price, moved.ltv, seen.loan.supRate, seen.loan.forceRate);
		return {loan: seen.loan, ltv: moved.ltv, projected: true, price: moved.price, marginCallPrice: marks.marginCallPrice, liquidationPrice: marks.liquidationPrice};
	});
}

/** The loans at the live prices, for a screen: each moved loan's LTV projected (its `pledgeRate` replaced), the ids
 * of those projected, and the tickers to quote prices from (the read's, with the newer live ones). */
export function projectLoans<L extends OngoingLoan>(loans: readonly L[], book: TickerBook | undefined, live: ReadonlyMap<string, Ticker>): {loans: L[]; projected: ReadonlySet<string>; book: TickerBook | undefined} {
	if (!book || live.size === 0) return {loans: [...loans], projected: new Set(), book};
	const merged = withLive(book, live);
	const projected = new Set<string>();
	const shown = loans.map((loan) => {
		// Precise: the screen derives the margin-call and liquidation prices from it again (P × L / T).
		const moved = liveLtv(loan, book, merged, 12);
		if (moved === undefined) return loan;
		projected.add(loan.orderId);
		return {...loan, pledgeRate: moved.ltv};
	});
	return {loans: shown, projected, book: merged};
}
