// Live prices of a few pairs while a screen shows them (operations/price-feed.ts: the ticker stream, else the REST
// tickers polled), bounded against the prices read with the loans (operations/watch-live.ts LiveTickers: a read
// outranks what came before it, a far price waits for the REST tickers to confirm it, garbage is dropped). One feed per
// screen that asks, closed when it goes; the pairs can change while it runs.
import {useEffect, useReducer, useRef} from 'react';
import type {BitgetClient} from '../api/client.js';
import type {Ticker} from '../api/types.js';
import type {TickerBook} from '../loans/prices.js';
import {PriceFeed} from '../operations/price-feed.js';
import {LiveTickers} from '../operations/watch-live.js';

const NONE: ReadonlyMap<string, Ticker> = new Map();

export interface LivePrices {
	/** The read the prices are measured against: a screen uses them only with that read. */
	book: TickerBook | undefined;
	tickers: ReadonlyMap<string, Ticker>;
}

const QUIET: LivePrices = {book: undefined, tickers: NONE};

/** The live prices of `symbols` since `book` was read, while `active` (none until the first); `url` is the ticker
 * stream's (AppServices.priceStream), `debug` the --debug log's (the stream's drops and their reasons). */
export function useLivePrices(
	client: Pick<BitgetClient, 'tickers'>,
	url: string | undefined,
	symbols: readonly string[],
	book: TickerBook | undefined,
	active = true,
	debug?: (line: string) => void,
	/** When the read of `book` was sent (this machine's clock): a price received after that outranks it. */
	bookSentAt?: number,
): LivePrices {
	// The prices live in the feed's LiveTickers; a change draws again.
	const [, redraw] = useReducer((count: number) => count + 1, 0);
	const feed = useRef<{feed: PriceFeed; live: LiveTickers; landed?: {book: TickerBook | undefined}} | undefined>(undefined);
	const key = symbols.join(',');
	const running = active && key !== '';
	useEffect(() => {
		if (!running) return;
		const live = new LiveTickers({
			confirm: async (symbol) => (await client.tickers(symbol)).records.find((ticker) => ticker.symbol === symbol),
			onChange: redraw,
		});
		const started = new PriceFeed({url, client, debug}).start();
		feed.current = {feed: started, live};
		started.onUpdate((update) => {
			if (live.take(update) === 'shown') redraw();
		});
		redraw();
		return () => {
			started.close();
			live.close();
			feed.current = undefined;
		};
	}, [client, url, running, debug]);
	// A new read is taken in as it is drawn, not in an effect a frame later: for that frame its loans would show
	// without the prices received while it was on its way (a level dropped and raised again, the bell rung twice). The
	// prices received before it was sent no longer count; one received while it was on its way may be newer than what
	// it read, and stays.
	const current = running ? feed.current : undefined;
	if (current !== undefined && current.landed?.book !== book) {
		current.live.landed(book, bookSentAt);
		current.landed = {book};
	}
	useEffect(() => {
		feed.current?.feed.setInstIds(key === '' ? [] : key.split(','));
	}, [key, running]);
	return current === undefined ? QUIET : {book: current.live.anchoredTo, tickers: current.live.tickers};
}
