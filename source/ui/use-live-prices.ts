// Live prices of a few pairs while a screen shows them (operations/price-feed.ts: the ticker stream, else the REST
// tickers polled). One feed per screen that asks, closed when it goes; the pairs can change while it runs.
import {useEffect, useRef, useState} from 'react';
import type {BitgetClient} from '../api/client.js';
import type {Ticker} from '../api/types.js';
import {PriceFeed} from '../operations/price-feed.js';

export interface LivePrices {
	/** The newest price told per pair (empty until the first). */
	tickers: ReadonlyMap<string, Ticker>;
	/** 'live' (the stream), 'polling' (the REST tickers), 'connecting' or 'down'; undefined before the feed starts. */
	status?: string;
}

const NONE: ReadonlyMap<string, Ticker> = new Map();

/** Follows `symbols` while `active`; `url` is the ticker stream's (AppServices.priceStream). */
export function useLivePrices(client: Pick<BitgetClient, 'tickers'>, url: string | undefined, symbols: readonly string[], active = true): LivePrices {
	const [live, setLive] = useState<LivePrices>({tickers: NONE});
	const feed = useRef<PriceFeed | undefined>(undefined);
	const key = symbols.join(',');
	const running = active && key !== '';
	useEffect(() => {
		if (!running) return;
		const started = new PriceFeed({url, client}).start();
		feed.current = started;
		started.onUpdate((update) =>
			setLive((previous) => ({...previous, tickers: new Map(previous.tickers).set(update.instId, {symbol: update.instId, lastPr: update.lastPr, ts: update.ts})})),
		);
		started.onStatus((change) => setLive((previous) => ({...previous, status: change.status})));
		return () => {
			started.close();
			feed.current = undefined;
		};
	}, [client, url, running]);
	useEffect(() => {
		feed.current?.setInstIds(key === '' ? [] : key.split(','));
	}, [key, running]);
	return live;
}
