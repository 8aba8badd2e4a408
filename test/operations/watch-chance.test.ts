// watch --warn-chance through the watch session (operations/watch-session.ts, operations/watch-chance.ts) over the
// simulator's demo loans: ETH near its margin call (a flexible loan at 1545, call at 1462.55: about a 1-in-7 chance
// within 24 h at the simulator's 70 % a year) and BTC calm. The alert comes once per crossing with the probability
// chanceFrom gives on the very series the watch read; the candles are read once per pair however many reads follow;
// a loan without history is said once; a failed read is said and tried again an hour later. Reads are asked with
// readNow(); a read is over when the session comes back to its wait, and an alert is waited for, never slept on.
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {OngoingLoan} from '../../source/api/loan-types.js';
import type {PriceSeries} from '../../source/loans/price-series.js';
import {chanceFrom, chanceJson, chanceOfSeries} from '../../source/operations/loan-chance.js';
import {priceHistoryReader, type PriceHistory, type PriceHistoryReader} from '../../source/operations/price-history.js';
import type {LoanSeen, WatchEvent} from '../../source/operations/watch.js';
import {chanceWatchStarter, createChanceWatch, watchHorizon} from '../../source/operations/watch-chance.js';
import {eventJson, eventText} from '../../source/operations/watch-words.js';
import {createWatchSession, type WatchSession, type WatchSessionOptions} from '../../source/operations/watch-session.js';
import {waitForNextRead} from '../../source/operations/watch-wait.js';
import {localNow} from '../../source/state/process-identity.js';
import {useSimulator} from '../helpers/simulator.js';

const WAIT = {timeout: 20_000, interval: 10};
const HOUR_MS = 3_600_000;

