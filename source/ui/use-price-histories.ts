// The price histories of the pairs a screen shows (the pledge coin in the loan coin), each read once through the
// app's one reader (operations/price-history.ts keeps a pair an hour, and shares a read in flight). A pair is
// undefined until its answer comes; an answer stays while the screen lives. Nothing is read after unmount.
import {useEffect, useState} from 'react';
import type {PriceHistory, PriceHistoryReader} from '../operations/price-history.js';

export interface Pair {
	base: string;
	quote: string;
}

export const pairKey = (pair: Pair): string => `${pair.base}/${pair.quote}`;

export type PriceHistories = ReadonlyMap<string, PriceHistory>;

/** Each pair's history by pairKey, read while `active`. */
export function usePriceHistories(reader: PriceHistoryReader, pairs: readonly Pair[], active = true): PriceHistories {
	const [histories, setHistories] = useState<PriceHistories>(new Map());
	// The pairs as one string: a new array of the same pairs on each render reads nothing again.
	const wanted = [...new Set(pairs.map(pairKey))].sort().join(',');
	useEffect(() => {
		if (!active || wanted === '') return;
		const controller = new AbortController();
		for (const key of wanted.split(',')) {
			const [base, quote] = key.split('/') as [string, string];
			reader.read(base, quote, {signal: controller.signal}).then(
				(history) => {
					if (!controller.signal.aborted) setHistories((known) => new Map(known).set(key, history));
				},
				() => undefined,
			);
		}
		return () => controller.abort();
	}, [reader, wanted, active]);
	return histories;
}
