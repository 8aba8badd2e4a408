// The simulator's public ticker stream (reference D.4) over loopback, read by a plain WebSocket client: the protocol,
// prices from the same book as the REST tickers, Bitget's cadence, the documented limits on what a client sends and
// the test controls.
import {afterEach, describe, expect, it} from 'vitest';
import WebSocket from 'ws';
import {untilReal} from '../helpers/clock.js';
import {useSimulator} from '../helpers/simulator.js';
import {startSimulator} from '../../source/simulator/index.js';
import {driftedPrices} from '../../source/simulator/price-drift.js';

/** A raw client: every message kept, in order, and waits on them with bounds that fail loudly. */
class RawClient {
	readonly messages: string[] = [];
	closed = false;
	closeCode: number | undefined;
	unexpectedStatus: number | undefined;
	failed = false;
	readonly socket: WebSocket;

	constructor(url: string) {
		this.socket = new WebSocket(url);
		this.socket.on('message', (data) => this.messages.push(String(data)));
		this.socket.on('close', (code) => Object.assign(this, {closed: true, closeCode: code}));
		this.socket.on('unexpected-response', (_request, response) => {
			this.unexpectedStatus = response.statusCode;
			this.socket.terminate();
		});
		this.socket.on('error', () => {
			this.failed = true;
		});
	}

	async opened(): Promise<this> {
		await untilReal(() => this.socket.readyState === WebSocket.OPEN, 'the socket to open');
		return this;
	}

	send(message: object | string): void {
		this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
	}

	/** The parsed JSON messages. */
	json(): Array<Record<string, unknown>> {
		return this.messages.filter((text) => text.startsWith('{')).map((text) => JSON.parse(text) as Record<string, unknown>);
	}

	async until(check: (messages: Array<Record<string, unknown>>) => boolean, what: string): Promise<Array<Record<string, unknown>>> {
		await untilReal(() => check(this.json()), what);
		return this.json();
	}
}

const channel = (instId: string) => ({instType: 'SPOT', channel: 'ticker', instId});
const subscribe = (...instIds: string[]) => ({op: 'subscribe', args: instIds.map(channel)});
const snapshotsOf = (messages: Array<Record<string, unknown>>, instId: string) =>
	messages.filter((m) => m.action === 'snapshot' && (m.arg as {instId: string}).instId === instId).map((m) => (m.data as Array<{lastPr: string}>)[0]!.lastPr);

