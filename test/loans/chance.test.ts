// The chance of a margin call: the normal CDF against tabled values, the realized volatility and the barrier chance on
// series whose log returns are known exactly, and what history says on a hand-made 4-hour series counted by hand.
import {describe, expect, it} from 'vitest';
import {barrierProbability, historyCount, loanChance, loanHorizon, normalCdf, periodHorizon, realizedVolatility} from '../../source/loans/chance.js';
import type {PricePoint, PriceSeries} from '../../source/loans/price-series.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A UTC midnight, so day boundaries fall on whole days from it. */
const T0 = Date.UTC(2025, 0, 1);

/** Hourly candles at T0 + h hours for each h not in `missing`, whose log price moves by sign·r·√(gap) between
 * neighbours, the sign alternating: every gap-scaled return is ±r. The signs used are returned beside. */
function alternatingHourly(hours: number, r: number, missing: ReadonlySet<number> = new Set()): {points: PricePoint[]; returns: number[]} {
	const points: PricePoint[] = [];
	const returns: number[] = [];
	let logPrice = Math.log(100);
	let previous: number | undefined;
	for (let h = 0; h < hours; h++) {
		if (missing.has(h)) continue;
		if (previous !== undefined) {
			const sign = returns.length % 2 === 0 ? 1 : -1;
			returns.push(sign * r);
			logPrice += sign * r * Math.sqrt(h - previous);
		}
		previous = h;
		const close = Math.exp(logPrice);
		points.push({ts: T0 + h * HOUR, close, low: close, high: close});
	}
	return {points, returns};
}

/** The sample standard deviation, annualized by √(24·365): computed here from the known returns, not the prices. */
function annualized(returns: number[]): number {
	const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
	const variance = returns.reduce((a, b) => a + (b - mean) ** 2, 0) / (returns.length - 1);
	return Math.sqrt(variance * 24 * 365);
}

const series = (hourly: PricePoint[], fourHourly: PricePoint[] = []): PriceSeries => ({
	base: 'BTC',
	quote: 'USDT',
	source: 'direct',
	symbols: ['BTCUSDT'],
	hourly,
	fourHourly,
});

/** 4-hour candles over `days` days from T0, closing at 100 with lows at 99, changed where `at` says (candle index). */
function flatFourHourly(days: number, at: Record<number, Partial<PricePoint>> = {}): PricePoint[] {
	return Array.from({length: days * 6}, (_, i) => ({ts: T0 + i * 4 * HOUR, close: 100, low: 99, high: 101, ...at[i]}));
}

describe('the normal CDF', () => {
	it('matches the tabled values to 1e-7', () => {
		const table: [number, number][] = [
			[0, 0.5],
			[-1, 0.15865525393145707],
			[-1.96, 0.024997895148220435],
			[-3, 0.0013498980316301035],
			[1, 0.8413447460685429],
			[2.5, 0.9937903346742238],
			[-5, 2.866515718791939e-7],
		];
		for (const [x, expected] of table) expect(Math.abs(normalCdf(x) - expected)).toBeLessThan(1e-7);
	});

	it('is monotone and symmetric', () => {
		let previous = 0;
		for (let x = -8; x <= 8; x += 0.01) {
			const value = normalCdf(x);
			expect(value).toBeGreaterThanOrEqual(previous);
			expect(Math.abs(value + normalCdf(-x) - 1)).toBeLessThan(2e-7);
			previous = value;
		}
	});
});

describe('the realized volatility', () => {
	it('is the stdev of the hourly log returns, annualized by √(24·365)', () => {
		const {points, returns} = alternatingHourly(720, 0.01);
		const read = realizedVolatility(points);
		expect(read.closes).toBe(720);
		expect(returns).toHaveLength(719);
		expect(read.volatility).toBeCloseTo(annualized(returns), 12);
		// 360 returns of +r and 359 of −r: the sample stdev by hand.
		const n = 719;
		const byHand = Math.sqrt(((n * 0.01 ** 2 - 0.01 ** 2 / n) / (n - 1)) * 8760);
		expect(read.volatility).toBeCloseTo(byHand, 12);
	});

	it('bridges a gap: a return over k hours counts as one hourly return ÷ √k', () => {
		const {points, returns} = alternatingHourly(720, 0.02, new Set([100, 101, 102, 400]));
		const read = realizedVolatility(points);
		expect(read.closes).toBe(716);
		expect(returns).toHaveLength(715);
		expect(read.volatility).toBeCloseTo(annualized(returns), 12);
	});

	it('reads only the 30 days up to the end it is given', () => {
		const {points} = alternatingHourly(800, 0.01);
		expect(realizedVolatility(points).closes).toBe(720);
		// Five days after the last candle, the 30 days to then hold 720 − 5·24 = 600 of them.
		expect(realizedVolatility(points, T0 + 799 * HOUR + 5 * DAY).closes).toBe(600);
		expect(realizedVolatility([]).closes).toBe(0);
	});
});

