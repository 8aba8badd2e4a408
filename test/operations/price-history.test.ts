// A pair's price history read through the client from the simulator's candles: direct and ratio pairs, kept for an
// hour in memory and on disk (what was not sent is read from the simulator's request log), "no history" for a new
// listing, "unavailable" when the read fails, and many pairs at once within the 20/s of the candles.
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {RateLimiter} from '../../source/api/rate-limiter.js';
import {priceHistoryReader, type PriceHistory} from '../../source/operations/price-history.js';
import type {PriceSeries} from '../../source/loans/price-series.js';
import {useSimulator} from '../helpers/simulator.js';
import {track, untilReal} from '../helpers/clock.js';

const HOUR_MS = 3_600_000;

const directories: string[] = [];
function cacheDirectory(): string {
	const directory = mkdtempSync(join(tmpdir(), 'loan-tui-history-'));
	directories.push(directory);
	return directory;
}
afterEach(() => {
	vi.useRealTimers();
	for (const directory of directories.splice(0)) rmSync(directory, {recursive: true, force: true});
});

function seriesOf(history: PriceHistory): PriceSeries {
	if (history.status !== 'ok') throw new Error(`expected a series, got ${JSON.stringify(history)}`);
	return history.series;
}

const candleReads = (sim: {simulator: {requests: Array<{operation: string; query: string}>}}) =>
	sim.simulator.requests.filter((request) => request.operation === 'candles').map((request) => request.query);