describe('watch --warn-chance (the session over the simulator)', () => {
	const sim = useSimulator({demoLoans: true});
	const running: WatchSession[] = [];
	afterEach(async () => {
		for (const session of running.splice(0)) {
			session.stop();
			await session.ended.catch(() => undefined);
		}
	});
	const candleReads = () => sim.simulator.requests.filter((request) => request.operation === 'candles').map((request) => request.query);

	/** A reader that keeps what it answered for each pair, and counts the reads asked of it. */
	const recording = (reader: PriceHistoryReader) => {
		const answers = new Map<string, PriceHistory>();
		const asked: string[] = [];
		const wrapped: PriceHistoryReader = {
			async read(base, quote, options) {
				asked.push(`${base}/${quote}`);
				const history = await reader.read(base, quote, options);
				answers.set(`${base}/${quote}`, history);
				return history;
			},
		};
		return {reader: wrapped, answers, asked};
	};

	const watch = (threshold: number, over: Partial<WatchSessionOptions> & {now?: () => number} = {}) => {
		const client = sim.client();
		const recorded = recording(priceHistoryReader(client));
		const alerts: WatchEvent[] = [];
		const said: string[] = [];
		const state = {waits: 0};
		const {now, ...rest} = over;
		const session = createWatchSession({
			client,
			intervalMs: 3_600_000,
			minIntervalMs: 10_000,
			repeatMs: 30 * 60_000,
			thresholds: {},
			once: false,
			prices: {url: undefined},
			chance: chanceWatchStarter(recorded.reader, threshold, now),
			clocks: {
				local: localNow,
				wait: (ms, signal, setWake) => {
					state.waits += 1;
					return waitForNextRead(ms, signal, setWake);
				},
			},
			sink: {alert: (event) => alerts.push(event), say: (line) => said.push(line)},
			...rest,
		});
		running.push(session);
		const chances = () => alerts.filter((event) => event.kind === 'chance');
		return {session: session.start(), alerts, said, state, chances, ...recorded};
	};
	/** Asks for a read and waits until it is over (the session back at its wait). */
	const readOnce = async (run: ReturnType<typeof watch>) => {
		const waits = run.state.waits;
		run.session.readNow();
		await vi.waitFor(() => expect(run.state.waits).toBe(waits + 1), WAIT);
	};

	it("a chance within 24 h at or past P: one alert with chanceFrom's probability on the same series; the candles read once per pair", async () => {
		const {tight} = sim.demoLoanIds();
		const run = watch(0.05);
		await vi.waitFor(() => expect(run.chances()).toHaveLength(1), WAIT);
		const [event] = run.chances();
		expect(event).toMatchObject({kind: 'chance', orderId: tight, pledgeCoin: 'ETH', loanCoin: 'USDT', price: '1545', projected: false});
		// The very history the watch read, put to the same question: the same probability.
		const loan = sim.simulator.loans.all.find((one) => one.orderId === tight)!;
		const history = run.answers.get('ETH/USDT')!;
		const horizon = watchHorizon(undefined, event!.time);
		expect(horizon).toEqual({horizonMs: 24 * HOUR_MS, flexible: false});
		const expected = chanceJson(
			chanceFrom(history, {price: event!.price!, marginCallPrice: event!.marginCallPrice!, liquidationPrice: event!.liquidationPrice!, horizon}),
		);
		expect(expected.status).toBe('ok');
		expect(event!.chance).toEqual({
			marginCallProbability: expected.marginCallProbability,
			liquidationProbability: expected.liquidationProbability,
			threshold: 0.05,
			horizonHours: 24,
			volatility: expected.volatility,
		});
		expect(event!.chance!.marginCallProbability).toBeGreaterThan(0.05);
		expect(loan.daily).toBe('FLEXIBLE');
		const json = eventJson(event!);
		expect(json).toMatchObject({kind: 'chance', orderId: tight, marginCallProbability: expected.marginCallProbability, threshold: 0.05, horizonHours: 24});
		expect(eventText(event!)).toMatch(
			/^loan \d+ ETH\/USDT: CHANCE of a margin call within 24 h: 1-in-\d+ \(\d+%\), at or past --warn-chance 5% · ETH moved \d+% a year over the last 30 days · ETH at 1,545\.0000 USDT; margin call at 1,462\.5512 USDT \(advice: nothing is sent for it\)$/,
		);
		expect(run.said[0]).toMatch(
			/^--warn-chance: an alert when a loan's chance of a margin call within 24 h reaches 5% \(1-in-20\); advice only, it never tops up\. A model/,
		);

		// BTC's read too (it alerts nothing: its chance is far below 5 %); then many reads: no candle is read again.
		await vi.waitFor(() => expect(run.answers.has('BTC/USDT')).toBe(true), WAIT);
		expect(candleReads().sort()).toEqual([
			'granularity=1h&limit=720&symbol=BTCUSDT',
			'granularity=1h&limit=720&symbol=ETHUSDT',
			'granularity=4h&limit=540&symbol=BTCUSDT',
			'granularity=4h&limit=540&symbol=ETHUSDT',
		]);
		for (let i = 0; i < 4; i++) await readOnce(run);
		expect(run.chances()).toHaveLength(1);
		expect(candleReads()).toHaveLength(4);

		// Back below (ETH up), then at it again: a new crossing, a new alert.
		sim.simulator.setPrice('ETH', '1700');
		await readOnce(run);
		sim.simulator.setPrice('ETH', '1545');
		await readOnce(run);
		await vi.waitFor(() => expect(run.chances()).toHaveLength(2), WAIT);
		expect(candleReads()).toHaveLength(4);
		expect(run.alerts.filter((event) => event.kind === 'top-up')).toEqual([]);
	});

	it('a loan without history is said once, never judged; the other loan still is', async () => {
		sim.simulator.loans.setListedAt('BTC', Date.now() - 2 * 24 * HOUR_MS);
		const {calm} = sim.demoLoanIds();
		const run = watch(0.05);
		await vi.waitFor(() => expect(run.said.filter((line) => line.includes('cannot judge'))).toHaveLength(1), WAIT);
		await vi.waitFor(() => expect(run.chances()).toHaveLength(1), WAIT);
		for (let i = 0; i < 2; i++) await readOnce(run);
		const lines = run.said.filter((line) => line.includes('cannot judge'));
		expect(lines).toEqual([
			expect.stringMatching(
				new RegExp(
					`^loan ${calm} BTC/USDT: no price history for BTC \\(BTCUSDT has \\d+ hourly candles of the 720 of the last 30 days \\(listed lately\\)\\): --warn-chance cannot judge this loan$`,
				),
			),
		]);
		expect(run.chances().map((event) => event.pledgeCoin)).toEqual(['ETH']);
	});

	it('a failed read is said, not tried again within the hour, then read again and judged', async () => {
		const {tight} = sim.demoLoanIds();
		let now = Date.now();
		sim.simulator.injectFault({kind: 'unknown-code', operation: 'candles'});
		const run = watch(0.05, {orderIds: [tight], now: () => now});
		await vi.waitFor(() => expect(run.said.filter((line) => line.startsWith('could not read the price history'))).toHaveLength(1), WAIT);
		expect(run.said).toContain(
			'could not read the price history of ETH (99999 Unexpected condition (HTTP 400)): --warn-chance tries again in an hour and cannot judge its loans until then',
		);
		expect(run.asked).toEqual(['ETH/USDT']);
		await readOnce(run);
		await readOnce(run);
		expect(run.asked).toEqual(['ETH/USDT']);
		expect(run.chances()).toEqual([]);

		now += HOUR_MS;
		await readOnce(run);
		expect(run.asked).toEqual(['ETH/USDT', 'ETH/USDT']);
		await vi.waitFor(() => expect(run.chances()).toHaveLength(1), WAIT);
		expect(run.session.stopping).toBe(false);
	});

	it('--once: a chance at or past P is printed and counts as warn for the exit status; it never lowers a level', async () => {
		// ETH at 1590: its LTV 73.6 % is ok (warn from 75 %), yet about a 1-in-45 chance of a margin call within 24 h.
		sim.simulator.setPrice('ETH', '1590');
		const calm = watch(0.5, {once: true});
		await expect(calm.session.ended).resolves.toEqual({reason: 'read-once', worst: 'ok', unknownTopUps: 0});
		expect(calm.chances()).toEqual([]);
		const warned = watch(0.01, {once: true});
		await expect(warned.session.ended).resolves.toEqual({reason: 'read-once', worst: 'warn', unknownTopUps: 0});
		expect(warned.chances().map((event) => [event.pledgeCoin, event.level])).toEqual([['ETH', undefined]]);
		expect(warned.alerts.filter((event) => event.kind === 'level').map((event) => event.level)).toEqual(['ok', 'ok']);
		sim.simulator.setPrice('ETH', '1460');
		const called = watch(0.01, {once: true});
		await expect(called.session.ended).resolves.toMatchObject({worst: 'margin-call'});
	});
});

