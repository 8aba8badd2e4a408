// Between two reads of the loans, their LTVs follow the live prices (operations/price-feed.ts): with the LTV `L` read
// at price `P_read`, the LTV at `P_now` is L × P_read ÷ P_now (loans/watch-levels.ts), marked projected until the next
// read corrects it. A loan's price is quoted from the same tickers as the read's (loans/prices.ts), with the live ones
// in place of the read ones.
import type {Ticker} from '../api/types.js';
import {ltvPrices, pairPrice} from '../loans/prices.js';
import {projectedLtv} from '../loans/watch-levels.js';
import type {LoanSeen, WatchRead} from './watch.js';

type ReadWithBook = Extract<WatchRead, {ok: true}>;

/** The tickers the read's prices came from: the ones to follow live. */
export function liveSymbols(read: ReadWithBook): string[] {
	if (!read.book) return [];
	const symbols = new Set<string>();
	for (const {loan} of read.loans) for (const symbol of pairPrice(read.book, loan.pledgeCoin, loan.loanCoin)?.symbols ?? []) symbols.add(symbol);
	return [...symbols].sort();
}

/** The read's loans at the live prices: each LTV projected, with its margin-call and liquidation prices. A loan
 * without a price now keeps its read figures (not projected). */
export function projectRead(read: ReadWithBook, live: ReadonlyMap<string, Ticker>): LoanSeen[] {
	if (!read.book) return read.loans;
	// A live price counts where it is as new as the read's or newer (one pushed while the read was under way).
	const book = new Map(read.book) as Map<string, Ticker>;
	for (const [symbol, ticker] of live) {
		const read = book.get(symbol);
		if (read === undefined || Number(ticker.ts) >= Number(read.ts)) book.set(symbol, ticker);
	}
	return read.loans.map((seen) => {
		const now = pairPrice(book, seen.loan.pledgeCoin, seen.loan.loanCoin);
		if (now === undefined || seen.price === undefined || now.price === seen.price) return seen;
		const ltv = projectedLtv(seen.loan.pledgeRate, seen.price, now.price);
		const marks = ltvPrices(now.price, ltv, seen.loan.supRate, seen.loan.forceRate);
		return {loan: seen.loan, ltv, projected: true, price: now.price, marginCallPrice: marks.marginCallPrice, liquidationPrice: marks.liquidationPrice};
	});
}
