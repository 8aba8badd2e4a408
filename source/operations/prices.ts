// The prices a decision is shown with: one read of every ticker, and the price of one coin in another from it, with
// its age. A tickers read that fails leaves everything else working: the prices are "unavailable", never guessed.
import type {BitgetClient} from '../api/client.js';
import {isStale, pairPrice, tickerBook, type PairPrice, type TickerBook} from '../loans/prices.js';
import {failureText} from './observe.js';

export type PriceRead = {ok: true; book: TickerBook} | {ok: false; problem: string};

/** Every ticker, once (one request, 20/s per IP). */
export async function readPrices(client: Pick<BitgetClient, 'tickers'>, signal?: AbortSignal): Promise<PriceRead> {
	try {
		const page = await client.tickers(undefined, {signal});
		return {ok: true, book: tickerBook(page.records)};
	} catch (error) {
		signal?.throwIfAborted();
		return {ok: false, problem: failureText(error)};
	}
}

/** A price as shown: the price with where it came from and its age at `now` (server time), or why there is none. */
export type PriceQuote = (PairPrice & {status: 'ok'; ageMs?: number; stale: boolean}) | {status: 'no price'} | {status: 'unavailable'; problem: string};

export function quotePrice(prices: PriceRead, base: string, quote: string, now: number): PriceQuote {
	if (!prices.ok) return {status: 'unavailable', problem: prices.problem};
	const found = pairPrice(prices.book, base, quote);
	if (found === undefined) return {status: 'no price'};
	return {...found, status: 'ok', ...(found.at === undefined ? {} : {ageMs: Math.max(0, now - found.at)}), stale: isStale(found, now)};
}
