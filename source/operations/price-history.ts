// A pair's recent price path (loans/price-series.ts), read from Bitget's candles (reference D.4) once per pair and
// kept for an hour: in memory per reader (callers of the same pair at once share one read) and on disk
// (state/price-history-cache.ts), expiring an hour after it was read, on this machine's clock.
//
// The pair is the loan's price pair (reference D.4): the BASEQUOTE pair's own candles when it exists (an unknown pair
// answers 40034, and is then read the other way), else the ratio of both coins' USDT candles, aligned by open time.
// A pair listed lately (too few hourly candles for the last 30 days) is read as that ratio too when that is another
// read; with too few candles either way it has "no history" — never a guess. A read that fails (network, the server,
// a 429 the client's own retries could not outwait) is "unavailable" and kept nowhere: the next read asks again. The
// client's limiter per operation (20/s for the candles) keeps many pairs read at once within Bitget's limit.
import type {BitgetClient} from '../api/client.js';
import {ApiError} from '../api/errors.js';
import {settledOrAborted} from '../api/sleep.js';
import type {Candle} from '../api/types.js';
import type {PricePoint, PriceSeries} from '../loans/price-series.js';
import {priceHistoryCacheAt, type PriceHistoryCache, type StoredPriceHistory} from '../state/price-history-cache.js';
import {failureText} from './observe.js';

/** A pair's history: its series, why there is none, or why it could not be read. */
export type PriceHistory = StoredPriceHistory | {status: 'unavailable'; problem: string};

export interface PriceHistoryReader {
	/** `base` in `quote` (the pledge coin in the loan coin: BTC, USDT). Resolves with 'unavailable' rather than throwing;
	 * only the caller's signal rejects it (with its reason), and the read goes on for the other callers and the cache. */
	read(base: string, quote: string, options?: {signal?: AbortSignal}): Promise<PriceHistory>;
}

export interface PriceHistoryOptions {
	/** loan-tui's cache directory (config.directories.cache): each pair kept there for an hour. None: memory only (the
	 * demo's simulator, tests). */
	cacheDirectory?: string;
	/** This machine's clock, for the hour a history is kept (tests). */
	now?: () => number;
}

const HOUR_MS = 3_600_000;
/** How long a read is kept. */
const KEEP_MS = HOUR_MS;
/** The hourly candles of the last 30 days (the realized volatility) and the 4-hour ones of the last 90 days (what
 * history says). */
const HOURLY_CANDLES = 30 * 24;
const FOUR_HOUR_CANDLES = 90 * 6;
/** Fewer hourly candles than this (90 % of 30 days) is a pair listed lately: no history. */
const ENOUGH_HOURLY = Math.ceil(HOURLY_CANDLES * 0.9);

/** One symbol's candles as read, or "no such pair" (40034). */
type SymbolRead = {status: 'ok'; hourly: Candle[]; fourHourly: Candle[]} | {status: 'missing'};

/** A read with the time it was read at (this machine's clock); none for one that is not kept (a failure). */
type Read<T> = T & {fetchedAt?: number};

/** A read kept in memory: in flight, or settled with the time it was read at (kept for an hour from then). */
interface Kept<T> {
	promise: Promise<T>;
	fetchedAt?: number;
}

const points = (candles: readonly Candle[]): PricePoint[] =>
	candles.map((candle) => ({ts: candle.ts, close: Number(candle.close), low: Number(candle.low), high: Number(candle.high)}));

/**
 * The ratio of two paths aligned by open time (a path undefined is USDT itself: 1 throughout). The close is the ratio
 * of the closes; the low and the high are bounds, not prices seen: the numerator's low over the denominator's high,
 * and its high over the other's low (both extremes need not have fallen in the same moment).
 */
function ratio(numerator: readonly Candle[] | undefined, denominator: readonly Candle[] | undefined): PricePoint[] {
	const one = (ts: number): Candle => ({ts, open: '1', high: '1', low: '1', close: '1'});
	const times = (numerator ?? denominator ?? []).map((candle) => candle.ts);
	const byTime = (candles: readonly Candle[] | undefined) => (candles === undefined ? undefined : new Map(candles.map((candle) => [candle.ts, candle])));
	const a = byTime(numerator);
	const b = byTime(denominator);
	const aligned: PricePoint[] = [];
	for (const ts of times) {
		const top = a === undefined ? one(ts) : a.get(ts);
		const bottom = b === undefined ? one(ts) : b.get(ts);
		if (top === undefined || bottom === undefined) continue;
		aligned.push({
			ts,
			close: Number(top.close) / Number(bottom.close),
			low: Number(top.low) / Number(bottom.high),
			high: Number(top.high) / Number(bottom.low),
		});
	}
	return aligned;
}

const tooFew = (symbols: string, count: number) =>
	count === 0 ? `${symbols} has no candles` : `${symbols} has ${count} hourly candles of the ${HOURLY_CANDLES} of the last 30 days (listed lately)`;

