// The public ticker stream (reference D.4) on the simulator's HTTP server: `wss://ws.bitget.com/v2/ws/public`
// becomes ws://host:port/v2/ws/public. Subscribe/unsubscribe `{instType:"SPOT",channel:"ticker",instId}`, an
// `{"event":"subscribe"}` ack, a `snapshot` at subscribe, at once whenever the pair's price moves in the loan book
// (the same prices as the REST tickers: tickers.ts) and, with a cadence set, every 100–300 ms moved or not, as
// Bitget pushes a liquid pair; `ping` → `pong`; `{"event":"error"}` without `arg` (as captured from Bitget: the pair
// is named only in `msg`) for what it cannot read; and the documented limits on what a client sends: more than 10
// messages in any second closes the connection, 240 subscriptions an hour per connection, dropped after 2 minutes
// without a ping. The reference gives no error codes; these are Bitget's public ones (30001 channel or instId does
// not exist, 30002 illegal request, 30003 invalid op, 30006 too many requests, 30007 over the subscription limit).
// Test controls: drop every connection, refuse upgrades (a client falls back to polling), send garbage, flood, push
// any ticker; the connection log says what each connection pushed and why it ended.
import type {IncomingMessage} from 'node:http';
import type {Duplex} from 'node:stream';
import {WebSocketServer, type WebSocket} from 'ws';
import type {LoanBook} from './loan-book.js';
import type {SimSymbolRecord, SymbolCatalogue} from './symbols.js';
import {hasTicker, lastPrice} from './tickers.js';

const TICKER_STREAM_PATH = '/v2/ws/public';
const MESSAGES_PER_SECOND = 10;
const SUBSCRIPTIONS_PER_HOUR = 240;
const HOUR_MS = 3_600_000;
/** The server drops a connection this long without a ping (reference D.4). */
const DEFAULT_STREAM_IDLE_MS = 120_000;

/** One subscribe or unsubscribe the stream accepted, in order (tests assert resubscription on this). */
interface StreamSubscriptionRecord {
	/** 1, 2, …: the connection's number since the start (or the last reset). */
	connection: number;
	op: 'subscribe' | 'unsubscribe';
	instId: string;
	/** Date.now() when it was read. */
	at: number;
}

/** One connection the stream accepted, as it went (tests wait on these, not on time). */
interface StreamConnectionRecord {
	/** 1, 2, …, as in StreamSubscriptionRecord. */
	id: number;
	/** Ticker snapshots pushed on it. */
	pushed: number;
	/** Messages read from the client (subscribe, unsubscribe, ping, anything). */
	received: number;
	/** Why it ended, once it has: 'client' (the client closed it), or the server's reason. */
	ended?: string;
}

/** How often each subscribed pair is pushed, moved or not: every `minMs`–`maxMs`, jittered (Bitget: 100–300 ms). */
export interface StreamCadence {
	minMs: number;
	maxMs: number;
	/** Seed of the jitter, so a run can be repeated; default 1. */
	seed?: number;
}

/** What tests (and only tests) do to the stream: `simulator.tickerStream`. */
export interface TickerStreamControls {
	/** Connections open now. */
	readonly open: number;
	/** Upgrades accepted since the start (or the last reset). */
	readonly accepted: number;
	/** Upgrades refused since the start (or the last reset). */
	readonly refused: number;
	readonly subscriptions: readonly StreamSubscriptionRecord[];
	/** Every connection accepted since the start (or the last reset), in order. */
	readonly connections: readonly StreamConnectionRecord[];
	/** Messages the stream read that it answered with an error event, in order. */
	readonly errors: readonly {connection: number; code: number; text: string}[];
	/** Closes every open connection (as the server's forced 24-hour drop does). */
	dropAll(): void;
	/** Refuses every upgrade with this HTTP status (503, 429, …) until called with false. */
	refuseUpgrades(status: number | false): void;
	/** Sends every open connection a message that is not the protocol. */
	sendGarbage(): void;
	/** Sends every open connection `count` snapshots at once (a burst a client must take: there is no limit on pushes). */
	flood(count?: number): void;
	/** Sends every open connection one ticker snapshot as given (a hostile or broken sender's: any price, any `ts`). */
	pushTicker(instId: string, lastPr: string, ts: string): void;
}