describe('the ticker stream (simulator over loopback)', () => {
	const sim = useSimulator();
	const clients: RawClient[] = [];
	const connect = (path = '/v2/ws/public') => {
		const client = new RawClient(`${sim.simulator.url.replace('http', 'ws')}${path}`);
		clients.push(client);
		return client;
	};
	afterEach(() => {
		for (const client of clients.splice(0)) client.socket.terminate();
	});

	it('acks a subscription, sends a snapshot at once and another whenever the pair’s price moves in the book', async () => {
		const client = await connect().opened();
		client.send(subscribe('BTCUSDT', 'ETHBTC'));
		let messages = await client.until((m) => snapshotsOf(m, 'ETHBTC').length === 1, 'both snapshots');
		expect(messages[0]).toEqual({event: 'subscribe', arg: channel('BTCUSDT')});
		expect(snapshotsOf(messages, 'BTCUSDT')).toEqual(['26800']);
		// The same price as the REST tickers (tickers.test.ts: ETHBTC at BTC 90,000 is 0.017167).
		const snapshot = messages.find((m) => m.action === 'snapshot')!;
		expect(snapshot).toMatchObject({arg: channel('BTCUSDT'), data: [{instId: 'BTCUSDT', lastPr: '26800'}]});
		expect(Number((snapshot.data as Array<{ts: string}>)[0]!.ts)).toBeGreaterThan(Date.now() - 60_000);

		sim.simulator.setPrice('BTC', '90000');
		messages = await client.until((m) => snapshotsOf(m, 'ETHBTC').length === 2, 'the moved pairs pushed');
		expect(snapshotsOf(messages, 'BTCUSDT')).toEqual(['26800', '90000']);
		expect(snapshotsOf(messages, 'ETHBTC')).toEqual(['0.057649', '0.017167']);
		// A coin no pair of which is subscribed moves nothing on this connection: the next push is ETH's own.
		sim.simulator.setPrice('SOL', '30');
		sim.simulator.setPrice('ETH', '1800');
		messages = await client.until((m) => snapshotsOf(m, 'ETHBTC').length === 3, 'ETHBTC pushed again');
		expect(snapshotsOf(messages, 'BTCUSDT')).toEqual(['26800', '90000']);
		expect(sim.simulator.tickerStream.subscriptions).toEqual([
			expect.objectContaining({connection: 1, op: 'subscribe', instId: 'BTCUSDT'}),
			expect.objectContaining({connection: 1, op: 'subscribe', instId: 'ETHBTC'}),
		]);
	});

	it('unsubscribes: acked, and the pair is pushed no more', async () => {
		const client = await connect().opened();
		client.send(subscribe('BTCUSDT', 'ETHUSDT'));
		await client.until((m) => snapshotsOf(m, 'ETHUSDT').length === 1, 'the snapshots');
		client.send({op: 'unsubscribe', args: [channel('BTCUSDT')]});
		await client.until((m) => m.some((message) => message.event === 'unsubscribe'), 'the unsubscribe ack');
		sim.simulator.setPrice('BTC', '30000');
		sim.simulator.setPrice('ETH', '1600');
		const messages = await client.until((m) => snapshotsOf(m, 'ETHUSDT').length === 2, 'ETHUSDT pushed');
		expect(snapshotsOf(messages, 'BTCUSDT')).toEqual(['26800']);
	});

	it('answers ping with pong, and what it cannot read with an error event', async () => {
		const client = await connect().opened();
		client.send('ping');
		client.send('not json');
		client.send({op: 'login', args: []});
		client.send(subscribe('NOSUCHPAIR'));
		client.send({op: 'subscribe', args: [{instType: 'SPOT', channel: 'candle1m', instId: 'BTCUSDT'}]});
		await untilReal(() => client.messages.length === 5, 'five answers');
		expect(client.messages[0]).toBe('pong');
		expect(client.json()).toEqual([
			{event: 'error', code: 30002, msg: 'illegal request'},
			{event: 'error', code: 30003, msg: 'invalid op'},
			// As Bitget sends it: no `arg`, the pair named in `msg` only.
			{event: 'error', code: 30001, msg: "instType:SPOT,channel:ticker,instId:NOSUCHPAIR doesn't exist"},
			expect.objectContaining({event: 'error', code: 30001}),
		]);
		expect(client.closed).toBe(false);
	});

	it('drops a connection that sends more than 10 messages in a second (pings and subscriptions alike), with error 30006', async () => {
		// Ten is the limit, not over it: all answered, the connection kept (it never sends more, so timing cannot matter).
		const within = await connect().opened();
		within.send(subscribe('BTCUSDT'));
		for (let i = 0; i < 9; i++) within.send('ping');
		await untilReal(() => within.messages.filter((text) => text === 'pong').length === 9, 'nine pongs');
		expect(within.closed).toBe(false);
		// Eleven sent back to back, in one turn: they reach the server well inside a second.
		const over = await connect().opened();
		over.send(subscribe('BTCUSDT'));
		for (let i = 0; i < 10; i++) over.send('ping');
		await untilReal(() => over.closed, 'the connection dropped');
		expect(over.json().filter((m) => m.event === 'error')).toEqual([{event: 'error', code: 30006, msg: 'request too many'}]);
		expect(over.closeCode).toBe(1008);
		expect(sim.simulator.tickerStream.connections).toEqual([
			expect.objectContaining({id: 1, received: 10}),
			expect.objectContaining({id: 2, received: 11, ended: 'more than 10 messages in a second'}),
		]);
		expect(sim.simulator.tickerStream.connections[0]!.ended).toBeUndefined();
	});

	it('takes 240 subscriptions an hour per connection, then refuses with error 30007', async () => {
		const client = await connect().opened();
		for (let i = 0; i < 3; i++) client.send({op: 'subscribe', args: Array.from({length: 81}, () => channel('BTCUSDT'))});
		await client.until((m) => m.filter((message) => message.event === 'error').length === 3, 'the refusals');
		const messages = client.json();
		expect(messages.filter((m) => m.event === 'subscribe')).toHaveLength(240);
		expect(messages.filter((m) => m.event === 'error')).toEqual(Array.from({length: 3}, () => expect.objectContaining({code: 30007})));
		expect(client.closed).toBe(false);
	});

	it('refuses an upgrade elsewhere than /v2/ws/public, and every upgrade while told to or while unavailable', async () => {
		const wrongPath = connect('/ws');
		await untilReal(() => wrongPath.unexpectedStatus !== undefined, 'the refusal');
		expect(wrongPath.unexpectedStatus).toBe(404);

		sim.simulator.tickerStream.refuseUpgrades(429);
		const limited = connect();
		await untilReal(() => limited.unexpectedStatus !== undefined, 'the refusal');
		expect(limited.unexpectedStatus).toBe(429);
		sim.simulator.tickerStream.refuseUpgrades(false);
		sim.simulator.setAvailable(false);
		const unavailable = connect();
		await untilReal(() => unavailable.unexpectedStatus !== undefined, 'the refusal');
		expect(unavailable.unexpectedStatus).toBe(503);
		expect(sim.simulator.tickerStream).toMatchObject({refused: 2, accepted: 0});
		sim.simulator.setAvailable(true);
		await connect().opened();
		expect(sim.simulator.tickerStream.accepted).toBe(1);
	});

	it('test controls: every connection dropped; garbage and a flood sent', async () => {
		const first = await connect().opened();
		const second = await connect().opened();
		first.send(subscribe('BTCUSDT'));
		await first.until((m) => snapshotsOf(m, 'BTCUSDT').length === 1, 'the snapshot');
		sim.simulator.tickerStream.sendGarbage();
		sim.simulator.tickerStream.flood(50);
		await untilReal(() => first.messages.length === 2 + 1 + 50 && second.messages.length === 1 + 50, 'garbage and the flood');
		expect(first.messages[2]).not.toMatch(/^\{.*\}$/);
		expect(snapshotsOf(first.json(), 'BTCUSDT')).toHaveLength(51);
		expect(sim.simulator.tickerStream.open).toBe(2);
		sim.simulator.tickerStream.dropAll();
		await untilReal(() => first.closed && second.closed, 'both dropped');
		await untilReal(() => sim.simulator.tickerStream.open === 0, 'the server to count them closed');
	});

	it('one drift step moves every non-stable coin within 0.4 % of its table price, pushed like any move', async () => {
		const client = await connect().opened();
		client.send(subscribe('BTCUSDT'));
		await client.until((m) => snapshotsOf(m, 'BTCUSDT').length === 1, 'the snapshot');
		sim.simulator.driftPrices();
		const messages = await client.until((m) => snapshotsOf(m, 'BTCUSDT').length === 2, 'the drifted price');
		const expected = driftedPrices(1).get('BTC')!;
		expect(sim.simulator.loans.price('BTC')).toBe(expected);
		// BTCUSDT at its pair precision.
		expect(Math.abs(Number(snapshotsOf(messages, 'BTCUSDT')[1]) - Number(expected))).toBeLessThan(0.01);
	});
});