describe('price history (simulator over loopback)', () => {
	const sim = useSimulator();

	it('a pair that is traded: its own hourly candles of 30 days and 4-hour ones of 90, ending at its price', async () => {
		const reader = priceHistoryReader(sim.client());
		const series = seriesOf(await reader.read('BTC', 'USDT'));
		expect(series).toMatchObject({base: 'BTC', quote: 'USDT', source: 'direct', symbols: ['BTCUSDT']});
		expect(series.hourly).toHaveLength(720);
		expect(series.fourHourly).toHaveLength(540);
		expect(series.hourly.at(-1)!.close).toBe(26800);
		for (const points of [series.hourly, series.fourHourly]) {
			for (let i = 1; i < points.length; i++) expect(points[i]!.ts).toBeGreaterThan(points[i - 1]!.ts);
			for (const point of points) {
				expect(point.low).toBeLessThanOrEqual(point.close);
				expect(point.high).toBeGreaterThanOrEqual(point.close);
			}
		}
		expect(candleReads(sim).sort()).toEqual(['granularity=1h&limit=720&symbol=BTCUSDT', 'granularity=4h&limit=540&symbol=BTCUSDT']);
	});

	it('a pair that is not traded: the ratio of both coins’ USDT candles, aligned by time; USDT itself is 1', async () => {
		const reader = priceHistoryReader(sim.client());
		const series = seriesOf(await reader.read('SOL', 'ETH'));
		expect(series).toMatchObject({base: 'SOL', quote: 'ETH', source: 'usdt', symbols: ['SOLUSDT', 'ETHUSDT']});
		expect(series.hourly).toHaveLength(720);
		expect(series.hourly.at(-1)!.close).toBeCloseTo(21.35 / 1545, 12);
		for (const point of series.hourly) {
			expect(point.low).toBeLessThanOrEqual(point.close);
			expect(point.high).toBeGreaterThanOrEqual(point.close);
		}
		// SOLETH answered 40034 and was read no further.
		expect(sim.simulator.requests.filter((request) => request.query.includes('SOLETH')).map((request) => request.code)).toEqual(['40034', '40034']);
		// USDT pledged for BTC: one over BTC's price, its low one over BTC's high.
		const inverse = seriesOf(await reader.read('USDT', 'BTC'));
		expect(inverse).toMatchObject({source: 'usdt', symbols: ['BTCUSDT']});
		expect(inverse.hourly.at(-1)!.close).toBeCloseTo(1 / 26800, 12);
		const btc = seriesOf(await reader.read('BTC', 'USDT')).hourly;
		expect(inverse.hourly[0]!.low).toBeCloseTo(1 / btc[0]!.high, 15);
	});

	it('read once an hour: callers at once share one read; the next within the hour, of this reader or the next run, sends nothing', async () => {
		let now = Date.now();
		const clock = () => now;
		const directory = cacheDirectory();
		const client = sim.client();
		const reader = priceHistoryReader(client, {cacheDirectory: directory, now: clock});
		const [a, b, c] = await Promise.all([reader.read('ETH', 'USDT'), reader.read('ETH', 'USDT'), reader.read('ETH', 'USDT')]);
		expect(candleReads(sim)).toHaveLength(2);
		expect(b).toEqual(a);
		expect(c).toEqual(a);
		expect(readdirSync(join(directory, 'price-history'))).toHaveLength(1);

		now += HOUR_MS - 1;
		expect(await reader.read('ETH', 'USDT')).toEqual(a);
		// Another run (a new reader) finds it on disk.
		const nextRun = priceHistoryReader(sim.client(), {cacheDirectory: directory, now: clock});
		expect(await nextRun.read('ETH', 'USDT')).toEqual(a);
		expect(candleReads(sim)).toHaveLength(2);

		// An hour after it was read (this machine's clock), both are read again.
		now += 1;
		expect(seriesOf(await reader.read('ETH', 'USDT')).hourly).toHaveLength(720);
		expect(candleReads(sim)).toHaveLength(4);
		expect(seriesOf(await priceHistoryReader(sim.client(), {cacheDirectory: directory, now: clock}).read('ETH', 'USDT')).symbols).toEqual(['ETHUSDT']);
		expect(candleReads(sim)).toHaveLength(4);
		// A clock set back makes the kept one no younger: read again.
		now -= 2 * HOUR_MS;
		await priceHistoryReader(sim.client(), {cacheDirectory: directory, now: clock}).read('ETH', 'USDT');
		expect(candleReads(sim)).toHaveLength(6);
	});

	it('a damaged or foreign cache file is not used', async () => {
		const directory = cacheDirectory();
		const client = sim.client();
		await priceHistoryReader(client, {cacheDirectory: directory}).read('ETH', 'USDT');
		const [name] = readdirSync(join(directory, 'price-history'));
		const file = join(directory, 'price-history', name!);
		const kept = JSON.parse(readFileSync(file, 'utf8')) as {history: {series: {hourly: Array<{close: unknown}>}}};
		kept.history.series.hourly[0]!.close = 'lots';
		writeFileSync(file, JSON.stringify(kept));
		await priceHistoryReader(client, {cacheDirectory: directory}).read('ETH', 'USDT');
		expect(candleReads(sim)).toHaveLength(4);
		writeFileSync(file, '{"format":1');
		await priceHistoryReader(client, {cacheDirectory: directory}).read('ETH', 'USDT');
		expect(candleReads(sim)).toHaveLength(6);
	});

	it('a coin listed lately has no history, said in words, and kept for the hour too', async () => {
		const reader = priceHistoryReader(sim.client());
		expect(await reader.read('TON', 'USDT')).toEqual({
			status: 'no history',
			reason: 'TONUSDT has 121 hourly candles of the 720 of the last 30 days (listed lately)',
		});
		// TONUSDC is young, and so is the ratio through TONUSDT: what the pair itself has is said.
		expect(await reader.read('TON', 'USDC')).toMatchObject({status: 'no history', reason: expect.stringContaining('TONUSDC has 121 hourly candles')});
		const sent = candleReads(sim).length;
		expect(await reader.read('TON', 'USDT')).toMatchObject({status: 'no history'});
		expect(candleReads(sim)).toHaveLength(sent);
		// A coin with no USDT pair at all, and a coin in itself.
		sim.simulator.loans.hideTickers('DOGE', true);
		expect(await reader.read('DOGE', 'ETH')).toEqual({status: 'no history', reason: 'neither DOGEETH nor DOGEUSDT is traded'});
		expect(await reader.read('BTC', 'BTC')).toMatchObject({status: 'no history'});
		// A listing set by the test: BTC two days old.
		sim.simulator.loans.setListedAt('BTC', Date.now() - 2 * 24 * HOUR_MS);
		expect(await priceHistoryReader(sim.client()).read('BTC', 'USDT')).toMatchObject({status: 'no history', reason: expect.stringContaining('BTCUSDT has 49')});
	});

	it('unavailable when the read fails, with the reason, and not kept: the next read asks again', async () => {
		const directory = cacheDirectory();
		const reader = priceHistoryReader(sim.client(), {cacheDirectory: directory});
		sim.simulator.injectFault({kind: 'unknown-code', operation: 'candles'});
		const failed = await reader.read('ETH', 'USDT');
		expect(failed).toEqual({status: 'unavailable', problem: '99999 Unexpected condition (HTTP 400)'});
		expect(readdirSync(directory)).toEqual([]);
		expect(seriesOf(await reader.read('ETH', 'USDT')).hourly).toHaveLength(720);
		// A coin that is no coin is refused before anything is sent.
		const sent = sim.simulator.requests.length;
		expect(await reader.read('B?C', 'usdt')).toEqual({status: 'unavailable', problem: 'symbol must be ASCII letters and digits, like BTCUSDT'});
		expect(sim.simulator.requests).toHaveLength(sent);
		sim.simulator.setAvailable(false);
		expect(await priceHistoryReader(sim.client()).read('BTC', 'USDT')).toMatchObject({status: 'unavailable', problem: expect.stringContaining('503')});
	});

	it("a caller's abort ends its wait, not the read the others share", async () => {
		const reader = priceHistoryReader(sim.client());
		const controller = new AbortController();
		const abandoned = reader.read('ETH', 'USDT', {signal: controller.signal});
		const kept = reader.read('ETH', 'USDT');
		controller.abort(new Error('left the screen'));
		await expect(abandoned).rejects.toThrow('left the screen');
		expect(seriesOf(await kept).hourly).toHaveLength(720);
	});
});