describe('the barrier chance', () => {
	it('is 2·N(−1) when the mark is one σ√T below, 2·N(−1.96) at 1.96', () => {
		const sigma = 0.8;
		const years = 7 / 365;
		const oneSigma = 100 * Math.exp(-sigma * Math.sqrt(years));
		expect(barrierProbability(100, oneSigma, sigma, years).probability).toBeCloseTo(0.31731050786291415, 6);
		const farther = 100 * Math.exp(-1.96 * sigma * Math.sqrt(years));
		expect(barrierProbability(100, farther, sigma, years).probability).toBeCloseTo(0.04999579029644087, 6);
	});

	it('is 1 and reached at or above today’s price; 0 without volatility or time', () => {
		expect(barrierProbability(100, 100, 0.5, 0.1)).toEqual({probability: 1, reached: true});
		expect(barrierProbability(100, 120, 0, 0)).toEqual({probability: 1, reached: true});
		expect(barrierProbability(100, 90, 0, 0.1)).toEqual({probability: 0, reached: false});
		expect(barrierProbability(100, 90, 0.5, 0)).toEqual({probability: 0, reached: false});
		expect(barrierProbability(100, 90, 0.5, -1)).toEqual({probability: 0, reached: false});
		expect(barrierProbability(100, 0, 0.5, 0.1)).toEqual({probability: 0, reached: false});
	});

	it('never passes 1 and grows with time', () => {
		let previous = 0;
		for (let days = 1; days <= 3650; days += 7) {
			const {probability} = barrierProbability(100, 99.9, 2, days / 365);
			expect(probability).toBeLessThanOrEqual(1);
			expect(probability).toBeGreaterThanOrEqual(previous);
			previous = probability;
		}
	});
});

