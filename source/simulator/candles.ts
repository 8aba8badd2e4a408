// GET /api/v2/spot/market/candles (reference D.4) from a seeded random walk per coin that ends at the coin's price in
// the loan book now, so a pair's last close is its ticker (tickers.ts: base USDT price over quote USDT price).
//
// Each coin's hourly log-returns come from a hash of (seed, coin, absolute hour index), with the coin's own annual
// volatility: the same hour always moves the same way, on any server with the same seed. The path is laid backwards
// from the current price: the hour in progress moved r·√(elapsed fraction) from its open, every hour before it r. A
// pair's candle is the base coin's path over the quote coin's; bigger candles (4h, …) are the same hourly path
// grouped on UTC boundaries. Prices are statistics here (plain numbers), rounded to the pair's price precision; the
// last close is the ticker's own string. A coin listed lately (LoanBook.listedAt) has candles only from then on.
import type {LoanBook} from './loan-book.js';
import {failure, success, type Reply} from './reply.js';
import type {SymbolCatalogue} from './symbols.js';
import {hasTicker, lastPrice} from './tickers.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const HOURS_PER_YEAR = 8760;

/** The sizes served, in hours (all whole hours: one hourly path serves them all), and how far back each reaches
 * (reference D.4: 1h candles about 83 days; the longer ones far enough for 90 days and more). */
const GRANULARITIES: Readonly<Record<string, {hours: number; historyMs: number}>> = {
	'1h': {hours: 1, historyMs: 83 * DAY_MS},
	'4h': {hours: 4, historyMs: 400 * DAY_MS},
	'6h': {hours: 6, historyMs: 400 * DAY_MS},
	'12h': {hours: 12, historyMs: 400 * DAY_MS},
	'1day': {hours: 24, historyMs: 400 * DAY_MS},
};

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** Annual volatility of the coins with their own; any other coin gets 80–120 %, fixed by its name. USDT is the unit
 * every price is in: it does not move. */
const VOLATILITY: ReadonlyMap<string, number> = new Map([
	['USDT', 0],
	['USDC', 0.01],
	['BTC', 0.55],
	['ETH', 0.7],
]);

export function annualVolatility(coin: string): number {
	return VOLATILITY.get(coin) ?? 0.8 + (hashText(coin) % 41) / 100;
}

/** FNV-1a of a coin's name. */
function hashText(text: string): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
	return hash >>> 0;
}

/** Murmur3's finaliser over several words: a deterministic 32-bit hash, no global RNG. */
function mix(...words: number[]): number {
	let x = 0x9e3779b9;
	for (const word of words) {
		x = Math.imul(x ^ (word >>> 0), 0x85ebca6b);
		x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
		x ^= x >>> 16;
	}
	return x >>> 0;
}

/** A uniform number in (0, 1). */
const uniform = (...words: number[]) => (mix(...words) + 0.5) / 2 ** 32;