interface TickerStreamOptions {
	book: LoanBook;
	symbols: SymbolCatalogue;
	serverNow: () => number;
	idleMs?: number;
	/** Push every subscribed pair on this cadence too; none: at subscribe and on a move only. */
	cadence?: StreamCadence;
	/** When false the server refuses upgrades as it refuses requests (setAvailable(false)). */
	available: () => boolean;
}

interface Connection {
	id: number;
	socket: WebSocket;
	record: StreamConnectionRecord;
	/** instId → the last price sent, so a move is pushed at once only when the pair moved. */
	subscribed: Map<string, string>;
	/** instId → the timer of its next push on the cadence. */
	cadenceTimers: Map<string, NodeJS.Timeout>;
	/** The connection's own jitter, seeded: [0, 1). */
	random: () => number;
	/** Date.now() of the messages read in the last second. */
	receivedAt: number[];
	/** Times of the subscriptions made in the last hour. */
	subscribedAt: number[];
	idleTimer?: NodeJS.Timeout;
}

type ChannelArg = {instType: 'SPOT'; channel: 'ticker'; instId: string};

export class TickerStream implements TickerStreamControls {
	private readonly server = new WebSocketServer({noServer: true, maxPayload: 64 * 1024});
	/** The connections open now. */
	private readonly openConnections = new Set<Connection>();
	private readonly unsubscribeBook: () => void;
	private refusal: number | false = false;
	/** The symbol records by name, made at the first subscription (the bench's simulator holds 100k pairs). */
	private bySymbol: Map<string, SimSymbolRecord> | undefined;
	private nextId = 1;
	accepted = 0;
	refused = 0;
	readonly subscriptions: StreamSubscriptionRecord[] = [];
	readonly connections: StreamConnectionRecord[] = [];
	readonly errors: {connection: number; code: number; text: string}[] = [];

	constructor(private readonly options: TickerStreamOptions) {
		this.unsubscribeBook = options.book.onPricesChanged(() => this.pushMoves());
	}

	get open(): number {
		return this.openConnections.size;
	}

