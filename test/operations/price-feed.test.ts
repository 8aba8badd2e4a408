// The price feed against the real simulator over loopback (its ticker stream and REST tickers), with the feed's
// timers in the test's hands (ManualTimers): a reconnect, a ping or a poll happens when the test moves the time, and
// every wait is for an explicit event (a status, an update, a debug line, the simulator's records) with a bound.
// Nothing here counts what a timer did by the wall clock: the stream at Bitget's cadence is measured in messages.
import {afterEach, describe, expect, it} from 'vitest';
import {untilReal} from '../helpers/clock.js';
import {ManualTimers} from '../helpers/manual-timers.js';
import {useSimulator} from '../helpers/simulator.js';
import {openTickerSocket, type TickerSocketEvents} from '../../source/api/ticker-socket.js';
import {PriceFeed, type FeedStatusChange, type PriceFeedOptions, type PriceUpdate} from '../../source/operations/price-feed.js';
import {tickerStreamUrl} from '../../source/runtime/config.js';

/** A debug line for a lost connection: its reason, the drops in the window, and what follows. */
const DROP_LINE = /^ticker stream: (.*) \((\d+) drops? in 120 s\); (?:reconnecting in ([\d.]+) s|polling the REST tickers, the stream again in ([\d.]+) s)$/;

/** The feed of a test, on its own clock, with what it told and said. */
function feedOn(sim: ReturnType<typeof useSimulator>, feeds: PriceFeed[], options: Partial<PriceFeedOptions> & {instIds: string[]}) {
	const timers = new ManualTimers();
	const updates: PriceUpdate[] = [];
	const statuses: FeedStatusChange[] = [];
	const debug: string[] = [];
	/** Messages the feed's socket read, all of them (acks, pushes, pongs). */
	const read = {messages: 0};
	const feed = new PriceFeed({
		url: tickerStreamUrl(sim.simulator.url),
		client: sim.client(),
		timers,
		now: () => timers.now,
		random: () => 0,
		debug: (line) => debug.push(line),
		openSocket: (url, events) =>
			openTickerSocket(url, {
				...events,
				onMessage: (text) => {
					read.messages++;
					events.onMessage(text);
				},
			}),
		...options,
	});
	feeds.push(feed);
	feed.onUpdate((update) => updates.push(update));
	feed.onStatus((change) => statuses.push(change));
	feed.start();
	const priceOf = (instId: string, source: PriceUpdate['source'] = 'stream') =>
		updates.filter((u) => u.instId === instId && u.source === source).map((u) => u.lastPr);
	const drops = () => debug.filter((line) => DROP_LINE.test(line));
	return {
		feed,
		timers,
		updates,
		statuses,
		debug,
		read,
		priceOf,
		drops,
		/** Waits for the status, counted from the `from`-th change on. */
		async status(status: FeedStatusChange['status'], from = 0) {
			await untilReal(() => statuses.slice(from).some((change) => change.status === status), `status ${status}`);
		},
		/** Waits for the `count`-th lost connection (a debug line each), then lets exactly its wait pass (no more: a
		 * connection still opening would time out on the test's clock). */
		async lostThenRetry(count: number) {
			await untilReal(() => drops().length >= count, `lost connection ${count}`);
			const [, , , reconnect, pause] = DROP_LINE.exec(drops()[count - 1]!)!;
			timers.advance(Number(reconnect ?? pause) * 1_000);
		},
	};
}

