// How likely a loan's price is to reach its margin call or its liquidation before the loan's term ends. Pure: no I/O.
// Statistics, not money: plain numbers (the prices come in as the decimal strings shown elsewhere).
//
// The model: a driftless lognormal price with the realized volatility σ of the last 30 days of hourly closes. The
// chance that such a price touches a barrier B below today's price S within T years is the reflection principle's
// P = 2·N(ln(B/S) / (σ·√T)) (capped at 1). Beside it what the last 90 days say: of the windows of the same length,
// how many fell as far (historyCount). Neither is a promise; the words (format/chance-words.ts) say so.
import type {Period} from '../api/types.js';
import type {PricePoint, PriceSeries} from './price-series.js';

const HOUR_MS = 3_600_000;
const FOUR_HOURS_MS = 4 * HOUR_MS;
const DAY_MS = 24 * HOUR_MS;
const YEAR_MS = 365 * DAY_MS;
/** Crypto trades around the clock: a year is 24 × 365 hourly returns. */
const HOURS_PER_YEAR = 24 * 365;

/** The realized volatility is read from this many days of hourly closes. */
const VOLATILITY_DAYS = 30;
const VOLATILITY_CLOSES = VOLATILITY_DAYS * 24;
/** Fewer hourly closes than this share of the 720 and the volatility is not read: "no history", never a guess. */
const MIN_COVERAGE = 0.9;
/** What history says is read from this many days of 4-hour candles. */
const HISTORY_DAYS = 90;
/** A flexible loan has no term: its chance is read over this many days, and said so. */
const FLEXIBLE_DAYS = 30;

/** Of the windows of the horizon's length in the last 90 days, how many fell as far as the mark. */
export interface ChanceHistory {
	hits: number;
	windows: number;
	/** The window's length in days (the horizon's). */
	windowDays: number;
}

/** The chance of reaching one mark (the margin-call or the liquidation price) within the horizon. */
export interface MarkChance {
	/** 0..1; 1 once reached. */
	probability: number;
	/** Today's price is at or below the mark already. */
	reached: boolean;
	/** How far (fraction) the price may fall from today's before it reaches the mark: 1 − B/S; 0 once reached. */
	fall: number;
	/** Absent when reached, or when the 4-hour candles hold no whole window. */
	history?: ChanceHistory;
}

export type LoanChance =
	| {
			status: 'ok';
			/** Annualized realized volatility (a fraction: 0.62 is 62 % a year). */
			volatility: number;
			horizonDays: number;
			/** The loan has no term: the horizon is FLEXIBLE_DAYS, assumed. */
			flexible: boolean;
			marginCall: MarkChance;
			liquidation: MarkChance;
			/** How many hourly closes the volatility was read from (of 720). */
			closes: number;
	  }
	| {status: 'no history'; reason: string};

export interface LoanHorizon {
	horizonMs: number;
	flexible: boolean;
}

export interface ChanceInput {
	/** Today's price (the pledge coin in the loan coin), and the marks in the same coin: decimal strings. */
	price: string;
	marginCallPrice: string;
	liquidationPrice: string;
	horizonMs: number;
	flexible: boolean;
	/** Epoch ms the 30 and 90 days end at; default: the last candle's open time. Given, stale candles count as
	 * missing ones. */
	now?: number;
}

/** The chance of a loan's price reaching its margin call and its liquidation within `horizonMs`, from `series`; 'no
 * history' when fewer than 90 % of the last 30 days' hourly closes are there. */
export function loanChance(series: PriceSeries, input: ChanceInput): LoanChance {
	const price = Number(input.price);
	if (!(price > 0)) throw new RangeError('the price must be positive');
	const {volatility, closes} = realizedVolatility(series.hourly, input.now);
	if (closes < VOLATILITY_CLOSES * MIN_COVERAGE || volatility === undefined) {
		const found = closes === 0 ? 'none' : `only ${closes}`;
		return {status: 'no history', reason: `${found} of the ${VOLATILITY_CLOSES} hourly prices of the last ${VOLATILITY_DAYS} days`};
	}
	const horizonMs = Math.max(0, input.horizonMs);
	const mark = (markPrice: string): MarkChance => {
		const barrier = Number(markPrice);
		const {probability, reached} = barrierProbability(price, barrier, volatility, horizonMs / YEAR_MS);
		const fall = reached ? 0 : 1 - barrier / price;
		const history = reached ? undefined : historyCount(series.fourHourly, barrier / price, horizonMs, input.now);
		return {probability, reached, fall, ...(history === undefined ? {} : {history})};
	};
	return {
		status: 'ok',
		volatility,
		horizonDays: horizonMs / DAY_MS,
		flexible: input.flexible,
		marginCall: mark(input.marginCallPrice),
		liquidation: mark(input.liquidationPrice),
		closes,
	};
}

/** Annualized realized volatility of the hourly closes of the 30 days up to `end` (default: the last candle's open
 * time), and how many closes there were; undefined with fewer than three.
 *
 * A missing candle (no trade that hour, or the server's gap) is bridged, not dropped: the log return across a gap of k
 * hours is divided by √k, which under the model has the variance of one hourly return, so the move across the gap
 * still counts without weighing k times. */
