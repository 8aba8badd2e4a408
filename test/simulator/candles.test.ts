// The simulator's candles: a seeded path per coin that ends at the loan book's price now, served like Bitget's
// (reference D.4): public, 20/s per IP, ascending arrays of strings, hour-aligned, limit and time range honoured.
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {Simulator} from '../../source/simulator/index.js';
import {annualVolatility} from '../../source/simulator/candles.js';
import {call, freezeClock, simulatorsPerTest, windowStartOffset} from './helpers.js';

const CANDLES = '/api/v2/spot/market/candles';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Row = [string, string, string, string, string, string, string, string];

const sim = simulatorsPerTest({clockOffsetMs: 0});

async function candles(s: Simulator, query: string): Promise<Row[]> {
	const answer = await call(s, 'GET', `${CANDLES}?${query}`);
	expect(answer.json, answer.text).toMatchObject({code: '00000'});
	return answer.json.data as Row[];
}

async function refusal(s: Simulator, query: string) {
	const answer = await call(s, 'GET', `${CANDLES}?${query}`);
	return {status: answer.status, code: answer.json.code as string, msg: answer.json.msg as string};
}

// Date frozen (timers and I/O stay real): every answer of a test is taken at one instant, so two reads compare exactly.
beforeEach(() => freezeClock());
afterEach(() => {
	vi.useRealTimers();
});