describe('what history says', () => {
	it('counts the windows that fell as far, by hand', () => {
		// Five days of 4-hour candles; 1-day windows start at day 1…4 (day 0 has no close before it): 4 windows.
		const candles = flatFourHourly(5, {
			// Day 0, 12:00: before every window.
			3: {low: 50},
			// Day 2, 08:00: 15 % below the start's close of 100: a hit at a 10 % fall.
			14: {low: 85},
			// Day 3, 04:00: 9 % below, not far enough.
			19: {low: 91},
			// Day 3, 20:00 closes at 120: day 4's window starts from it, and its 04:00 low of 105 is 12.5 % below.
			23: {close: 120, high: 120, low: 100},
			25: {low: 105},
		});
		expect(historyCount(candles, 0.9, DAY)).toEqual({hits: 2, windows: 4, windowDays: 1});
		// At a 20 % fall none did.
		expect(historyCount(candles, 0.8, DAY)).toEqual({hits: 0, windows: 4, windowDays: 1});
		// 2-day windows start at day 1…3: day 1 [d1, d3) holds the day 2 dip; day 2 too; day 3 [d3, d5) holds the 105 low
		// but from a close of 100 (day 2, 20:00) that is no 10 % fall.
		expect(historyCount(candles, 0.9, 2 * DAY)).toEqual({hits: 2, windows: 3, windowDays: 2});
	});

	it('90 days of 4-hour candles: 83 weekly windows, 89 daily ones, 60 of 30 days', () => {
		const candles = flatFourHourly(90);
		expect(historyCount(candles, 0.9, 7 * DAY)?.windows).toBe(83);
		expect(historyCount(candles, 0.9, DAY)?.windows).toBe(89);
		expect(historyCount(candles, 0.9, 30 * DAY)?.windows).toBe(60);
		// Every low is 1 % below the close: all of them reach a 0.5 % fall.
		expect(historyCount(candles, 0.995, 7 * DAY)?.hits).toBe(83);
		// Only the last 90 days are read: 100 days of candles still make 83 weeks.
		expect(historyCount(flatFourHourly(100), 0.9, 7 * DAY)?.windows).toBe(83);
	});

	it('a horizon between candles rounds up to whole candles that must fit', () => {
		// 5.3 days is 31.8 candles: 32, so a window needs 5 d 8 h of data after its boundary.
		const candles = flatFourHourly(10);
		// Boundaries day 1…4 fit (day 4 + 5 d 8 h ≤ day 10); day 5 does not.
		expect(historyCount(candles, 0.9, 5.3 * DAY)).toEqual({hits: 0, windows: 4, windowDays: 5.3});
	});

	it('a window without the close before it is not counted; no whole window is no count', () => {
		const candles = flatFourHourly(5).filter((candle) => candle.ts !== T0 + 2 * DAY - 4 * HOUR);
		expect(historyCount(candles, 0.9, DAY)?.windows).toBe(3);
		expect(historyCount(flatFourHourly(1), 0.9, DAY)).toBeUndefined();
		expect(historyCount(flatFourHourly(7), 0.9, 7 * DAY)).toBeUndefined();
		expect(historyCount(flatFourHourly(8), 0.9, 7 * DAY)?.windows).toBe(1);
		expect(historyCount([], 0.9, DAY)).toBeUndefined();
		expect(historyCount(flatFourHourly(5), 0.9, 0)).toBeUndefined();
	});

	it('candles off the day grid start at the first one after the boundary', () => {
		const shifted = flatFourHourly(90).map((candle) => ({...candle, ts: candle.ts + 2 * HOUR}));
		expect(historyCount(shifted, 0.9, 7 * DAY)?.windows).toBe(83);
	});
});