export function priceHistoryReader(client: Pick<BitgetClient, 'candles' | 'origin'>, options: PriceHistoryOptions = {}): PriceHistoryReader {
	const now = options.now ?? Date.now;
	const disk: PriceHistoryCache | undefined = options.cacheDirectory === undefined ? undefined : priceHistoryCacheAt(options.cacheDirectory, client.origin);
	const pairs = new Map<string, Kept<Read<PriceHistory>>>();
	const symbols = new Map<string, Kept<Read<SymbolRead>>>();

	const fresh = (fetchedAt: number) => {
		const age = now() - fetchedAt;
		return age >= 0 && age < KEEP_MS;
	};

	/** The read kept under `key` while it is in flight or under an hour old; else a new one, kept while in flight and,
	 * once it resolves with a time it was read at, for an hour from then. */
	function once<T extends {fetchedAt?: number}>(kept: Map<string, Kept<T>>, key: string, start: () => Promise<T>): Promise<T> {
		const found = kept.get(key);
		if (found && (found.fetchedAt === undefined || fresh(found.fetchedAt))) return found.promise;
		const entry: Kept<T> = {promise: start()};
		kept.set(key, entry);
		const forget = () => {
			if (kept.get(key) === entry) kept.delete(key);
		};
		entry.promise.then((value) => {
			if (value.fetchedAt === undefined) forget();
			else entry.fetchedAt = value.fetchedAt;
		}, forget);
		return entry.promise;
	}

	/** A symbol's hourly and 4-hour candles (both at once), shared by the pairs that need it; failures thrown. */
	function readSymbol(symbol: string): Promise<Read<SymbolRead>> {
		return once(symbols, symbol, async (): Promise<Read<SymbolRead>> => {
			const fetchedAt = now();
			try {
				const [hourly, fourHourly] = await Promise.all([
					client.candles(symbol, {granularity: '1h', limit: HOURLY_CANDLES}),
					client.candles(symbol, {granularity: '4h', limit: FOUR_HOUR_CANDLES}),
				]);
				return {status: 'ok', hourly: hourly.records, fourHourly: fourHourly.records, fetchedAt};
			} catch (error) {
				if (error instanceof ApiError && error.code === '40034') return {status: 'missing', fetchedAt};
				throw error;
			}
		});
	}

	/** The ratio of both coins' USDT candles. */
	async function readRatio(base: string, quote: string): Promise<Read<StoredPriceHistory>> {
		const usdt = (coin: string) => (coin === 'USDT' ? undefined : readSymbol(`${coin}USDT`));
		const [a, b] = await Promise.all([usdt(base), usdt(quote)]);
		const fetchedAt = Math.min(a?.fetchedAt ?? Number.POSITIVE_INFINITY, b?.fetchedAt ?? Number.POSITIVE_INFINITY);
		const missing = [a?.status === 'missing' ? base : undefined, b?.status === 'missing' ? quote : undefined].filter((coin) => coin !== undefined);
		if (missing.length > 0) {
			const named = missing.map((coin) => `${coin}USDT`).join(' nor ');
			return {status: 'no history', reason: `neither ${base}${quote} nor ${named} is traded`, fetchedAt};
		}
		const candlesOf = (read: Read<SymbolRead> | undefined) => (read?.status === 'ok' ? read : undefined);
		const [top, bottom] = [candlesOf(a), candlesOf(b)];
		const hourly = ratio(top?.hourly, bottom?.hourly);
		const used = [top && `${base}USDT`, bottom && `${quote}USDT`].filter((symbol) => symbol !== undefined);
		if (hourly.length < ENOUGH_HOURLY) return {status: 'no history', reason: tooFew(used.join(' over '), hourly.length), fetchedAt};
		const series: PriceSeries = {base, quote, source: 'usdt', symbols: used, hourly, fourHourly: ratio(top?.fourHourly, bottom?.fourHourly)};
		return {status: 'ok', series, fetchedAt};
	}

	/** The pair read from the API: the direct pair, else (or when it is too young) the ratio. */
	async function fetchPair(base: string, quote: string): Promise<Read<StoredPriceHistory>> {
		const direct = `${base}${quote}`;
		const read = await readSymbol(direct);
		if (read.status === 'ok' && read.hourly.length >= ENOUGH_HOURLY) {
			const series: PriceSeries = {base, quote, source: 'direct', symbols: [direct], hourly: points(read.hourly), fourHourly: points(read.fourHourly)};
			return {status: 'ok', series, fetchedAt: read.fetchedAt};
		}
		const young: Read<StoredPriceHistory> | undefined =
			read.status === 'ok' ? {status: 'no history', reason: tooFew(direct, read.hourly.length), fetchedAt: read.fetchedAt} : undefined;
		// A pair of USDT is its own USDT pair: the ratio would read it again.
		if (young && (base === 'USDT' || quote === 'USDT')) return young;
		const ratioRead = await readRatio(base, quote);
		// A young pair whose coins are young too: say what the pair itself has.
		return ratioRead.status !== 'ok' && young ? young : ratioRead;
	}

	/** The pair from memory, disk or the API; 'unavailable' (never kept) when the API read failed. */
	function readPair(base: string, quote: string): Promise<Read<PriceHistory>> {
		return once(pairs, `${base}/${quote}`, async (): Promise<Read<PriceHistory>> => {
			const stored = await disk?.read(base, quote).catch(() => undefined);
			if (stored !== undefined && fresh(stored.fetchedAt)) return {...stored.history, fetchedAt: stored.fetchedAt};
			let read: Read<StoredPriceHistory>;
			try {
				read = await fetchPair(base, quote);
			} catch (error) {
				return {status: 'unavailable', problem: failureText(error)};
			}
			const {fetchedAt, ...history} = read;
			await disk?.write(base, quote, {fetchedAt: fetchedAt!, history}).catch(() => undefined);
			return read;
		});
	}

	return {
		async read(pledge, loan, readOptions = {}) {
			const [base, quote] = [pledge.trim().toUpperCase(), loan.trim().toUpperCase()];
			if (base === quote) return {status: 'no history', reason: `${base} in ${base} is always 1`};
			const history = readPair(base, quote);
			await settledOrAborted(history, readOptions.signal);
			const {fetchedAt: _fetchedAt, ...found} = await history;
			return found as PriceHistory;
		},
	};
}