describe('candles (simulator over loopback)', () => {
	it('ascending hourly candles on hour boundaries, unsigned, the last one the candle in progress closing at the ticker', async () => {
		const s = await sim();
		const rows = await candles(s, 'symbol=BTCUSDT&granularity=1h&limit=5');
		expect(rows).toHaveLength(5);
		const now = Date.now();
		const times = rows.map((row) => Number(row[0]));
		expect(times).toEqual([4, 3, 2, 1, 0].map((back) => Math.floor(now / HOUR_MS) * HOUR_MS - back * HOUR_MS));
		for (const row of rows) {
			expect(row).toHaveLength(8);
			for (const value of row) expect(value).toMatch(/^\d+(\.\d+)?$/);
			const [, open, high, low, close] = row.map(Number) as number[];
			expect(low).toBeLessThanOrEqual(Math.min(open!, close!));
			expect(high).toBeGreaterThanOrEqual(Math.max(open!, close!));
		}
		expect(rows[4]![4]).toBe('26800');
		// The book's price moves the whole path: it still ends there.
		s.setPrice('BTC', '30000');
		const moved = await candles(s, 'symbol=BTCUSDT&granularity=1h&limit=5');
		expect(moved[4]![4]).toBe('30000');
		expect(Number(moved[0]![1]) / Number(rows[0]![1])).toBeCloseTo(30000 / 26800, 3);
		// A cross pair is the base coin's path over the quote coin's: ETHBTC ends at its ticker too.
		const [ticker] = (await call(s, 'GET', '/api/v2/spot/market/tickers?symbol=ETHBTC')).json.data as Array<{lastPr: string}>;
		expect((await candles(s, 'symbol=ETHBTC&granularity=1h&limit=1'))[0]![4]).toBe(ticker!.lastPr);
		expect(s.requests.every((request) => request.headers['access-sign'] === undefined)).toBe(true);
	});

	it('the same seed, clock and prices give the same candles on another server; another seed another path', async () => {
		const query = 'symbol=SOLUSDT&granularity=1h&limit=300';
		const first = await candles(await sim({candleSeed: 7}), query);
		const again = await candles(await sim({candleSeed: 7}), query);
		const other = await candles(await sim({candleSeed: 8}), query);
		expect(again).toEqual(first);
		expect(other).not.toEqual(first);
		// Only the end is pinned: both paths close at the price now.
		expect(other.at(-1)![4]).toBe(first.at(-1)![4]);
	});

	it('a 4-hour candle is its four hours: the first open, the last close, the highest high and the lowest low', async () => {
		const s = await sim();
		const hourly = await candles(s, 'symbol=ETHUSDT&granularity=1h&limit=100');
		const fourHourly = await candles(s, 'symbol=ETHUSDT&granularity=4h&limit=10');
		expect(fourHourly).toHaveLength(10);
		for (const candle of fourHourly) {
			const start = Number(candle[0]);
			expect(start % (4 * HOUR_MS)).toBe(0);
			const hours = hourly.filter((row) => Number(row[0]) >= start && Number(row[0]) < start + 4 * HOUR_MS);
			expect(hours.length).toBeGreaterThan(0);
			expect(Number(candle[1])).toBe(Number(hours[0]![1]));
			expect(Number(candle[4])).toBe(Number(hours.at(-1)![4]));
			expect(Number(candle[2])).toBe(Math.max(...hours.map((row) => Number(row[2]))));
			expect(Number(candle[3])).toBe(Math.min(...hours.map((row) => Number(row[3]))));
		}
		// Each hour opens where the one before it closed.
		for (let i = 1; i < hourly.length; i++) expect(hourly[i]![1]).toBe(hourly[i - 1]![4]);
	});

	it('honours limit (100 by default, 1000 at most), startTime and endTime; 1h reaches back about 83 days, 4h past 90', async () => {
		const s = await sim();
		const now = Date.now();
		const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
		expect(await candles(s, 'symbol=BTCUSDT&granularity=1h')).toHaveLength(100);
		expect(await candles(s, 'symbol=BTCUSDT&granularity=1h&limit=1000')).toHaveLength(1000);
		expect(await refusal(s, 'symbol=BTCUSDT&granularity=1h&limit=1001')).toEqual({status: 400, code: '400172', msg: 'Parameter verification failed'});
		expect(await refusal(s, 'symbol=BTCUSDT&granularity=1h&limit=0')).toMatchObject({status: 400, code: '40020'});
		// endTime: the most recent `limit` candles opened at or before it.
		const ended = await candles(s, `symbol=BTCUSDT&granularity=1h&limit=3&endTime=${hour - 10 * HOUR_MS}`);
		expect(ended.map((row) => Number(row[0]))).toEqual([12, 11, 10].map((back) => hour - back * HOUR_MS));
		// startTime: none opened before it.
		const started = await candles(s, `symbol=BTCUSDT&granularity=1h&limit=1000&startTime=${hour - 5 * HOUR_MS + 1}`);
		expect(started.map((row) => Number(row[0]))).toEqual([4, 3, 2, 1, 0].map((back) => hour - back * HOUR_MS));
		// The whole hourly history: about 83 days, however far back asked.
		const old = await candles(s, `symbol=BTCUSDT&granularity=1h&limit=1000&startTime=${now - 200 * DAY_MS}&endTime=${now - 60 * DAY_MS}`);
		expect(Number(old[0]![0])).toBeGreaterThan(now - 83 * DAY_MS);
		expect(Number(old[0]![0])).toBeLessThanOrEqual(now - 82 * DAY_MS);
		expect(Number(old.at(-1)![0])).toBeLessThanOrEqual(now - 60 * DAY_MS);
		// 90 days of 4-hour candles.
		const quarter = await candles(s, 'symbol=BTCUSDT&granularity=4h&limit=540');
		expect(quarter).toHaveLength(540);
		expect(Number(quarter[0]![0])).toBeLessThan(now - 89 * DAY_MS);
	});

	it('each coin moves with its own volatility: BTC about 55 % a year, USDC hardly at all', async () => {
		const s = await sim();
		const realized = async (symbol: string) => {
			const rows = await candles(s, `symbol=${symbol}&granularity=1h&limit=1000`);
			const closes = rows.slice(0, -1).map((row) => Number(row[4]));
			const returns = closes.slice(1).map((close, i) => Math.log(close / closes[i]!));
			const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
			const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
			return Math.sqrt(variance * 8760);
		};
		expect(annualVolatility('BTC')).toBe(0.55);
		expect(await realized('BTCUSDT')).toBeGreaterThan(0.45);
		expect(await realized('BTCUSDT')).toBeLessThan(0.65);
		expect(await realized('USDCUSDT')).toBeLessThan(0.05);
		expect(annualVolatility('DOGE')).toBeGreaterThanOrEqual(0.8);
		expect(annualVolatility('DOGE')).toBeLessThanOrEqual(1.2);
	});

	it('a coin listed lately has candles only from its listing on (TON by default); a test lists any coin when it likes', async () => {
		const s = await sim();
		const now = Date.now();
		const listed = s.loans.listedAt('TON')!;
		expect(listed).toBe(now - 5 * DAY_MS);
		const ton = await candles(s, 'symbol=TONUSDT&granularity=1h&limit=720');
		expect(ton).toHaveLength(5 * 24 + 1);
		expect(Number(ton[0]![0])).toBe(Math.floor(listed / HOUR_MS) * HOUR_MS);
		expect(await candles(s, 'symbol=TONUSDC&granularity=4h&limit=540')).toHaveLength(31);
		s.loans.setListedAt('TON', undefined);
		expect(await candles(s, 'symbol=TONUSDT&granularity=1h&limit=720')).toHaveLength(720);
		s.loans.setListedAt('ETH', now - 2 * DAY_MS);
		expect(await candles(s, 'symbol=ETHBTC&granularity=1h&limit=720')).toHaveLength(49);
		// reset() lists TON anew and ETH long ago again.
		s.reset();
		expect(await candles(s, 'symbol=ETHBTC&granularity=1h&limit=720')).toHaveLength(720);
		expect(await candles(s, 'symbol=TONUSDT&granularity=1h&limit=720')).toHaveLength(121);
	});

	it('a pair without a ticker answers as an unknown pair (40034); missing or odd parameters are refused', async () => {
		const s = await sim();
		const unknown = {status: 400, code: '40034', msg: 'Parameter symbol does not exist'};
		expect(await refusal(s, 'symbol=ZZZUSDT&granularity=1h')).toEqual(unknown);
		// Offline pairs and a coin whose tickers are hidden.
		expect(await refusal(s, 'symbol=LUNAUSDT&granularity=1h')).toEqual(unknown);
		s.loans.hideTickers('SOL', true);
		expect(await refusal(s, 'symbol=SOLUSDT&granularity=1h')).toEqual(unknown);
		expect(await refusal(s, 'granularity=1h')).toEqual({status: 400, code: '40019', msg: 'Parameter symbol cannot be empty'});
		expect(await refusal(s, 'symbol=BTCUSDT')).toEqual({status: 400, code: '40019', msg: 'Parameter granularity cannot be empty'});
		expect(await refusal(s, 'symbol=BTCUSDT&granularity=2h')).toEqual({status: 400, code: '40020', msg: 'Parameter granularity error'});
		expect(await refusal(s, 'symbol=BTCUSDT&granularity=1h&endTime=soon')).toEqual({status: 400, code: '40020', msg: 'Parameter endTime error'});
	});

	it('is limited to 20 requests a second per IP, like the tickers', async () => {
		const s = await sim({clockOffsetMs: windowStartOffset()});
		const answers = await Promise.all(Array.from({length: 21}, () => call(s, 'GET', `${CANDLES}?symbol=BTCUSDT&granularity=1h&limit=1`)));
		expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
		expect(answers.filter((answer) => answer.status === 429)).toHaveLength(1);
	});
});