describe('the price feed (simulator over loopback)', () => {
	const sim = useSimulator();
	const feeds: PriceFeed[] = [];
	afterEach(() => {
		for (const feed of feeds.splice(0)) feed.close();
	});
	const watch = (options: Partial<PriceFeedOptions> & {instIds: string[]}) => feedOn(sim, feeds, options);

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
		// The drop is in the debug log with its reason; a drop the next connection mends is no change of status.
		expect(run.drops()).toEqual(['ticker stream: the connection failed or broke (1 drop in 120 s); reconnecting in 0.5 s']);
		expect(run.statuses.map((change) => change.status)).toEqual(['connecting', 'live']);
		// A move after the reconnect arrives on the new connection.
		sim.simulator.setPrice('ETH', '1600');
		await untilReal(() => run.priceOf('ETHUSDT').includes('1600'), 'the moved price');
	});

	it('when upgrades are refused: polls the REST tickers after 3 failures, for the pair it needs, and tries the stream again after a rest', async () => {
		sim.simulator.tickerStream.refuseUpgrades(503);
		const run = watch({instIds: ['BTCUSDT']});
		await run.lostThenRetry(1);
		await run.lostThenRetry(2);
		await run.status('polling');
		await untilReal(() => run.priceOf('BTCUSDT', 'poll').length === 1, 'a polled price');
		expect(run.priceOf('BTCUSDT', 'poll')).toEqual(['26800']);
		// One pair: asked for by name, not every ticker there is.
		expect(sim.simulator.requests.filter((request) => request.operation === 'tickers').map((request) => request.query)).toEqual(['symbol=BTCUSDT']);
		expect(sim.simulator.tickerStream.refused).toBe(3);
		expect(run.drops().at(-1)).toBe('ticker stream: the connection failed or broke (3 drops in 120 s); polling the REST tickers, the stream again in 120 s');
		// Waiting now: the next poll (5 s) and the stream again (120 s), both on the test's clock.
		await untilReal(() => run.timers.delays().join() === '5000,120000', 'the next poll and attempt scheduled');
		sim.simulator.setPrice('BTC', '26000');
		run.timers.advance(5_000);
		await untilReal(() => run.priceOf('BTCUSDT', 'poll').length === 2, 'the second poll');

		sim.simulator.tickerStream.refuseUpgrades(false);
		await untilReal(() => run.timers.delays().includes(5_000), 'the third poll scheduled');
		run.timers.advance(115_000);
		await run.status('live');
		await untilReal(() => subscribed(1).length === 1, 'the subscription');
		await untilReal(() => run.priceOf('BTCUSDT', 'stream').length === 1, 'the price from the stream');
		expect(run.priceOf('BTCUSDT', 'stream')).toEqual(['26000']);
		// Polling stopped: what waits now is the keep-alive's ping, nothing else.
		expect(run.timers.delays()).toEqual([30_000]);
		expect(run.statuses.map((change) => change.status)).toEqual(['connecting', 'connecting', 'polling', 'live']);
		expect(run.statuses[1]!.reason).toBe('the connection failed or broke');
	});

	it('falls back to polling after 3 drops within 2 minutes though each connection opened, then a drop too soon sends it straight back', async () => {
		const run = watch({instIds: ['BTCUSDT', 'ETHUSDT']});
		for (const connection of [1, 2, 3]) {
			await untilReal(() => subscribed(connection).length === 2, `connection ${connection} subscribed`);
			sim.simulator.tickerStream.dropAll();
			if (connection < 3) await run.lostThenRetry(connection);
		}
		await run.status('polling');
		expect(run.drops()).toEqual([
			'ticker stream: the connection failed or broke (1 drop in 120 s); reconnecting in 0.5 s',
			'ticker stream: the connection failed or broke (2 drops in 120 s); reconnecting in 1 s',
			'ticker stream: the connection failed or broke (3 drops in 120 s); polling the REST tickers, the stream again in 120 s',
		]);
		// Live once, however many connections opened; then polling, for the two pairs by name.
		expect(run.statuses).toEqual([{status: 'connecting'}, {status: 'live'}, {status: 'polling', reason: 'the connection failed or broke'}]);
		await untilReal(() => run.priceOf('ETHUSDT', 'poll').length === 1 && run.priceOf('BTCUSDT', 'poll').length === 1, 'both polled');
		const tickerQueries = () => sim.simulator.requests.filter((request) => request.operation === 'tickers').map((request) => request.query);
		expect(tickerQueries().sort()).toEqual(['symbol=BTCUSDT', 'symbol=ETHUSDT']);
		expect(sim.simulator.tickerStream.accepted).toBe(3);

		// The rest over, the stream again: live, the poll stopped.
		await run.lostThenRetry(3);
		await run.status('live', 3);
		await untilReal(() => subscribed(4).length === 2, 'connection 4 subscribed');
		// Dropped before it lasted the window: polling again at once, the stream resting twice as long.
		sim.simulator.tickerStream.dropAll();
		await untilReal(() => run.drops().length === 4, 'the fourth drop');
		expect(run.drops()[3]).toBe('ticker stream: the connection failed or broke (1 drop in 120 s); polling the REST tickers, the stream again in 240 s');
		expect(run.statuses.slice(3).map((change) => change.status)).toEqual(['live', 'polling']);
		expect(sim.simulator.tickerStream.accepted).toBe(4);
	});

	it('a pair the server refuses (an error event without `arg`, the pair named in `msg`) is said once and not asked for again after a reconnect', async () => {
		const run = watch({instIds: ['BTCUSDT', 'XYZUSDT']});
		await untilReal(() => run.debug.some((line) => line.includes('XYZUSDT refused')), 'the refusal');
		expect(run.debug.filter((line) => line.includes('XYZUSDT'))).toEqual([
			"ticker stream: XYZUSDT refused (error 30001: instType:SPOT,channel:ticker,instId:XYZUSDT doesn't exist); it is not asked for again",
		]);
		expect(sim.simulator.tickerStream.errors).toEqual([expect.objectContaining({connection: 1, code: 30001})]);
		sim.simulator.tickerStream.dropAll();
		await run.lostThenRetry(1);
		await untilReal(() => subscribed(2).length === 1, 'the second connection’s subscription');
		// A change of pairs that keeps it asks for the new pair only.
		run.feed.setInstIds(['BTCUSDT', 'XYZUSDT', 'ETHUSDT']);
		await untilReal(() => subscribed(2).length === 2, 'the new pair subscribed');
		expect(subscribed(2)).toEqual(['BTCUSDT', 'ETHUSDT']);
		expect(sim.simulator.tickerStream.errors).toHaveLength(1);
		expect(run.debug.filter((line) => line.includes('XYZUSDT'))).toHaveLength(1);
	});

	it('drops a connection that sends garbage, and reconnects', async () => {
		const run = watch({instIds: ['BTCUSDT']});
		await untilReal(() => run.priceOf('BTCUSDT').length === 1, 'the snapshot');
		sim.simulator.tickerStream.sendGarbage();
		await run.lostThenRetry(1);
		expect(run.drops()[0]).toMatch(/^ticker stream: an unreadable message \(not JSON.*\(1 drop in 120 s\); reconnecting in 0.5 s$/);
		await untilReal(() => subscribed(2).length === 1, 'the second connection’s subscription');
		expect(run.statuses.map((change) => change.status)).toEqual(['connecting', 'live']);
	});

	it('takes a flood of pushes without dropping the connection: there is no limit on what the server sends', async () => {
		const run = watch({instIds: ['BTCUSDT']});
		await untilReal(() => run.priceOf('BTCUSDT').length === 1, 'the snapshot');
		sim.simulator.tickerStream.flood(1_000);
		sim.simulator.setPrice('BTC', '27000');
		// The move comes after the flood on the same connection: once it is told, the flood has been read.
		await untilReal(() => run.priceOf('BTCUSDT').includes('27000'), 'the move after the flood');
		expect(run.read.messages).toBeGreaterThanOrEqual(1 + 1 + 1_000 + 1);
		expect(sim.simulator.tickerStream.accepted).toBe(1);
		expect(run.drops()).toEqual([]);
		// A thousand copies of one price are one update.
		expect(run.priceOf('BTCUSDT').length).toBeLessThanOrEqual(3);
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

	it('polls by name up to 5 pairs (a request each), and more in one request for every ticker', async () => {
		const few = watch({instIds: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'ADAUSDT'], url: undefined});
		await untilReal(() => few.updates.length === 5, 'five polled prices');
		const queries = (from = 0) =>
			sim.simulator.requests
				.slice(from)
				.filter((request) => request.operation === 'tickers')
				.map((request) => request.query);
		expect(queries().sort()).toEqual(['symbol=ADAUSDT', 'symbol=BTCUSDT', 'symbol=ETHUSDT', 'symbol=SOLUSDT', 'symbol=XRPUSDT']);
		few.feed.close();
		const before = sim.simulator.requests.length;
		const many = watch({instIds: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'ADAUSDT', 'DOTUSDT'], url: undefined});
		await untilReal(() => many.updates.length === 6, 'six polled prices');
		expect(queries(before)).toEqual(['']);
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

describe('the price feed against the stream at Bitget’s cadence (every pair every 100–300 ms)', () => {
	const sim = useSimulator({streamCadence: {minMs: 100, maxMs: 300}});
	const feeds: PriceFeed[] = [];
	afterEach(() => {
		for (const feed of feeds.splice(0)) feed.close();
	});

	it('keeps one connection while three pairs are pushed 150 times: what the server sends is never too much', async () => {
		const run = feedOn(sim, feeds, {instIds: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']});
		// 15 messages a second or so: past the 30-message burst and the 10 a second of a guard that counted them.
		await untilReal(() => run.read.messages >= 150, '150 messages read', 60_000);
		expect(sim.simulator.tickerStream.accepted).toBe(1);
		expect(sim.simulator.tickerStream.connections).toHaveLength(1);
		expect(sim.simulator.tickerStream.connections[0]!.ended).toBeUndefined();
		expect(sim.simulator.tickerStream.connections[0]!.pushed).toBeGreaterThanOrEqual(140);
		expect(run.drops()).toEqual([]);
		expect(run.statuses).toEqual([{status: 'connecting'}, {status: 'live'}]);
		// One subscribe for the three pairs: all this client sent.
		expect(sim.simulator.tickerStream.connections[0]!.received).toBe(1);
		for (const pair of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']) expect(run.priceOf(pair).length).toBeGreaterThan(0);
	});
});

/** A feed on sockets of the test's own: what it sends is kept, what it reads is handed to it by the test. */
function onFakeSockets(options: Partial<PriceFeedOptions> = {}) {
	const timers = new ManualTimers();
	const sockets: Array<{events: TickerSocketEvents; sent: string[]; closed: boolean}> = [];
	const debug: string[] = [];
	const deferred: Array<() => void> = [];
	const updates: PriceUpdate[] = [];
	const statuses: FeedStatusChange[] = [];
	const feed = new PriceFeed({
		url: 'ws://127.0.0.1:1/v2/ws/public',
		client: {tickers: () => Promise.reject(new Error('not used'))},
		instIds: ['BTCUSDT'],
		timers,
		now: () => timers.now,
		random: () => 0,
		debug: (line) => debug.push(line),
		// The end of the turn is the test's to say.
		defer: (callback) => deferred.push(callback),
		openSocket: (_url, events) => {
			const socket = {events, sent: [] as string[], closed: false};
			sockets.push(socket);
			return {send: (text) => socket.sent.push(text), close: () => (socket.closed = true)};
		},
		...options,
	});
	feed.onUpdate((update) => updates.push(update));
	feed.onStatus((change) => statuses.push(change));
	feed.start();
	const endTurn = () => {
		for (const callback of deferred.splice(0)) callback();
	};
	return {feed, timers, sockets, debug, updates, statuses, endTurn};
}

const subscribeText = (...instIds: string[]) =>
	JSON.stringify({op: 'subscribe', args: instIds.map((instId) => ({instType: 'SPOT', channel: 'ticker', instId}))});
const snapshotText = (instId: string, lastPr: string, ts: string) =>
	JSON.stringify({action: 'snapshot', arg: {instType: 'SPOT', channel: 'ticker', instId}, data: [{instId, lastPr, ts}], ts: Number(ts)});

describe('the price feed on sockets of the test’s own', () => {
	it('reconnects when a ping has no answer in time, and not while answers come; the drop is said in the debug log, not as a status', () => {
		const {feed, timers, sockets, debug, statuses} = onFakeSockets();
		sockets[0]!.events.onOpen();
		expect(sockets[0]!.sent).toEqual([subscribeText('BTCUSDT')]);
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
		expect(debug).toEqual(['ticker stream: no answer to a ping within 10 s (1 drop in 120 s); reconnecting in 0.5 s']);
		timers.advance(500);
		expect(sockets).toHaveLength(2);
		sockets[1]!.events.onOpen();
		expect(sockets[1]!.sent).toEqual([subscribeText('BTCUSDT')]);
		expect(statuses).toEqual([{status: 'connecting'}, {status: 'live'}]);
		feed.close();
		expect(timers.size).toBe(0);
	});

	it('a connection not open in time is dropped, and the outage is said: "live" again once it is mended', () => {
		const {feed, timers, sockets, debug, statuses} = onFakeSockets();
		sockets[0]!.events.onOpen();
		sockets[0]!.events.onClose('closed by the server (1001)');
		timers.advance(500);
		// The reconnect hangs.
		timers.advance(10_000);
		expect(sockets[1]!.closed).toBe(true);
		expect(debug).toEqual([
			'ticker stream: closed by the server (1001) (1 drop in 120 s); reconnecting in 0.5 s',
			'ticker stream: not open within 10 s (2 drops in 120 s); reconnecting in 1 s',
		]);
		timers.advance(1_000);
		sockets[2]!.events.onOpen();
		expect(statuses).toEqual([{status: 'connecting'}, {status: 'live'}, {status: 'connecting', reason: 'not open within 10 s'}, {status: 'live'}]);
		feed.close();
	});

	it('sends at most 5 messages in any second, pings included: what waits goes later, its pairs in one message', async () => {
		const {feed, timers, sockets} = onFakeSockets();
		sockets[0]!.events.onOpen();
		const pairs = ['BTCUSDT'];
		// Ten changes of pairs, each in a turn of its own (each would be a message of its own without the limit).
		for (const pair of ['ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'ADAUSDT', 'DOTUSDT', 'LTCUSDT', 'BCHUSDT', 'LINKUSDT', 'TRXUSDT', 'AVAXUSDT']) {
			pairs.push(pair);
			feed.setInstIds(pairs);
			await Promise.resolve();
		}
		expect(sockets[0]!.sent).toEqual([
			subscribeText('BTCUSDT'),
			subscribeText('ETHUSDT'),
			subscribeText('SOLUSDT'),
			subscribeText('XRPUSDT'),
			subscribeText('ADAUSDT'),
		]);
		// The ping falls due while the limit holds: it waits too.
		timers.advance(999);
		expect(sockets[0]!.sent).toHaveLength(5);
		timers.advance(1);
		expect(sockets[0]!.sent.slice(5)).toEqual([subscribeText('DOTUSDT', 'LTCUSDT', 'BCHUSDT', 'LINKUSDT', 'TRXUSDT', 'AVAXUSDT')]);
		timers.advance(29_000);
		expect(sockets[0]!.sent.at(-1)).toBe('ping');
		feed.close();
	});

	it('a burst of pushes is told once per pair, the latest, when the turn ends; the same price again is not told', () => {
		const {feed, sockets, updates, endTurn} = onFakeSockets({instIds: ['BTCUSDT', 'ETHUSDT']});
		sockets[0]!.events.onOpen();
		for (let i = 0; i < 500; i++) {
			sockets[0]!.events.onMessage(snapshotText('BTCUSDT', String(90_000 + i), String(1_700_000_000_000 + i)));
			sockets[0]!.events.onMessage(snapshotText('ETHUSDT', String(3_000 + i), String(1_700_000_000_000 + i)));
			// A pair not asked for is passed over.
			sockets[0]!.events.onMessage(snapshotText('SOLUSDT', '1', String(1_700_000_000_000 + i)));
		}
		expect(updates).toEqual([]);
		endTurn();
		expect(updates).toEqual([
			{instId: 'BTCUSDT', lastPr: '90499', ts: '1700000000499', source: 'stream'},
			{instId: 'ETHUSDT', lastPr: '3499', ts: '1700000000499', source: 'stream'},
		]);
		sockets[0]!.events.onMessage(snapshotText('BTCUSDT', '90499', '1700000000499'));
		endTurn();
		expect(updates).toHaveLength(2);
		expect(sockets[0]!.closed).toBe(false);
		feed.close();
	});
});