describe('the chance watch on its own (a series made to measure)', () => {
	const loan = {orderId: '1130000000000000002', pledgeCoin: 'ETH', loanCoin: 'USDT', expireTime: '0'} as OngoingLoan;
	const marks = {marginCallPrice: '1462.55', liquidationPrice: '1300'};
	/** 720 hourly closes moving ±0.75 % in turn: about 70 % a year. */
	const end = Date.UTC(2026, 10, 26, 12);
	const hourly = Array.from({length: 720}, (_, i) => {
		const close = 1545 * Math.exp(i % 2 === 0 ? 0 : 0.0075);
		return {ts: end - (719 - i) * HOUR_MS, close, low: close, high: close};
	});
	const series: PriceSeries = {base: 'ETH', quote: 'USDT', source: 'direct', symbols: ['ETHUSDT'], hourly, fourHourly: []};
	const probabilityAt = (price: number) => {
		const chance = chanceOfSeries(series, {price: String(price), ...marks, horizon: {horizonMs: 24 * HOUR_MS, flexible: false}});
		if (chance.status !== 'ok') throw new Error(chance.status);
		return chance.marginCall.probability;
	};
	/** The price at which the chance is `probability` (it falls as the price rises). */
	const priceFor = (probability: number) => {
		let [low, high] = [1463, 3000];
		for (let i = 0; i < 60; i++) {
			const middle = (low + high) / 2;
			if (probabilityAt(middle) > probability) low = middle;
			else high = middle;
		}
		return Number(high.toFixed(4));
	};
	const seen = (price: number, projected: boolean): LoanSeen => ({loan, ltv: '0.75', projected, price: String(price), ...marks});

	it('one alert per crossing: a projected one after the dwell; again only once back below 80 % of P', async () => {
		const alerts: WatchEvent[] = [];
		const said: string[] = [];
		const watch = createChanceWatch({
			reader: {read: async () => ({status: 'ok', series})},
			threshold: 0.1,
			alert: (event) => alerts.push(event),
			say: (line) => said.push(line),
			signal: new AbortController().signal,
		});
		await watch.read(end, [seen(priceFor(0.12), false)]);
		expect(alerts).toHaveLength(1);
		expect(alerts[0]!.chance!.marginCallProbability).toBeCloseTo(0.12, 5);
		// Wobbling down to 9 % and up again: the same crossing.
		watch.judge(end + 1000, [seen(priceFor(0.09), true)]);
		watch.judge(end + 2000, [seen(priceFor(0.15), true)]);
		watch.judge(end + 9000, [seen(priceFor(0.15), true)]);
		expect(alerts).toHaveLength(1);
		expect(watch.passing()).toBe(1);
		// Below 8 %: a new crossing may alert, a projected one once it has held 3 s.
		watch.judge(end + 10_000, [seen(priceFor(0.07), true)]);
		expect(watch.passing()).toBe(0);
		expect(watch.due()).toBeUndefined();
		watch.judge(end + 11_000, [seen(priceFor(0.11), true)]);
		// due() says when to judge again, in case no price follows (operations/watch-session.ts does).
		expect(watch.due()).toBe(end + 14_000);
		watch.judge(end + 13_999, [seen(priceFor(0.11), true)]);
		expect(alerts).toHaveLength(1);
		watch.judge(end + 14_000, [seen(priceFor(0.11), true)]);
		expect(alerts).toHaveLength(2);
		expect(watch.due()).toBeUndefined();
		expect(alerts[1]).toMatchObject({kind: 'chance', projected: true, chance: {threshold: 0.1, horizonHours: 24}});
		// A spike past P shorter than the dwell is no alert.
		watch.judge(end + 20_000, [seen(priceFor(0.05), false)]);
		watch.judge(end + 21_000, [seen(priceFor(0.2), true)]);
		watch.judge(end + 22_000, [seen(priceFor(0.05), true)]);
		watch.judge(end + 26_000, [seen(priceFor(0.2), true)]);
		expect(alerts).toHaveLength(2);
		// The margin-call price reached: the level alert says it; no chance alert.
		watch.judge(end + 30_000, [seen(1400, false)]);
		expect(alerts).toHaveLength(2);
		expect(said).toEqual([]);
	});

	it('the horizon: 24 h, or what is left of a fixed term that ends sooner; a flexible or unknown term is 24 h', () => {
		const now = end;
		expect(watchHorizon('0', now)).toEqual({horizonMs: 24 * HOUR_MS, flexible: false});
		expect(watchHorizon(undefined, now)).toEqual({horizonMs: 24 * HOUR_MS, flexible: false});
		expect(watchHorizon(String(now + 5 * 24 * HOUR_MS), now)).toEqual({horizonMs: 24 * HOUR_MS, flexible: false});
		expect(watchHorizon(String(now + 5 * HOUR_MS), now)).toEqual({horizonMs: 5 * HOUR_MS, flexible: false});
		expect(watchHorizon(String(now - HOUR_MS), now)).toEqual({horizonMs: 0, flexible: false});
	});
});