export function realizedVolatility(hourly: readonly PricePoint[], end?: number): {volatility?: number; closes: number} {
	const last = end ?? hourly.at(-1)?.ts;
	if (last === undefined) return {closes: 0};
	const from = last - VOLATILITY_DAYS * DAY_MS;
	const points = hourly.filter((point) => point.ts > from && point.ts <= last && point.close > 0 && Number.isFinite(point.close));
	const returns: number[] = [];
	for (let i = 1; i < points.length; i++) {
		const hours = (points[i]!.ts - points[i - 1]!.ts) / HOUR_MS;
		if (hours <= 0) continue;
		returns.push(Math.log(points[i]!.close / points[i - 1]!.close) / Math.sqrt(hours));
	}
	if (returns.length < 2) return {closes: points.length};
	const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
	const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
	return {volatility: Math.sqrt(variance * HOURS_PER_YEAR), closes: points.length};
}

/** The standard normal CDF: 0.5 · erfc(−x/√2), with Numerical Recipes' erfc (Chebyshev fit, fractional error under
 * 1.2e-7: Press et al., Numerical Recipes in C, 2nd ed., §6.2, erfcc), so |error| < 1e-7. */
export function normalCdf(x: number): number {
	const z = Math.abs(x) / Math.SQRT2;
	const t = 1 / (1 + 0.5 * z);
	const poly =
		-1.26551223 +
		t *
			(1.00002368 +
				t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
	const erfcOfZ = t * Math.exp(-z * z + poly);
	return x >= 0 ? 1 - erfcOfZ / 2 : erfcOfZ / 2;
}

/** The chance a driftless lognormal price at `price` with annualized volatility `volatility` touches `barrier` (below
 * it) within `years`: min(1, 2·N(ln(B/S) / (σ·√T))). Reached (B ≥ S): 1. No volatility or no time left: 0. */
export function barrierProbability(price: number, barrier: number, volatility: number, years: number): {probability: number; reached: boolean} {
	if (barrier >= price) return {probability: 1, reached: true};
	if (!(barrier > 0) || !(volatility > 0) || !(years > 0)) return {probability: 0, reached: false};
	return {probability: Math.min(1, 2 * normalCdf(Math.log(barrier / price) / (volatility * Math.sqrt(years)))), reached: false};
}

/** What the last 90 days (to `end`, default the last candle's open time) of 4-hour candles say: of the windows of
 * `horizonMs` starting at each UTC day boundary, how many saw a low at or below the start's close × `ratio` (the mark ÷
 * today's price: the same relative fall). A window starts at the first candle opening at or after the boundary (within
 * 4 hours), from the close of the candle before it (a window without it is not counted), and spans the candles opening
 * within the horizon rounded up to whole candles; it must end by the last candle's close. A candle missing inside a
 * window (no trade) is no low. 90 days and 7 days: 83 windows; 1 day: 89. Undefined without one whole window. */
export function historyCount(fourHourly: readonly PricePoint[], ratio: number, horizonMs: number, end?: number): ChanceHistory | undefined {
	const lastCandle = fourHourly.at(-1);
	if (!(horizonMs > 0) || lastCandle === undefined) return undefined;
	const from = (end ?? lastCandle.ts) - HISTORY_DAYS * DAY_MS;
	const candles = fourHourly.filter((candle) => candle.ts > from && (end === undefined || candle.ts <= end));
	const first = candles[0];
	if (first === undefined) return undefined;
	const dataEnd = candles.at(-1)!.ts + FOUR_HOURS_MS;
	const span = Math.ceil(horizonMs / FOUR_HOURS_MS) * FOUR_HOURS_MS;
	let hits = 0;
	let windows = 0;
	let index = 0;
	for (let boundary = Math.ceil(first.ts / DAY_MS) * DAY_MS; boundary + span <= dataEnd; boundary += DAY_MS) {
		while (index < candles.length && candles[index]!.ts < boundary) index++;
		const start = candles[index];
		const before = candles[index - 1];
		if (start === undefined || start.ts >= boundary + FOUR_HOURS_MS || before === undefined || before.ts !== start.ts - FOUR_HOURS_MS) continue;
		if (start.ts + span > dataEnd) break;
		const level = before.close * ratio;
		let low = Infinity;
		for (let i = index; i < candles.length && candles[i]!.ts < start.ts + span; i++) low = Math.min(low, candles[i]!.low);
		windows++;
		if (low <= level) hits++;
	}
	return windows < 1 ? undefined : {hits, windows, windowDays: horizonMs / DAY_MS};
}

/** The horizon of an ongoing loan at `now`: what is left of its term (`expireTime` epoch ms), or, for a flexible loan
 * ("0"), 30 days, flexible. Undefined when the expiry is not a time (not given: never taken for flexible). A term
 * already over: 0. */
export function loanHorizon(expireTime: string | number | undefined, now: number): LoanHorizon | undefined {
	if (expireTime === undefined || (typeof expireTime === 'string' && !/^\d+$/.test(expireTime.trim()))) return undefined;
	const expires = Number(expireTime);
	if (!Number.isFinite(expires) || expires < 0) return undefined;
	if (expires === 0) return {horizonMs: FLEXIBLE_DAYS * DAY_MS, flexible: true};
	return {horizonMs: Math.max(0, expires - now), flexible: false};
}

const PERIOD_DAYS: Record<Period, number> = {SEVEN: 7, THIRTY: 30, FLEXIBLE: FLEXIBLE_DAYS};

/** The horizon of a new loan of `period`: its whole term; FLEXIBLE: 30 days, flexible. */
export function periodHorizon(period: Period): LoanHorizon {
	return {horizonMs: PERIOD_DAYS[period] * DAY_MS, flexible: period === 'FLEXIBLE'};
}
