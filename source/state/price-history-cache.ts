// Each pair's price history on disk (XDG cache directory), so the next run within the hour asks Bitget nothing: one
// small private file per pair and API origin (price-history/<origin>-<BASE>-<QUOTE>.json), written whole and renamed
// (state/private-file.ts), read bounded (state/bounded-file.ts) and checked field by field; anything else is simply
// not used. Public market data only: no secrets here. Files older than a day are removed when the next one is written.
import {lstat, readdir, rm} from 'node:fs/promises';
import {join} from 'node:path';
import * as v from 'valibot';
import type {PriceSeries} from '../loans/price-series.js';
import {sourceName} from './completion-cache.js';
import {readPrivateFile, writePrivateFile} from './private-file.js';

const FORMAT = 1;
const FOLDER = 'price-history';
/** 720 + 540 points of about 80 bytes are some 100 KB; anything much larger is not ours. */
const MAX_FILE_BYTES = 1024 * 1024;
/** Files of pairs not read for this long go when the next one is written. */
const REMOVE_AFTER_MS = 24 * 3_600_000;
const COIN = /^[A-Z0-9]{1,20}$/;

/** A pair's history as kept: its candles, or why there are none (a failure to read is never kept). */
export type StoredPriceHistory = {status: 'ok'; series: PriceSeries} | {status: 'no history'; reason: string};

interface CachedPriceHistory {
	/** When it was read from the API, on this machine's clock (epoch ms). */
	fetchedAt: number;
	history: StoredPriceHistory;
}

export interface PriceHistoryCache {
	/** The pair's kept history, whatever its age; undefined when there is none that can be read. */
	read(base: string, quote: string): Promise<CachedPriceHistory | undefined>;
	/** Keeps the pair's history; a failure to write is the caller's to ignore. */
	write(base: string, quote: string, cached: CachedPriceHistory): Promise<void>;
}

const positive = v.pipe(v.number(), v.finite(), v.minValue(Number.MIN_VALUE));
const pointSchema = v.object({ts: v.pipe(v.number(), v.integer(), v.minValue(0)), close: positive, low: positive, high: positive});
const coinSchema = v.pipe(v.string(), v.regex(COIN));
const historySchema = v.variant('status', [
	v.object({
		status: v.literal('ok'),
		series: v.object({
			base: coinSchema,
			quote: coinSchema,
			source: v.picklist(['direct', 'usdt']),
			symbols: v.pipe(v.array(v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,40}$/))), v.maxLength(2)),
			hourly: v.array(pointSchema),
			fourHourly: v.array(pointSchema),
		}),
	}),
	v.object({status: v.literal('no history'), reason: v.pipe(v.string(), v.maxLength(500))}),
]);
const fileSchema = v.object({
	format: v.literal(FORMAT),
	origin: v.string(),
	base: coinSchema,
	quote: coinSchema,
	fetchedAt: v.pipe(v.number(), v.integer()),
	history: historySchema,
});

/** The cache of the API at `origin`, in loan-tui's cache directory. */
export function priceHistoryCacheAt(cacheDirectory: string, origin: string): PriceHistoryCache {
	const folder = join(cacheDirectory, FOLDER);
	// A coin name that is not plain letters and digits never becomes part of a path.
	const fileOf = (base: string, quote: string) =>
		COIN.test(base) && COIN.test(quote) ? join(folder, `${sourceName(origin)}-${base}-${quote}.json`) : undefined;
	let tidied = false;
	return {
		async read(base, quote) {
			const file = fileOf(base, quote);
			if (file === undefined) return undefined;
			const read = await readPrivateFile(file, MAX_FILE_BYTES);
			if (read.status !== 'read') return undefined;
			try {
				const parsed = v.safeParse(fileSchema, JSON.parse(read.text));
				if (!parsed.success) return undefined;
				const kept = parsed.output;
				if (kept.origin !== origin || kept.base !== base || kept.quote !== quote) return undefined;
				return {fetchedAt: kept.fetchedAt, history: kept.history};
			} catch {
				return undefined;
			}
		},
		async write(base, quote, cached) {
			const file = fileOf(base, quote);
			if (file === undefined) return;
			await writePrivateFile(file, `${JSON.stringify({format: FORMAT, origin, base, quote, ...cached})}\n`);
			if (tidied) return;
			tidied = true;
			await removeOld(folder, Date.now());
		},
	};
}

/** Removes the pairs' files (and temporary files left by a crash) not written for a day. */
async function removeOld(folder: string, now: number): Promise<void> {
	const names = await readdir(folder).catch(() => [] as string[]);
	for (const name of names) {
		if (!name.endsWith('.json') && !name.endsWith('.tmp')) continue;
		const path = join(folder, name);
		const stat = await lstat(path).catch(() => undefined);
		if (stat?.isFile() && now - stat.mtimeMs > REMOVE_AFTER_MS) await rm(path, {force: true}).catch(() => undefined);
	}
}
