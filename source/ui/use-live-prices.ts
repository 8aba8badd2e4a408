// Live prices of a few pairs while a screen shows them (operations/price-feed.ts: the ticker stream, else the REST
// tickers polled). One feed per screen that asks, closed when it goes; the pairs can change while it runs.
import {useEffect, useRef, useState} from 'react';
import type {BitgetClient} from '../api/client.js';
import type {Ticker} from '../api/types.js';
import {PriceFeed} from '../operations/price-feed.js';

const NONE: ReadonlyMap<string, Ticker> = new Map();

/** The newest price told per pair of `symbols` while `active` (empty until the first); `url` is the ticker stream's
 * (AppServices.priceStream). */
export function useLivePrices(client: Pick<BitgetClient, 'tickers'>, url: string | undefined, symbols: readonly string[], active = true): ReadonlyMap<string, Ticker> {
	const [tickers, setTickers] = useState<ReadonlyMap<string, Ticker>>(NONE);
	const feed = useRef<PriceFeed | undefined>(undefined);
	const key = symbols.join(',');
	const running = active && key !== '';
	useEffect(() => {
		if (!running) return;
		const started = new PriceFeed({url, client}).start();
		feed.current = started;
		started.onUpdate((update) => setTickers((previous) => new Map(previous).set(update.instId, {symbol: update.instId, lastPr: update.lastPr, ts: update.ts})));
		return () => {
			started.close();
			feed.current = undefined;
		};
	}, [client, url, running]);
	useEffect(() => {
		feed.current?.setInstIds(key === '' ? [] : key.split(','));
	}, [key, running]);
	return running ? tickers : NONE;
}
