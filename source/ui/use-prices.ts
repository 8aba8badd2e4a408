// Every ticker, read once while `active` and again each time `readKey` changes (the loans read again, a review
// opened): operations/prices.ts, one unsigned request. A newer read replaces the last answer when it comes; until
// then the last answer stays on screen. A read that fails is an answer too: "prices unavailable", and why.
import {useEffect, useState} from 'react';
import type {BitgetClient} from '../api/client.js';
import type {PriceRead} from '../loans/prices.js';
import {readPrices} from '../operations/prices.js';

export interface PricesRead {
	prices: PriceRead;
	/** Server time when the answer came, epoch ms. */
	at: number;
	/** This machine's time when the request left: a live price received after it may be newer than this read's. */
	sentAt: number;
}

/** Every ticker, read now: with a read of the loans, sent beside it, so the loans' LTVs and the prices they are
 * projected from are one read's (an LTV read at one price and projected from another moves a loan's level for nothing). */
export async function readPricesNow(client: Pick<BitgetClient, 'tickers' | 'clock'>, signal?: AbortSignal): Promise<PricesRead> {
	const sentAt = Date.now();
	const prices = await readPrices(client, signal);
	return {prices, at: client.clock.now(), sentAt};
}

/** undefined until the first answer. */
export function usePrices(client: Pick<BitgetClient, 'tickers' | 'clock'>, active: boolean, readKey?: unknown): PricesRead | undefined {
	const [read, setRead] = useState<PricesRead | undefined>(undefined);
	useEffect(() => {
		if (!active) return;
		const controller = new AbortController();
		readPricesNow(client, controller.signal).then(
			(prices) => !controller.signal.aborted && setRead(prices),
			() => undefined,
		);
		return () => controller.abort();
	}, [client, active, readKey]);
	return read;
}