describe('the ticker stream at Bitget’s cadence (every pair every 100–300 ms, moved or not)', () => {
	const sim = useSimulator({streamCadence: {minMs: 100, maxMs: 300}});
	const clients: RawClient[] = [];
	afterEach(() => {
		for (const client of clients.splice(0)) client.socket.terminate();
	});
	const connect = () => {
		const client = new RawClient(`${sim.simulator.url.replace('http', 'ws')}/v2/ws/public`);
		clients.push(client);
		return client.opened();
	};

	it('pushes every subscribed pair again and again at an unchanged price; an unsubscribed pair no more', async () => {
		const client = await connect();
		client.send(subscribe('BTCUSDT', 'ETHUSDT'));
		let messages = await client.until((m) => snapshotsOf(m, 'BTCUSDT').length >= 10 && snapshotsOf(m, 'ETHUSDT').length >= 10, 'ten pushes of each');
		expect(new Set(snapshotsOf(messages, 'BTCUSDT'))).toEqual(new Set(['26800']));
		// Each push is a new snapshot: its own server time.
		const times = messages.filter((m) => m.action === 'snapshot').map((m) => m.ts as number);
		expect(times).toEqual([...times].sort((a, b) => a - b));
		expect(sim.simulator.tickerStream.connections[0]!.pushed).toBeGreaterThanOrEqual(20);

		client.send({op: 'unsubscribe', args: [channel('BTCUSDT')]});
		messages = await client.until((m) => m.some((message) => message.event === 'unsubscribe'), 'the unsubscribe ack');
		const ackAt = messages.findIndex((message) => message.event === 'unsubscribe');
		const ethBefore = snapshotsOf(messages, 'ETHUSDT').length;
		messages = await client.until((m) => snapshotsOf(m, 'ETHUSDT').length >= ethBefore + 10, 'ten more pushes of ETHUSDT');
		expect(snapshotsOf(messages.slice(ackAt + 1), 'BTCUSDT')).toEqual([]);
	});

	it('a move is pushed as well, and nothing older comes after it', async () => {
		const client = await connect();
		client.send(subscribe('BTCUSDT'));
		await client.until((m) => snapshotsOf(m, 'BTCUSDT').length >= 1, 'the snapshot');
		sim.simulator.setPrice('BTC', '27000');
		const messages = await client.until((m) => snapshotsOf(m, 'BTCUSDT').includes('27000'), 'the moved price');
		// Nothing older comes after the move.
		expect(snapshotsOf(messages, 'BTCUSDT').slice(snapshotsOf(messages, 'BTCUSDT').indexOf('27000'))).toEqual(['27000']);
	});
});

