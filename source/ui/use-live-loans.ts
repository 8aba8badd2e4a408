// Loans at the live prices between reads, for the Loans list and a loan's detail: the pairs their prices are quoted
// from are followed (ui/use-live-prices.ts), and a loan whose price moved since the read shows its LTV projected from
// it (operations/watch-live.ts, as `loan-tui watch` does), until the next read.
import {useMemo} from 'react';
import type {BitgetClient} from '../api/client.js';
import type {OngoingLoan} from '../api/loan-types.js';
import type {Ticker} from '../api/types.js';
import {liveSymbols, projectLoans} from '../operations/watch-live.js';
import type {PricesRead} from './use-prices.js';
import {useLivePrices} from './use-live-prices.js';

export interface LiveLoans<L extends OngoingLoan> {
	/** The loans, each moved one with its LTV (`pledgeRate`) projected. */
	loans: L[];
	/** The order ids of the projected loans. */
	projected: ReadonlySet<string>;
	/** The prices read with the loans, with the newer live ones in their place (undefined until read). */
	prices: PricesRead | undefined;
}

const NO_TICKERS: ReadonlyMap<string, Ticker> = new Map();

/** While `active`; otherwise the loans and prices as read. `debug`: the --debug log's line writer (AppServices.debug). */
export function useLiveLoans<L extends OngoingLoan>(
	client: Pick<BitgetClient, 'tickers'>,
	url: string | undefined,
	loans: readonly L[],
	prices: PricesRead | undefined,
	active = true,
	debug?: (line: string) => void,
): LiveLoans<L> {
	const book = prices?.prices.ok ? prices.prices.book : undefined;
	const symbols = useMemo(() => liveSymbols(loans, book), [loans, book]);
	const live = useLivePrices(client, url, symbols, book, active, debug, prices?.sentAt);
	// Prices measured against an earlier read are not this read's (for the one render before the new read is taken in).
	const tickers = live.book === book ? live.tickers : NO_TICKERS;
	return useMemo(() => {
		const projection = projectLoans(loans, book, tickers);
		const moved = projection.projected.size > 0 && prices !== undefined && projection.book !== undefined;
		return {loans: projection.loans, projected: projection.projected, prices: moved ? {...prices, prices: {ok: true, book: projection.book!}} : prices};
	}, [loans, book, tickers, prices]);
}
