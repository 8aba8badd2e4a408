// The price feed against the real simulator over loopback (its ticker stream and REST tickers), with the feed's
// timers in the test's hands (ManualTimers): a reconnect, a ping or a poll happens when the test moves the time, and
// every wait is for an explicit event (a status, an update, a debug line, the simulator's records) with a bound.
import {afterEach, describe, expect, it} from 'vitest';
import {untilReal} from '../helpers/clock.js';
import {ManualTimers} from '../helpers/manual-timers.js';
import {useSimulator} from '../helpers/simulator.js';
import type {TickerSocketEvents} from '../../source/api/ticker-socket.js';
import {PriceFeed, type FeedStatusChange, type PriceFeedOptions, type PriceUpdate} from '../../source/operations/price-feed.js';
import {tickerStreamUrl} from '../../source/runtime/config.js';

/** Longer than any back-off (capped at 60 s), shorter than nothing else that matters here. */
const PAST_ANY_BACKOFF = 60_000;

describe('the price feed (simulator over loopback)', () => {
	const sim = useSimulator();
	const feeds: PriceFeed[] = [];
	afterEach(() => {
		for (const feed of feeds.splice(0)) feed.close();
	});

	function watch(options: Partial<PriceFeedOptions> & {instIds: string[]}) {
		const timers = new ManualTimers();
		const updates: PriceUpdate[] = [];
		const statuses: FeedStatusChange[] = [];
		const debug: string[] = [];
		const feed = new PriceFeed({
			url: tickerStreamUrl(sim.simulator.url),
			client: sim.client(),
			timers,
			random: () => 0,
			debug: (line) => debug.push(line),
			...options,
		});
		feeds.push(feed);
		feed.onUpdate((update) => updates.push(update));
		feed.onStatus((change) => statuses.push(change));
		feed.start();
		const priceOf = (instId: string, source: PriceUpdate['source'] = 'stream') => updates.filter((u) => u.instId === instId && u.source === source).map((u) => u.lastPr);
		return {
			feed,
			timers,
			updates,
			statuses,
			debug,
			priceOf,
			/** Waits for the status, counted from the `from`-th change on. */
			async status(status: FeedStatusChange['status'], from = 0) {
				await untilReal(() => statuses.slice(from).some((change) => change.status === status), `status ${status}`);
			},
			/** Waits for the `count`-th lost connection (a debug line each), then lets its back-off pass. */
			async lostThenRetry(count: number) {
				await untilReal(() => debug.filter((line) => line.includes('follows')).length >= count, `lost connection ${count}`);
				timers.advance(PAST_ANY_BACKOFF);
			},
		};
	}

	const subscribed = (connection: number) =>
		sim.simulator.tickerStream.subscriptions.filter((record) => record.connection === connection && record.op === 'subscribe').map((record) => record.instId);

	it('derives the stream from the simulator’s origin', () => {
		expect(tickerStreamUrl(sim.simulator.url)).toBe(`ws://127.0.0.1:${sim.simulator.port}/v2/ws/public`);
	});

	it('subscribes to the pairs in one connection and tells their prices; a price moved in the book arrives as an update', async () => {
		const run = watch({instIds: ['BTCUSDT', 'ETHUSDT']});
		await untilReal(() => run.priceOf('ETHUSDT').length === 1 && run.priceOf('BTCUSDT').length === 1, 'both snapshots');
		expect(run.statuses.map((change) => change.status)).toEqual(['connecting', 'live']);
		expect(run.updates[0]).toMatchObject({instId: 'BTCUSDT', lastPr: '26800', source: 'stream'});
		expect(Number(run.updates[0]!.ts)).toBeGreaterThan(Date.now() - 60_000);

		sim.simulator.setPrice('BTC', '27100.5');
		await untilReal(() => run.priceOf('BTCUSDT').length === 2, 'the moved price');
		expect(run.priceOf('BTCUSDT')).toEqual(['26800', '27100.5']);
		expect(sim.simulator.tickerStream.accepted).toBe(1);
		expect(subscribed(1)).toEqual(['BTCUSDT', 'ETHUSDT']);
	});

	it('changes its pairs while live: the new one subscribed, the dropped one unsubscribed, nothing else sent again', async () => {
		const run = watch({instIds: ['BTCUSDT', 'ETHUSDT']});
		await untilReal(() => run.priceOf('ETHUSDT').length === 1, 'the snapshot');
		// Two changes in one turn: only their net difference is sent.
		run.feed.setInstIds(['BTCUSDT', 'ETHUSDT', 'XRPUSDT']);
		run.feed.setInstIds(['BTCUSDT', 'SOLUSDT']);
		await untilReal(() => run.priceOf('SOLUSDT').length === 1, 'the new pair’s snapshot');
		await untilReal(() => sim.simulator.tickerStream.subscriptions.some((record) => record.op === 'unsubscribe'), 'the unsubscription');
		expect(sim.simulator.tickerStream.subscriptions.map(({op, instId}) => `${op} ${instId}`)).toEqual([
			'subscribe BTCUSDT',
			'subscribe ETHUSDT',
			'unsubscribe ETHUSDT',
			'subscribe SOLUSDT',
		]);
	});

	it('when the server drops the connection: reconnects after the back-off and subscribes every pair again', async () => {
		const run = watch({instIds: ['BTCUSDT', 'ETHUSDT']});
		await run.status('live');
		await untilReal(() => subscribed(1).length === 2, 'the first subscriptions');
		sim.simulator.tickerStream.dropAll();
		await run.lostThenRetry(1);
		await untilReal(() => subscribed(2).length === 2, 'the subscriptions on the second connection');
		expect(subscribed(2)).toEqual(['BTCUSDT', 'ETHUSDT']);
		expect(run.statuses.map((change) => change.status)).toEqual(['connecting', 'live', 'connecting', 'live']);
		// A move after the reconnect arrives on the new connection.
		sim.simulator.setPrice('ETH', '1600');
		await untilReal(() => run.priceOf('ETHUSDT').includes('1600'), 'the moved price');
	});

	it('when upgrades are refused: polls the REST tickers after 3 failures, keeps trying the stream, and is back on it once allowed', async () => {
		sim.simulator.tickerStream.refuseUpgrades(503);
		const run = watch({instIds: ['BTCUSDT']});
		await run.lostThenRetry(1);
		await run.lostThenRetry(2);
		await run.status('polling');
		await untilReal(() => run.priceOf('BTCUSDT', 'poll').length === 1, 'a polled price');
		expect(run.priceOf('BTCUSDT', 'poll')).toEqual(['26800']);
		expect(sim.simulator.requests.filter((request) => request.operation === 'tickers')).toHaveLength(1);
		expect(sim.simulator.tickerStream.refused).toBe(3);
		// The next poll and the next attempt at the stream (after 2 s: the back-off) both wait on the test's clock.
		await untilReal(() => run.timers.delays().includes(5_000), 'the next poll scheduled');
		sim.simulator.setPrice('BTC', '26000');
		run.timers.advance(5_000);
		await untilReal(() => run.priceOf('BTCUSDT', 'poll').length === 2, 'the second poll');
		await untilReal(() => sim.simulator.tickerStream.refused === 4, 'the fourth attempt refused');
		// Waiting now: the next attempt (4 s: the fourth back-off) and the next poll (5 s).
		await untilReal(() => run.timers.delays().join() === '4000,5000', 'the next attempt and poll scheduled');

		sim.simulator.tickerStream.refuseUpgrades(false);
		run.timers.advance(4_000);
		await run.status('live');
		await untilReal(() => subscribed(1).length === 1, 'the subscription');
		expect(subscribed(1)).toEqual(['BTCUSDT']);
		await untilReal(() => run.priceOf('BTCUSDT', 'stream').length === 1, 'the price from the stream');
		expect(run.priceOf('BTCUSDT', 'stream')).toEqual(['26000']);
		// Polling stopped: what waits now is the keep-alive's ping, nothing else.
		expect(run.timers.delays()).toEqual([30_000]);
		expect(run.statuses.map((change) => change.status)).toEqual(['connecting', 'connecting', 'polling', 'live']);
		expect(run.statuses[1]!.reason).toBe('the connection failed or broke');
	});

	it('drops a connection that sends garbage, and reconnects', async () => {
		const run = watch({instIds: ['BTCUSDT']});
		await untilReal(() => run.priceOf('BTCUSDT').length === 1, 'the snapshot');
		sim.simulator.tickerStream.sendGarbage();
		await run.lostThenRetry(1);
		expect(run.debug[0]).toMatch(/an unreadable message \(not JSON/);
		await untilReal(() => subscribed(2).length === 1, 'the second connection’s subscription');
		await run.status('live', 2);
	});

	it('drops a connection that floods it (far over 10 messages a second), and reconnects', async () => {
		const run = watch({instIds: ['BTCUSDT']});
		await untilReal(() => run.priceOf('BTCUSDT').length === 1, 'the snapshot');
		sim.simulator.tickerStream.flood(200);
		await run.lostThenRetry(1);
		expect(run.debug[0]).toMatch(/more messages than the documented 10 a second/);
		await untilReal(() => subscribed(2).length === 1, 'the second connection’s subscription');
	});

	it('pings every 30 s; the server’s pong keeps the connection', async () => {
		const run = watch({instIds: ['BTCUSDT']});
		await run.status('live');
		expect(run.timers.delays()).toEqual([30_000]);
		run.timers.advance(30_000);
		// The ping is out: the next ping and the wait for an answer are set; the pong clears the wait.
		expect(run.timers.delays()).toEqual([10_000, 30_000]);
		await untilReal(() => !run.timers.delays().includes(10_000), 'the pong');
		run.timers.advance(10_000);
		expect(run.feed.status).toBe('live');
		expect(sim.simulator.tickerStream.accepted).toBe(1);
	});

	it('close() ends the socket, the poll and every timer', async () => {
		// TCP sockets of this process (both ends of the stream's connection are here: the simulator runs in it too).
		const sockets = () => process.getActiveResourcesInfo().filter((resource) => resource === 'TCPSocketWrap').length;
		// The earlier tests' connections (their clients are closed after each) are gone first.
		await untilReal(() => sockets() === 0, 'no TCP socket open');
		const live = watch({instIds: ['BTCUSDT']});
		await live.status('live');
		expect(sockets()).toBe(2);
		live.feed.close();
		expect(live.timers.size).toBe(0);
		await untilReal(() => sim.simulator.tickerStream.open === 0, 'the server to see the connection closed');
		await untilReal(() => sockets() === 0, 'both ends of the connection closed');

		const polling = watch({instIds: ['BTCUSDT'], url: undefined});
		await untilReal(() => polling.timers.size === 1, 'the next poll scheduled');
		polling.feed.close();
		expect(polling.timers.size).toBe(0);
	});

	it('without a stream URL polls the REST tickers; a 429 slows the poll, a success brings it back', async () => {
		sim.simulator.injectFault({kind: 'rate-limit', operation: 'tickers', times: Infinity});
		// A short deadline: the client retries a 429 until it, then reports the 429.
		const run = watch({instIds: ['BTCUSDT'], url: undefined, client: sim.client({getTimeoutMs: 300})});
		await run.status('down');
		expect(run.statuses[0]).toMatchObject({status: 'polling'});
		expect(run.statuses.at(-1)!.reason).toMatch(/429 Too Many Requests; next read in 10 s/);
		await untilReal(() => run.timers.delays().includes(10_000), 'the slower poll scheduled');
		sim.simulator.clearFaults();
		run.timers.advance(10_000);
		await untilReal(() => run.priceOf('BTCUSDT', 'poll').length === 1, 'a polled price');
		await untilReal(() => run.timers.delays().includes(5_000), 'the poll back at its pace');
		expect(run.statuses.at(-1)).toEqual({status: 'polling'});
	});
});

describe('the price feed: keep-alive on a socket of the test’s own', () => {
	it('reconnects when a ping has no answer in time, and not while answers come', () => {
		const timers = new ManualTimers();
		const sockets: Array<{events: TickerSocketEvents; sent: string[]; closed: boolean}> = [];
		const feed = new PriceFeed({
			url: 'ws://127.0.0.1:1/v2/ws/public',
			client: {tickers: () => Promise.reject(new Error('not used'))},
			instIds: ['BTCUSDT'],
			timers,
			random: () => 0,
			openSocket: (_url, events) => {
				const socket = {events, sent: [] as string[], closed: false};
				sockets.push(socket);
				return {send: (text) => socket.sent.push(text), close: () => (socket.closed = true)};
			},
		}).start();
		sockets[0]!.events.onOpen();
		expect(sockets[0]!.sent).toEqual(['{"op":"subscribe","args":[{"instType":"SPOT","channel":"ticker","instId":"BTCUSDT"}]}']);
		timers.advance(30_000);
		expect(sockets[0]!.sent.at(-1)).toBe('ping');
		sockets[0]!.events.onMessage('pong');
		timers.advance(29_999);
		expect(sockets[0]!.closed).toBe(false);
		timers.advance(1);
		expect(sockets[0]!.sent.filter((text) => text === 'ping')).toHaveLength(2);
		// No answer this time.
		timers.advance(10_000);
		expect(sockets[0]!.closed).toBe(true);
		expect(feed.status).toBe('connecting');
		timers.advance(PAST_ANY_BACKOFF);
		expect(sockets).toHaveLength(2);
		sockets[1]!.events.onOpen();
		expect(sockets[1]!.sent).toEqual(['{"op":"subscribe","args":[{"instType":"SPOT","channel":"ticker","instId":"BTCUSDT"}]}']);
		feed.close();
		expect(timers.size).toBe(0);
	});
});
