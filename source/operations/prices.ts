// The prices a decision is shown with: one read of every ticker (loans/prices.ts quotes a pair from it, with its age).
// A tickers read that fails leaves everything else working: the prices are "unavailable", never guessed. Their age is
// counted from when the answer arrived, on the client's server-time clock (the REST `ts` is the answer's own time,
// not the price's: reference D.4).
import type {BitgetClient} from '../api/client.js';
import {restTickerBook, type PriceRead} from '../loans/prices.js';
import {failureText} from './observe.js';

/** Every ticker, once (one request, 20/s per IP). */
export async function readPrices(client: Pick<BitgetClient, 'tickers' | 'clock'>, signal?: AbortSignal): Promise<PriceRead> {
	try {
		const page = await client.tickers(undefined, {signal});
		return {ok: true, book: restTickerBook(page.records, client.clock.now())};
	} catch (error) {
		signal?.throwIfAborted();
		return {ok: false, problem: failureText(error)};
	}
}
