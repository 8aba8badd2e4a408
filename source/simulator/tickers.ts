// GET /api/v2/spot/market/tickers (reference D.4) from the loan book's prices: a pair's last price is its base coin's
// USDT price over its quote coin's, so the tickers, the estimates and every loan's LTV come from one price book.
// Pairs no longer traded (offline) and pairs of a coin whose tickers are hidden are left out, as Bitget leaves out
// what it has no ticker for.
import Big from 'big.js';
import type {LoanBook} from './loan-book.js';
import {COINS} from './coins.js';
import {formatDecimal} from './decimal.js';
import {failure, success, type Reply} from './reply.js';
import type {SimSymbolRecord, SymbolCatalogue} from './symbols.js';

/** The pairs that have a ticker now (the REST tickers and the ticker stream serve the same ones). */
export function hasTicker(record: SimSymbolRecord, book: LoanBook): boolean {
	return (
		record.status !== 'offline' &&
		COINS.has(record.baseCoin) &&
		COINS.has(record.quoteCoin) &&
		!book.hiddenTickers.has(record.baseCoin) &&
		!book.hiddenTickers.has(record.quoteCoin)
	);
}

/** A pair's last price from the book: its base coin's USDT price over its quote coin's, at the pair's precision. */
export function lastPrice(record: SimSymbolRecord, book: LoanBook): string {
	const last = new Big(book.price(record.baseCoin)).div(book.price(record.quoteCoin));
	return formatDecimal(last, Number(record.pricePrecision), Big.roundHalfUp);
}

export function handleTickers(params: URLSearchParams, symbols: SymbolCatalogue, book: LoanBook, now: number): Reply {
	const only = params.get('symbol');
	// The answer's time, as Bitget's REST ts is (reference D.4); a stale price is the stream's to show (setTickerAge).
	const ts = String(now);
	const priced = symbols.records.filter((record) => hasTicker(record, book) && (!only || record.symbol === only));
	if (only && priced.length === 0 && !symbols.bySymbol.has(only)) return failure('40034', 'Parameter symbol does not exist');
	const data = priced.map((record) => {
		const lastPr = lastPrice(record, book);
		return {symbol: record.symbol, lastPr, open: lastPr, high24h: lastPr, low24h: lastPr, bidPr: lastPr, askPr: lastPr, change24h: '0', changeUtc24h: '0', ts};
	});
	return success(data, () => data.map((ticker) => ({...ticker, lastPr: Number(ticker.lastPr)})));
}
