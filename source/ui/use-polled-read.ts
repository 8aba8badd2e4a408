// One read at a time, kept fresh: sent at once, again every `everyMs` while that is given, and on demand. A new read
// aborts the one before and leaving the screen aborts the last, so an answer that comes late is dropped: what is
// taken in is always the newest read's. The Loans list (screens/loans/use-loan-book.ts) and a loan's detail
// (screens/loan/use-loan.ts) read this way, the tickers inside the same read as the loans (ui/use-prices.ts
// readPricesNow): the prices a loan's LTV is projected from are that read's.
import {useCallback, useEffect, useRef} from 'react';

export interface PolledReadHandlers<T> {
	/** A read is sent; `number` counts the reads from 1. */
	started?(number: number): void;
	/** The answer of the newest read. */
	took(value: T, number: number): void;
	/** Why the newest read failed (or `took` threw). */
	failed(error: unknown, number: number): void;
}

/** `read` is sent with the signal that aborts it; a new `read` (its dependencies changed) reads again at once. The
 * handlers may change every render: the newest are called. Returns "read again now", which says the number of the
 * read it sent (an answer numbered from it on is newer than the moment it was called). */
export function usePolledRead<T>(read: (signal: AbortSignal) => Promise<T>, handlers: PolledReadHandlers<T>, everyMs?: number): () => number {
	const controller = useRef<AbortController | undefined>(undefined);
	const count = useRef(0);
	const latest = useRef(handlers);
	latest.current = handlers;

	// Once the screen has gone, "read again" sends nothing (an outcome may come in after it was left).
	const gone = useRef(false);
	useEffect(
		() => () => {
			gone.current = true;
		},
		[],
	);

	const refresh = useCallback(() => {
		if (gone.current) return count.current;
		controller.current?.abort();
		const mine = new AbortController();
		controller.current = mine;
		const number = ++count.current;
		latest.current.started?.(number);
		void (async () => {
			try {
				const value = await read(mine.signal);
				if (!mine.signal.aborted) latest.current.took(value, number);
			} catch (error) {
				if (!mine.signal.aborted) latest.current.failed(error, number);
			}
		})();
		return number;
	}, [read]);

	useEffect(() => {
		refresh();
		return () => controller.current?.abort();
	}, [refresh]);
	useEffect(() => {
		if (everyMs === undefined) return;
		const timer = setInterval(refresh, everyMs);
		return () => clearInterval(timer);
	}, [refresh, everyMs]);

	return refresh;
}