	/** The HTTP server's `upgrade` event. */
	upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
		const url = req.url ?? '/';
		const path = url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
		const refuse = (status: number, reason: string) => {
			socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
			socket.destroy();
		};
		if (path !== TICKER_STREAM_PATH) return refuse(404, 'Not Found');
		const status = this.refusal !== false ? this.refusal : this.options.available() ? undefined : 503;
		if (status !== undefined) {
			this.refused++;
			return refuse(status, status === 429 ? 'Too Many Requests' : 'Service Unavailable');
		}
		this.server.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
	}

	private accept(socket: WebSocket): void {
		this.accepted++;
		const id = this.nextId++;
		const record: StreamConnectionRecord = {id, pushed: 0, received: 0};
		this.connections.push(record);
		const random = seededRandom((this.options.cadence?.seed ?? 1) * 7919 + id);
		const connection: Connection = {id, socket, record, subscribed: new Map(), cadenceTimers: new Map(), random, receivedAt: [], subscribedAt: []};
		this.openConnections.add(connection);
		this.keepAlive(connection);
		socket.on('message', (data, isBinary) => this.receive(connection, isBinary ? '' : data.toString('utf8')));
		socket.on('error', () => this.end(connection, 'a socket error'));
		socket.on('close', () => {
			record.ended ??= 'client';
			clearTimeout(connection.idleTimer);
			for (const timer of connection.cadenceTimers.values()) clearTimeout(timer);
			connection.cadenceTimers.clear();
			this.openConnections.delete(connection);
		});
	}

	private keepAlive(connection: Connection): void {
		clearTimeout(connection.idleTimer);
		connection.idleTimer = setTimeout(() => this.end(connection, 'no ping'), this.options.idleMs ?? DEFAULT_STREAM_IDLE_MS);
		connection.idleTimer.unref();
	}

	private receive(connection: Connection, text: string): void {
		const now = this.options.serverNow();
		connection.record.received++;
		// Any second, not calendar seconds: 11 messages across a second's boundary are over the limit too.
		const arrived = Date.now();
		connection.receivedAt = connection.receivedAt.filter((at) => at > arrived - 1_000);
		connection.receivedAt.push(arrived);
		if (connection.receivedAt.length > MESSAGES_PER_SECOND) {
			this.error(connection, 30006, 'request too many', text);
			connection.record.ended ??= 'more than 10 messages in a second';
			connection.socket.close(1008, 'request too many');
			return;
		}
		if (text === 'ping') {
			this.keepAlive(connection);
			connection.socket.send('pong');
			return;
		}
		let message: unknown;
		try {
			message = JSON.parse(text);
		} catch {
			return this.error(connection, 30002, 'illegal request', text);
		}
		const {op, args} = (typeof message === 'object' && message !== null ? message : {}) as {op?: unknown; args?: unknown};
		if (op !== 'subscribe' && op !== 'unsubscribe') return this.error(connection, 30003, 'invalid op', text);
		if (!Array.isArray(args) || args.length === 0) return this.error(connection, 30002, 'illegal request', text);
		for (const arg of args as unknown[]) {
			const record = this.channelRecord(arg);
			if (record === undefined) {
				this.error(connection, 30001, `${describeArg(arg)} doesn't exist`, text);
				continue;
			}
			const channel: ChannelArg = {instType: 'SPOT', channel: 'ticker', instId: record.symbol};
			if (op === 'unsubscribe') {
				connection.subscribed.delete(record.symbol);
				clearTimeout(connection.cadenceTimers.get(record.symbol));
				connection.cadenceTimers.delete(record.symbol);
				this.subscriptions.push({connection: connection.id, op, instId: record.symbol, at: Date.now()});
				this.send(connection, {event: 'unsubscribe', arg: channel});
				continue;
			}
			connection.subscribedAt = connection.subscribedAt.filter((at) => at > now - HOUR_MS);
			if (connection.subscribedAt.length >= SUBSCRIPTIONS_PER_HOUR) {
				this.error(connection, 30007, 'request over limit: 240 subscriptions an hour per connection', text);
				continue;
			}
			connection.subscribedAt.push(now);
			this.subscriptions.push({connection: connection.id, op, instId: record.symbol, at: Date.now()});
			this.send(connection, {event: 'subscribe', arg: channel});
			this.snapshot(connection, record);
		}
	}

	/** The symbol a channel argument names, when it is a SPOT ticker the book prices. */
	private channelRecord(arg: unknown): SimSymbolRecord | undefined {
		if (typeof arg !== 'object' || arg === null) return undefined;
		const {instType, channel, instId} = arg as Record<string, unknown>;
		if (instType !== 'SPOT' || channel !== 'ticker' || typeof instId !== 'string') return undefined;
		const record = this.record(instId);
		return record !== undefined && hasTicker(record, this.options.book) ? record : undefined;
	}

	private record(instId: string): SimSymbolRecord | undefined {
		this.bySymbol ??= new Map(this.options.symbols.records.map((record) => [record.symbol, record]));
		return this.bySymbol.get(instId);
	}

	private snapshot(connection: Connection, record: SimSymbolRecord): void {
		const lastPr = lastPrice(record, this.options.book);
		connection.subscribed.set(record.symbol, lastPr);
		this.push(connection, snapshotMessage(record.symbol, lastPr, this.options.serverNow() - this.options.book.tickerAgeMs, this.options.serverNow()));
		this.nextOnCadence(connection, record);
	}

	/** The pair's next push on the cadence (a push for a move starts the wait again). */
	private nextOnCadence(connection: Connection, record: SimSymbolRecord): void {
		const cadence = this.options.cadence;
		if (cadence === undefined) return;
		clearTimeout(connection.cadenceTimers.get(record.symbol));
		const delay = cadence.minMs + Math.floor(connection.random() * (cadence.maxMs - cadence.minMs + 1));
		const timer = setTimeout(() => {
			connection.cadenceTimers.delete(record.symbol);
			if (!connection.subscribed.has(record.symbol) || !hasTicker(record, this.options.book)) return;
			this.snapshot(connection, record);
		}, delay);
		timer.unref();
		connection.cadenceTimers.set(record.symbol, timer);
	}

	/** After a price change in the book: a snapshot of every subscribed pair whose price moved. */
	private pushMoves(): void {
		for (const connection of this.openConnections) {
			for (const [instId, sent] of connection.subscribed) {
				const record = this.record(instId);
				if (record === undefined || !hasTicker(record, this.options.book)) continue;
				if (lastPrice(record, this.options.book) !== sent) this.snapshot(connection, record);
			}
		}
	}

	/** An error event as Bitget sends it: no `arg`, the pair (if any) named in `msg` only. */
	private error(connection: Connection, code: number, msg: string, text: string): void {
		this.errors.push({connection: connection.id, code, text: text.slice(0, 200)});
		this.send(connection, {event: 'error', code, msg});
	}

	private send(connection: Connection, message: object | string): void {
		if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
	}

	private push(connection: Connection, message: object | string): void {
		if (connection.socket.readyState !== connection.socket.OPEN) return;
		connection.record.pushed++;
		this.send(connection, message);
	}

	/** Ends a connection from the server's side, saying why in the log. */
	private end(connection: Connection, why: string): void {
		connection.record.ended ??= why;
		connection.socket.terminate();
	}

	dropAll(): void {
		for (const connection of this.openConnections) this.end(connection, 'dropped by the test');
	}

	refuseUpgrades(status: number | false): void {
		this.refusal = status;
	}

	sendGarbage(): void {
		for (const connection of this.openConnections) connection.socket.send('\u0000{"action":"snapshot","data":[{"instId":');
	}

	flood(count = 200): void {
		for (const connection of this.openConnections) {
			const [instId, lastPr] = connection.subscribed.entries().next().value ?? ['BTCUSDT', '1'];
			const message = JSON.stringify(snapshotMessage(instId, lastPr, this.options.serverNow(), this.options.serverNow()));
			for (let i = 0; i < count; i++) this.push(connection, message);
		}
	}

	pushTicker(instId: string, lastPr: string, ts: string): void {
		const message = {action: 'snapshot', arg: {instType: 'SPOT', channel: 'ticker', instId}, data: [{instId, lastPr, ts}], ts: this.options.serverNow()};
		for (const connection of this.openConnections) this.push(connection, message);
	}

	reset(): void {
		this.dropAll();
		this.refusal = false;
		this.accepted = 0;
		this.refused = 0;
		this.nextId = 1;
		this.subscriptions.length = 0;
		this.connections.length = 0;
		this.errors.length = 0;
	}

	close(): void {
		this.unsubscribeBook();
		this.dropAll();
		this.server.close();
	}
}

function snapshotMessage(instId: string, lastPr: string, tickerTs: number, now: number): object {
	const ts = String(tickerTs);
	return {
		action: 'snapshot',
		arg: {instType: 'SPOT', channel: 'ticker', instId},
		data: [
			{instId, lastPr, open24h: lastPr, high24h: lastPr, low24h: lastPr, change24h: '0', bidPr: lastPr, askPr: lastPr, openUtc: lastPr, changeUtc24h: '0', ts},
		],
		ts: now,
	};
}

function describeArg(arg: unknown): string {
	if (typeof arg !== 'object' || arg === null) return 'the channel';
	const {instType, channel, instId} = arg as Record<string, unknown>;
	return `instType:${String(instType)},channel:${String(channel)},instId:${String(instId)}`;
}

/** mulberry32: a small seeded generator, [0, 1). */
function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}