/** A standard normal number (Box–Muller) for (seed, coin, hour, stream). */
function normal(seed: number, coin: number, hour: number, stream: number): number {
	const u1 = uniform(seed, coin, hour, stream);
	const u2 = uniform(seed, coin, hour, stream + 1);
	return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** One coin's hour in log-USDT: where it opened and closed, and how far above and below those it went. */
interface LogHour {
	open: number;
	close: number;
	up: number;
	down: number;
}

/** A coin's hours `first`…the hour of `now`, laid backwards from its price now. */
function coinHours(coin: string, priceNow: number, seed: number, first: number, now: number): LogHour[] {
	const current = Math.floor(now / HOUR_MS);
	const hourly = annualVolatility(coin) / Math.sqrt(HOURS_PER_YEAR);
	const id = hashText(coin);
	const hours: LogHour[] = new Array<LogHour>(Math.max(0, current - first + 1));
	let close = Math.log(priceNow);
	for (let hour = current; hour >= first; hour--) {
		// The hour in progress has moved only part of its way: its spread grows as the square root of the time.
		const part = hour === current ? Math.sqrt((now - current * HOUR_MS) / HOUR_MS) : 1;
		const step = hourly * part;
		const open = close - step * normal(seed, id, hour, 0);
		const up = Math.abs(normal(seed, id, hour, 2)) * step * 0.6;
		const down = Math.abs(normal(seed, id, hour, 4)) * step * 0.6;
		hours[hour - first] = {open, close, up, down};
		close = open;
	}
	return hours;
}

/** A pair's candle as numbers, before it is printed. */
interface PriceCandle {
	ts: number;
	open: number;
	high: number;
	low: number;
	close: number;
}

/** The pair's hourly candles `first`…now: the base coin's hours over the quote coin's. Within an hour the two move
 * independently, so the pair's excursion is both coins' together. */
function pairHours(base: LogHour[], quote: LogHour[], first: number): PriceCandle[] {
	return base.map((a, i) => {
		const b = quote[i]!;
		const open = Math.exp(a.open - b.open);
		const close = Math.exp(a.close - b.close);
		return {
			ts: (first + i) * HOUR_MS,
			open,
			close,
			high: Math.max(open, close) * Math.exp(Math.hypot(a.up, b.down)),
			low: Math.min(open, close) * Math.exp(-Math.hypot(a.down, b.up)),
		};
	});
}

/** Hourly candles grouped `hours` at a time on UTC boundaries (the first group may start later: a new listing). */
function grouped(hourly: readonly PriceCandle[], hours: number): PriceCandle[] {
	if (hours === 1) return [...hourly];
	const groups: PriceCandle[] = [];
	for (const candle of hourly) {
		const ts = Math.floor(candle.ts / (hours * HOUR_MS)) * hours * HOUR_MS;
		const last = groups[groups.length - 1];
		if (last?.ts === ts) {
			last.close = candle.close;
			last.high = Math.max(last.high, candle.high);
			last.low = Math.min(last.low, candle.low);
		} else groups.push({...candle, ts});
	}
	return groups;
}

/** Plain decimal text at `places` decimals, without trailing zeros (as the tickers print: decimal.ts). */
function printed(value: number, places: number): string {
	const fixed = value.toFixed(places);
	return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

const whole = (text: string | null) => (text !== null && /^\d{1,16}$/.test(text) ? Number(text) : undefined);

export function handleCandles(params: URLSearchParams, symbols: SymbolCatalogue, book: LoanBook, now: number, seed: number): Reply {
	const symbol = params.get('symbol');
	if (!symbol) return failure('40019', 'Parameter symbol cannot be empty');
	const granularityText = params.get('granularity');
	if (!granularityText) return failure('40019', 'Parameter granularity cannot be empty');
	// Sub-hour sizes exist at Bitget; the simulator serves the whole-hour ones.
	const granularity = GRANULARITIES[granularityText];
	if (granularity === undefined) return failure('40020', 'Parameter granularity error');
	const limitText = params.get('limit');
	const limit = limitText === null ? DEFAULT_LIMIT : whole(limitText);
	if (limit === undefined || limit < 1) return failure('40020', 'Parameter limit error');
	// Over the maximum is refused, not clamped: a client asking for more than a page holds would otherwise take a short
	// answer for the whole history. Bitget's argless "verification failed" (reference: 400172).
	if (limit > MAX_LIMIT) return failure('400172', 'Parameter verification failed');
	const times: Partial<Record<'startTime' | 'endTime', number>> = {};
	for (const name of ['startTime', 'endTime'] as const) {
		const text = params.get(name);
		if (text === null) continue;
		const time = whole(text);
		if (time === undefined) return failure('40020', `Parameter ${name} error`);
		times[name] = time;
	}
	const record = symbols.records.find((candidate) => candidate.symbol === symbol);
	// A pair without a ticker (offline, a hidden coin) has no candles either: answered as an unknown pair.
	if (record === undefined || !hasTicker(record, book)) return failure('40034', 'Parameter symbol does not exist');

	const size = granularity.hours * HOUR_MS;
	const listed = Math.max(book.listedAt(record.baseCoin) ?? 0, book.listedAt(record.quoteCoin) ?? 0);
	const newest = Math.floor(Math.min(now, times.endTime ?? now) / size);
	const oldest = Math.max(
		Math.floor((now - granularity.historyMs) / size) + 1,
		Math.floor(listed / size),
		times.startTime === undefined ? 0 : Math.ceil(times.startTime / size),
		newest - limit + 1,
	);
	if (oldest > newest) return success([]);
	// The hourly path from the first hour asked for (or the listing) to now: laid back from the current price.
	const firstHour = Math.max(oldest * granularity.hours, Math.floor(listed / HOUR_MS));
	const base = coinHours(record.baseCoin, Number(book.price(record.baseCoin)), seed, firstHour, now);
	const quote = coinHours(record.quoteCoin, Number(book.price(record.quoteCoin)), seed, firstHour, now);
	const candles = grouped(pairHours(base, quote, firstHour), granularity.hours).filter((candle) => candle.ts <= newest * size);
	const places = Number(record.pricePrecision);
	const current = Math.floor(now / size) * size;
	const quoteUsdt = Number(book.price(record.quoteCoin));
	const data = candles.map((candle) => {
		// The candle in progress closes at the ticker's price, exactly; high and low still hold open and close once
		// printed.
		const close = candle.ts === current ? lastPrice(record, book) : printed(candle.close, places);
		const open = printed(candle.open, places);
		const high = printed(Math.max(candle.high, Number(open), Number(close)), places);
		const low = printed(Math.min(candle.low, Number(open), Number(close)), places);
		const baseVolume = 1000 + (mix(seed, hashText(symbol), candle.ts / HOUR_MS) % 100_000);
		const quoteVolume = baseVolume * Number(close);
		return [String(candle.ts), open, high, low, close, printed(baseVolume, 4), printed(quoteVolume * quoteUsdt, 4), printed(quoteVolume, 4)];
	});
	return success(data, () => data.map((candle) => candle.map(Number)));
}