describe('the ticker stream: no ping for too long', () => {
	let close: (() => Promise<void>) | undefined;
	afterEach(async () => close?.());

	it('drops a connection that sends no ping within the idle limit (2 minutes at Bitget)', async () => {
		const simulator = await startSimulator({streamIdleMs: 200});
		close = () => simulator.close();
		const client = new RawClient(`${simulator.url.replace('http', 'ws')}/v2/ws/public`);
		// Not waited for open: on a slow machine the drop may come first; it was open if it was accepted.
		await untilReal(() => client.closed, 'the idle connection dropped');
		expect(simulator.tickerStream.accepted).toBe(1);
		expect(client.closeCode).toBe(1006);
		await untilReal(() => simulator.tickerStream.open === 0, 'the server to count it closed');
		expect(simulator.tickerStream.connections).toEqual([expect.objectContaining({id: 1, ended: 'no ping'})]);
	});
});

describe('the drift (pure)', () => {
	it('stays within ±0.4 % of the table prices over a whole wave, and leaves the stablecoins alone', () => {
		for (let step = 0; step < 30; step++) {
			const prices = driftedPrices(step);
			expect(prices.has('USDT')).toBe(false);
			expect(prices.has('USDC')).toBe(false);
			const btc = Number(prices.get('BTC'));
			expect(btc).toBeGreaterThanOrEqual(26800 * 0.996);
			expect(btc).toBeLessThanOrEqual(26800 * 1.004);
		}
		expect(driftedPrices(0).get('BTC')).toBe('26800');
		expect(driftedPrices(6).get('BTC')).toBe('26907.2');
		expect(driftedPrices(18).get('BTC')).toBe('26692.8');
		expect(driftedPrices(3).get('SHIB')).not.toMatch(/e/);
	});
});