describe('a loan’s chance', () => {
	const r = 0.01;
	const {points, returns} = alternatingHourly(720, r);
	const sigma = annualized(returns);
	const horizonMs = 7 * DAY;
	const years = 7 / 365;
	/** A mark `k` σ√T below today's price of 100. */
	const below = (k: number) => String(100 * Math.exp(-k * sigma * Math.sqrt(years)));

	it('reads both marks with the series’ volatility, and history beside', () => {
		const chance = loanChance(series(points, flatFourHourly(90)), {
			price: '100',
			marginCallPrice: below(1),
			liquidationPrice: below(1.96),
			horizonMs,
			flexible: false,
		});
		expect(chance.status).toBe('ok');
		if (chance.status !== 'ok') return;
		expect(chance.volatility).toBeCloseTo(sigma, 12);
		expect(chance.closes).toBe(720);
		expect(chance.horizonDays).toBe(7);
		expect(chance.flexible).toBe(false);
		expect(chance.marginCall.probability).toBeCloseTo(0.31731050786291415, 6);
		expect(chance.liquidation.probability).toBeCloseTo(0.04999579029644087, 6);
		expect(chance.marginCall.reached).toBe(false);
		expect(chance.marginCall.fall).toBeCloseTo(1 - Number(below(1)) / 100, 12);
		expect(chance.marginCall.history).toEqual({hits: 0, windows: 83, windowDays: 7});
	});

	it('a mark at or above today’s price is reached, with no history count', () => {
		const chance = loanChance(series(points, flatFourHourly(90)), {price: '100', marginCallPrice: '101', liquidationPrice: '90', horizonMs, flexible: false});
		if (chance.status !== 'ok') throw new Error('expected a chance');
		expect(chance.marginCall).toEqual({probability: 1, reached: true, fall: 0});
		expect(chance.liquidation.reached).toBe(false);
	});

	it('a price that never moved: no chance unless reached', () => {
		const flat = points.map((point) => ({...point, close: 100, low: 100, high: 100}));
		const chance = loanChance(series(flat), {price: '100', marginCallPrice: '99', liquidationPrice: '100', horizonMs, flexible: false});
		if (chance.status !== 'ok') throw new Error('expected a chance');
		expect(chance.volatility).toBe(0);
		expect(chance.marginCall.probability).toBe(0);
		expect(chance.marginCall.history).toBeUndefined();
		expect(chance.liquidation).toEqual({probability: 1, reached: true, fall: 0});
	});

	it('no time left: no chance; a flexible loan reads 30 days', () => {
		const over = loanChance(series(points), {price: '100', marginCallPrice: below(1), liquidationPrice: below(2), horizonMs: -5, flexible: false});
		if (over.status !== 'ok') throw new Error('expected a chance');
		expect(over.horizonDays).toBe(0);
		expect(over.marginCall.probability).toBe(0);
		const flexible = loanChance(series(points), {price: '100', marginCallPrice: below(1), liquidationPrice: below(2), ...periodHorizon('FLEXIBLE')});
		if (flexible.status !== 'ok') throw new Error('expected a chance');
		expect(flexible.flexible).toBe(true);
		expect(flexible.horizonDays).toBe(30);
		// Over 30 days instead of 7 the same mark is √(7/30) σ√T away: P = 2·N(−√(7/30)).
		expect(flexible.marginCall.probability).toBeCloseTo(2 * normalCdf(-Math.sqrt(7 / 30)), 9);
	});

	it('no history under 90 % of the 720 hourly closes, and says why', () => {
		const short = alternatingHourly(600, r).points;
		expect(loanChance(series(short), {price: '100', marginCallPrice: '90', liquidationPrice: '80', horizonMs, flexible: false})).toEqual({
			status: 'no history',
			reason: 'only 600 of the 720 hourly prices of the last 30 days',
		});
		expect(loanChance(series([]), {price: '100', marginCallPrice: '90', liquidationPrice: '80', horizonMs, flexible: false})).toEqual({
			status: 'no history',
			reason: 'none of the 720 hourly prices of the last 30 days',
		});
		// 650 of 720 is enough; candles that stopped 5 days before `now` are not.
		expect(
			loanChance(series(alternatingHourly(650, r).points), {price: '100', marginCallPrice: '90', liquidationPrice: '80', horizonMs, flexible: false}).status,
		).toBe('ok');
		const stale = loanChance(series(points), {
			price: '100',
			marginCallPrice: '90',
			liquidationPrice: '80',
			horizonMs,
			flexible: false,
			now: T0 + 719 * HOUR + 5 * DAY,
		});
		expect(stale.status).toBe('no history');
	});

	it('gaps in the hourly closes still give the gap-scaled volatility', () => {
		const gapped = alternatingHourly(720, r, new Set([10, 11, 12, 13, 500]));
		const chance = loanChance(series(gapped.points), {price: '100', marginCallPrice: '90', liquidationPrice: '80', horizonMs, flexible: false});
		if (chance.status !== 'ok') throw new Error('expected a chance');
		expect(chance.closes).toBe(715);
		expect(chance.volatility).toBeCloseTo(annualized(gapped.returns), 12);
	});
});

describe('the horizon', () => {
	const now = T0;
	it('a fixed loan: what is left of its term; flexible ("0"): 30 days, said so', () => {
		expect(loanHorizon(String(now + 3 * DAY), now)).toEqual({horizonMs: 3 * DAY, flexible: false});
		expect(loanHorizon(now + HOUR, now)).toEqual({horizonMs: HOUR, flexible: false});
		expect(loanHorizon('0', now)).toEqual({horizonMs: 30 * DAY, flexible: true});
		expect(loanHorizon(0, now)).toEqual({horizonMs: 30 * DAY, flexible: true});
		expect(loanHorizon(String(now - DAY), now)).toEqual({horizonMs: 0, flexible: false});
	});

	it('an expiry not given or not a time is no horizon, never flexible', () => {
		expect(loanHorizon(undefined, now)).toBeUndefined();
		expect(loanHorizon('', now)).toBeUndefined();
		expect(loanHorizon('soon', now)).toBeUndefined();
		expect(loanHorizon(Number.NaN, now)).toBeUndefined();
	});

	it('a new loan: its period', () => {
		expect(periodHorizon('SEVEN')).toEqual({horizonMs: 7 * DAY, flexible: false});
		expect(periodHorizon('THIRTY')).toEqual({horizonMs: 30 * DAY, flexible: false});
		expect(periodHorizon('FLEXIBLE')).toEqual({horizonMs: 30 * DAY, flexible: true});
	});
});