describe('many pairs at once', () => {
	const sim = useSimulator();

	it('30 pairs read in parallel stay within the 20/s of the candles: no 429, every pair its series', async () => {
		// One faked clock for both sides (Date and setTimeout: the client's limiter and the simulator's per-second
		// windows, in this process); HTTP stays real. Time moves on only once every request let go so far has been
		// answered, so each lands in the second it was let go in, however slow the machine.
		vi.useFakeTimers({toFake: ['Date', 'setTimeout', 'clearTimeout']});
		vi.setSystemTime(Math.ceil(Date.now() / 1000) * 1000 + 5);
		const client = sim.client();
		const limiter = (client as unknown as {limiters: {candles: RateLimiter}}).limiters.candles;
		let started = 0;
		const counted = {
			origin: client.origin,
			candles: (...args: Parameters<typeof client.candles>) => {
				started++;
				return client.candles(...args);
			},
		};
		const reader = priceHistoryReader(counted);
		const direct = 'BTC ETH SOL XRP DOGE BNB ADA TRX LTC DOT LINK AVAX POL SHIB ATOM UNI NEAR APT ARB OP FIL PEPE SUI ETC BCH XLM'.split(' ');
		const pairs: Array<[string, string]> = [
			...direct.map((coin): [string, string] => [coin, 'USDT']),
			['SOL', 'ETH'],
			['DOGE', 'BTC'],
			['BNB', 'ETH'],
			['ADA', 'BTC'],
		];
		expect(pairs).toHaveLength(30);
		const all = track(Promise.all(pairs.map(([base, quote]) => reader.read(base, quote))));
		const requests = sim.simulator.requests;
		const limited = () => requests.some((request) => request.status === 429);
		while (!all.settled) {
			// Quiet: every request let go so far has been answered, and the rest wait for the limiter's next second.
			const quiet = () => limiter.pending > 0 && requests.length === started - limiter.pending && requests.every((request) => request.status !== undefined);
			await untilReal(() => all.settled || limited() || quiet(), 'the requests let go to be answered');
			if (limited()) break;
			if (!all.settled) vi.advanceTimersByTime(1050);
		}
		expect(requests.filter((request) => request.status === 429)).toEqual([]);
		await untilReal(() => all.settled, 'every pair');
		const histories = all.value!;
		expect(histories.map((history) => history.status)).toEqual(pairs.map(() => 'ok'));
		// 26 direct pairs read twice each, and the 4 others tried directly (40034) before their coins' USDT pairs,
		// already read for the direct ones.
		expect(requests).toHaveLength(60);
		const perSecond = new Map<number, number>();
		for (const request of requests) perSecond.set(Math.floor(request.at / 1000), (perSecond.get(Math.floor(request.at / 1000)) ?? 0) + 1);
		expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(20);
	});
});
