// Live prices of a set of pairs (the open loans' pledge/loan pairs), framework-free: Bitget's public ticker stream
// over one WebSocket (reference D.4), and the REST tickers when the stream cannot be had (docs/prices.md).
//
// - One connection; the pairs can change while it runs (the difference is subscribed or unsubscribed, several pairs
//   a message); after a reconnect every pair is subscribed again, except those the server said it has no ticker for.
// - What the server pushes is never limited: Bitget pushes every pair every 100–300 ms, and a client that dropped a
//   connection for receiving fast would be disconnected over and over. A message's size is bounded (the schema), and
//   prices are coalesced per pair and told once per turn of the event loop, so a burst costs one update per pair.
// - What the client sends is limited (SEND_LIMIT): subscribes, unsubscribes and pings wait in a queue, because the
//   server disconnects a client that sends more than 10 messages a second, and may block an IP disconnected often.
// - `ping` every 30 s, as the reference asks; no pong or other message within 10 s of a ping counts as a dead
//   connection: it is dropped and reconnected. A message that is not the protocol drops the connection too.
// - Drops (a connection lost, refused, or dropped here) are counted in a window, not reset when one opens: 3 within
//   2 minutes, and the prices are polled from the REST tickers for a while (2 minutes, doubling up to 10) before the
//   stream is tried again; a connection that drops again before it has lasted the window goes straight back to
//   polling. "live" is told once per outage: a drop that the next connection mends is not a change of status.
// - Every timer and the clock are injectable, so tests drive time; close() ends the socket, the poll and every timer.
import type {BitgetClient} from '../api/client.js';
import {ApiError} from '../api/errors.js';
import {openTickerSocket, type OpenTickerSocket, type TickerSocket} from '../api/ticker-socket.js';
import {channelRequest, parseStreamMessage, PING} from '../api/ticker-stream-schemas.js';
import type {Ticker} from '../api/types.js';
import {failureText} from './observe.js';

type FeedStatus = 'connecting' | 'live' | 'polling' | 'down';

export interface PriceUpdate {
	instId: string;
	lastPr: string;
	/** When the server took the price: epoch ms, as the tickers give it. */
	ts: string;
	source: 'stream' | 'poll';
}

export interface FeedStatusChange {
	status: FeedStatus;
	/** Why, for a person: the socket's last failure, a poll's failure. */
	reason?: string;
}

/** The timers the feed runs on; tests pass fakes and move time themselves. */
export interface FeedTimers {
	setTimeout(callback: () => void, ms: number): unknown;
	clearTimeout(handle: unknown): void;
}

interface BackoffPolicy {
	/** The first retry's delay. */
	baseMs: number;
	/** No delay is longer. */
	capMs: number;
}

/** At most `messages` sent in any `perMs`. */
interface SendLimit {
	messages: number;
	perMs: number;
}

export interface PriceFeedOptions {
	/** The ticker stream's URL (runtime/config.ts tickerStreamUrl); undefined: poll only. */
	url: string | undefined;
	client: Pick<BitgetClient, 'tickers'>;
	instIds?: Iterable<string>;
	openSocket?: OpenTickerSocket;
	timers?: FeedTimers;
	/** Epoch ms (the fake timers' clock in tests); for the send limit and the window of drops. */
	now?: () => number;
	/** [0, 1); for the back-off's jitter. */
	random?: () => number;
	/** Runs `callback` after the messages read in this turn (setImmediate): the prices they bring are told then. */
	defer?: (callback: () => void) => void;
	pingEveryMs?: number;
	/** After a ping, this long without any message means the connection is dead. */
	pongTimeoutMs?: number;
	/** A connection not open this long after it was asked for has failed. */
	openTimeoutMs?: number;
	backoff?: BackoffPolicy;
	/** Drops within `dropWindowMs` before the REST tickers are polled instead. */
	dropsBeforePolling?: number;
	dropWindowMs?: number;
	/** How long the stream rests after a fall back to polling: base, doubling with each fall back in a row, capped. */
	streamPause?: BackoffPolicy;
	sendLimit?: SendLimit;
	pollEveryMs?: number;
	/** The slowest poll, after 429s or failures. */
	pollCapMs?: number;
	/** Connection failures and drops with their reasons, refused pairs: the --debug log. */
	debug?: (line: string) => void;
}

type FeedSettings = Required<
	Pick<
		PriceFeedOptions,
		| 'pingEveryMs'
		| 'pongTimeoutMs'
		| 'openTimeoutMs'
		| 'backoff'
		| 'dropsBeforePolling'
		| 'dropWindowMs'
		| 'streamPause'
		| 'sendLimit'
		| 'pollEveryMs'
		| 'pollCapMs'
	>
>;

export const FEED_DEFAULTS: Readonly<FeedSettings> = {
	pingEveryMs: 30_000,
	pongTimeoutMs: 10_000,
	openTimeoutMs: 10_000,
	backoff: {baseMs: 1_000, capMs: 60_000},
	// Three drops in two minutes is no passing blip: each reconnect costs a connection the server counts against the IP.
	dropsBeforePolling: 3,
	dropWindowMs: 120_000,
	// The first rest outlasts the window, so the drops that caused it have aged out when the stream is tried again.
	streamPause: {baseMs: 120_000, capMs: 600_000},
	// Half the server's 10 a second: messages sent over a little more than a second can arrive within one.
	sendLimit: {messages: 5, perMs: 1_000},
	pollEveryMs: 5_000,
	pollCapMs: 60_000,
};

/** Pairs in one subscribe or unsubscribe message: several at once, each message still small. */
const PAIRS_PER_MESSAGE = 50;

/** With this many pairs or fewer, a poll asks for each by name (one request each); with more, one request for all. */
const POLL_BY_NAME_UP_TO = 5;

/**
 * The delay before reconnect attempt `failures` (1, 2, …): "equal jitter", half of base × 2^(failures − 1) fixed
 * and half random, capped, so many clients dropped at once do not come back in step.
 */
export function backoffDelay(failures: number, policy: BackoffPolicy, random: () => number): number {
	const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
	return Math.round(exponential / 2 + (exponential / 2) * random());
}

/** Counts what the client sends against a limit over a sliding window: how long until one more may go. */
export class SendLimiter {
	private readonly sentAt: number[] = [];

	constructor(private readonly limit: SendLimit) {}

	/** 0 when a message may go now; otherwise the ms until it may. */
	waitMs(now: number): number {
		while (this.sentAt.length > 0 && this.sentAt[0]! <= now - this.limit.perMs) this.sentAt.shift();
		return this.sentAt.length < this.limit.messages ? 0 : this.sentAt[0]! + this.limit.perMs - now;
	}

	sent(now: number): void {
		this.sentAt.push(now);
	}
}

const realTimers: FeedTimers = {
	setTimeout: (callback, ms) => setTimeout(callback, ms),
	clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

type Listener<T> = (value: T) => void;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export class PriceFeed {
	private readonly wanted = new Set<string>();
	/** What the open connection has been asked for (subscribe sent), so a change sends only the difference. */
	private readonly requested = new Set<string>();
	/** Pairs the server said it has no ticker for: not asked for again on this run. */
	private readonly refused = new Set<string>();
	/** The last price told per pair and its source, so the same is not told twice. */
	private readonly told = new Map<string, string>();
	/** Prices read from the stream in this turn, the latest per pair, told together once it ends. */
	private readonly arrived = new Map<string, PriceUpdate>();
	private readonly updateListeners = new Set<Listener<PriceUpdate>>();
	private readonly statusListeners = new Set<Listener<FeedStatusChange>>();
	private readonly timers: FeedTimers;
	private readonly now: () => number;
	private readonly random: () => number;
	private readonly defer: (callback: () => void) => void;
	private readonly settings: FeedSettings;
	private readonly openSocket: OpenTickerSocket;
	private readonly sendLimiter: SendLimiter;
	private socket: TickerSocket | undefined;
	private socketOpen = false;
	private openedAt: number | undefined;
	/** When the recent connections were lost (within the drop window). */
	private drops: number[] = [];
	/** Falls back to polling in a row, with no connection that lasted the window between them. */
	private fallbacks = 0;
	private reconnectTimer: unknown;
	private openTimer: unknown;
	private pingTimer: unknown;
	private pongTimer: unknown;
	private pingDue = false;
	private sendTimer: unknown;
	private polling = false;
	private pollTimer: unknown;
	private pollDelayMs: number;
	private pollAbort: AbortController | undefined;
	private current: FeedStatus | undefined;
	private currentReason: string | undefined;
	private closed = false;
	private syncQueued = false;
	private deliveryQueued = false;

	constructor(private readonly options: PriceFeedOptions) {
		this.timers = options.timers ?? realTimers;
		this.now = options.now ?? Date.now;
		this.random = options.random ?? Math.random;
		this.defer = options.defer ?? ((callback) => void setImmediate(callback));
		this.openSocket = options.openSocket ?? openTickerSocket;
		this.settings = {...FEED_DEFAULTS, ...definedOnly(options)};
		this.sendLimiter = new SendLimiter(this.settings.sendLimit);
		this.pollDelayMs = this.settings.pollEveryMs;
		for (const instId of options.instIds ?? []) this.wanted.add(instId);
	}

	get status(): FeedStatus | undefined {
		return this.current;
	}

	/** Starts the stream (or, without a URL, the poll). */
	start(): this {
		if (this.options.url === undefined) this.startPolling('no ticker stream for this API origin');
		else this.connect();
		return this;
	}

	onUpdate(listener: Listener<PriceUpdate>): () => void {
		this.updateListeners.add(listener);
		return () => this.updateListeners.delete(listener);
	}

	onStatus(listener: Listener<FeedStatusChange>): () => void {
		this.statusListeners.add(listener);
		return () => this.statusListeners.delete(listener);
	}

	/** The pairs to follow from now on: on an open stream the new ones are subscribed and the dropped ones unsubscribed. */
	setInstIds(instIds: Iterable<string>): void {
		this.wanted.clear();
		for (const instId of instIds) this.wanted.add(instId);
		for (const instId of this.told.keys()) if (!this.wanted.has(instId)) this.told.delete(instId);
		// Changes in one turn go out as one difference.
		if (this.syncQueued) return;
		this.syncQueued = true;
		queueMicrotask(() => {
			this.syncQueued = false;
			if (this.socketOpen && !this.closed) this.sendQueued();
		});
	}

	/** Ends the socket, the poll and every timer; no event follows. */
	close(): void {
		if (this.closed) return;
		this.closed = true;
		this.dropSocket();
		this.timers.clearTimeout(this.reconnectTimer);
		this.stopPolling();
		this.arrived.clear();
		this.updateListeners.clear();
		this.statusListeners.clear();
	}

	// The stream.

	private connect(): void {
		if (this.closed) return;
		if (this.current === undefined) this.setStatus('connecting');
		const url = this.options.url!;
		// Filled once openSocket returns; an event for a socket this feed has since replaced or dropped is ignored.
		const handle: {socket?: TickerSocket} = {};
		let lostAtOnce: string | undefined;
		const mine = () => handle.socket !== undefined && this.socket === handle.socket;
		handle.socket = this.openSocket(url, {
			onOpen: () => {
				if (mine()) this.opened();
			},
			onMessage: (text) => {
				if (mine()) this.received(text);
			},
			onClose: (reason) => {
				if (handle.socket === undefined) lostAtOnce = reason;
				else if (mine()) this.lost(reason);
			},
		});
		this.socket = handle.socket;
		// A socket that failed before openSocket returned is lost already.
		if (lostAtOnce !== undefined) return this.lost(lostAtOnce);
		// An upgrade that hangs would otherwise leave the feed waiting, and saying "live", for ever.
		this.openTimer = this.timers.setTimeout(() => this.lost(`not open within ${seconds(this.settings.openTimeoutMs)}`), this.settings.openTimeoutMs);
	}

	private opened(): void {
		this.timers.clearTimeout(this.openTimer);
		this.openTimer = undefined;
		this.socketOpen = true;
		this.openedAt = this.now();
		this.requested.clear();
		this.stopPolling();
		// Said when it becomes live after not being live: a reconnect after a drop is no news.
		this.setStatus('live');
		this.sendQueued();
		this.schedulePing();
	}

	/**
	 * Sends what waits, within the send limit: the pairs no longer wanted (unsubscribe), the new ones (subscribe),
	 * then a due ping. What the limit holds back goes when it allows, worked out again then (so it is the latest).
	 */
	private sendQueued(): void {
		this.timers.clearTimeout(this.sendTimer);
		this.sendTimer = undefined;
		while (this.socketOpen && this.socket !== undefined) {
			const unsubscribe = [...this.requested].filter((instId) => !this.wanted.has(instId)).slice(0, PAIRS_PER_MESSAGE);
			const subscribe = [...this.wanted].filter((instId) => !this.requested.has(instId) && !this.refused.has(instId)).slice(0, PAIRS_PER_MESSAGE);
			if (unsubscribe.length === 0 && subscribe.length === 0 && !this.pingDue) return;
			const wait = this.sendLimiter.waitMs(this.now());
			if (wait > 0) {
				this.sendTimer = this.timers.setTimeout(() => this.sendQueued(), wait);
				return;
			}
			this.sendLimiter.sent(this.now());
			if (unsubscribe.length > 0) {
				for (const instId of unsubscribe) this.requested.delete(instId);
				this.socket.send(channelRequest('unsubscribe', unsubscribe));
			} else if (subscribe.length > 0) {
				for (const instId of subscribe) this.requested.add(instId);
				this.socket.send(channelRequest('subscribe', subscribe));
			} else {
				this.pingDue = false;
				this.socket.send(PING);
				this.timers.clearTimeout(this.pongTimer);
				this.pongTimer = this.timers.setTimeout(
					() => this.lost(`no answer to a ping within ${seconds(this.settings.pongTimeoutMs)}`),
					this.settings.pongTimeoutMs,
				);
			}
		}
	}

	private received(text: string): void {
		// Any message shows the connection is alive.
		this.timers.clearTimeout(this.pongTimer);
		this.pongTimer = undefined;
		const message = parseStreamMessage(text);
		switch (message.kind) {
			case 'unreadable':
				return this.lost(`an unreadable message (${message.problem})`);
			case 'tickers':
				for (const ticker of message.tickers) {
					if (this.wanted.has(ticker.instId)) this.arrived.set(ticker.instId, {...ticker, source: 'stream'});
				}
				return this.deliverSoon();
			case 'error':
				// A pair the server has no ticker for is not asked for again, on this connection or the next: a loop of
				// refusals would use up the 240 subscriptions an hour. Other errors (a limit) end with the server closing.
				if (message.instId !== undefined && !this.refused.has(message.instId)) {
					this.refused.add(message.instId);
					this.requested.delete(message.instId);
					this.options.debug?.(`ticker stream: ${message.instId} refused (error ${message.code}: ${message.msg}); it is not asked for again`);
				} else if (message.instId === undefined) {
					this.options.debug?.(`ticker stream: error ${message.code}: ${message.msg}`);
				}
				return;
			default:
				return;
		}
	}

	/** Tells what arrived in this turn once it ends: a burst of pushes costs the listeners one update per pair. */
	private deliverSoon(): void {
		if (this.deliveryQueued || this.arrived.size === 0) return;
		this.deliveryQueued = true;
		this.defer(() => {
			this.deliveryQueued = false;
			if (this.closed) return;
			const updates = [...this.arrived.values()];
			this.arrived.clear();
			for (const update of updates) if (this.wanted.has(update.instId)) this.tell(update);
		});
	}

	private schedulePing(): void {
		this.pingTimer = this.timers.setTimeout(() => {
			if (!this.socketOpen) return;
			this.pingDue = true;
			this.sendQueued();
			this.schedulePing();
		}, this.settings.pingEveryMs);
	}

	private dropSocket(): void {
		const socket = this.socket;
		this.socket = undefined;
		this.socketOpen = false;
		this.openedAt = undefined;
		this.pingDue = false;
		for (const timer of [this.openTimer, this.pingTimer, this.pongTimer, this.sendTimer]) this.timers.clearTimeout(timer);
		this.openTimer = this.pingTimer = this.pongTimer = this.sendTimer = undefined;
		socket?.close();
	}

	/** A connection lost: closed by the server, failed, or ended here (garbage, no pong, not open in time). */
	private lost(reason: string): void {
		if (this.closed) return;
		const wasOpen = this.socketOpen;
		const lasted = this.openedAt === undefined ? 0 : this.now() - this.openedAt;
		this.dropSocket();
		const now = this.now();
		// A connection that lasted the whole window was sound: the drops before it, and the falls back, are forgotten.
		if (wasOpen && lasted >= this.settings.dropWindowMs) {
			this.drops = [];
			this.fallbacks = 0;
		}
		this.drops = this.drops.filter((at) => at > now - this.settings.dropWindowMs);
		this.drops.push(now);
		const recent = `${this.drops.length} drop${this.drops.length === 1 ? '' : 's'} in ${seconds(this.settings.dropWindowMs)}`;
		this.timers.clearTimeout(this.reconnectTimer);
		if (this.fallbacks > 0 || this.drops.length >= this.settings.dropsBeforePolling) {
			this.fallbacks++;
			const pause = Math.min(this.settings.streamPause.capMs, this.settings.streamPause.baseMs * 2 ** Math.min(this.fallbacks - 1, 30));
			this.options.debug?.(`ticker stream: ${reason} (${recent}); polling the REST tickers, the stream again in ${seconds(pause)}`);
			if (!this.polling) this.startPolling(reason);
			this.reconnectTimer = this.timers.setTimeout(() => this.connect(), pause);
			return;
		}
		const delay = backoffDelay(this.drops.length, this.settings.backoff, this.random);
		this.options.debug?.(`ticker stream: ${reason} (${recent}); reconnecting in ${seconds(delay)}`);
		// A live connection dropped is not yet an outage: the next one usually opens at once, and nothing is said.
		if (!wasOpen && !this.polling) this.setStatus('connecting', reason);
		this.reconnectTimer = this.timers.setTimeout(() => this.connect(), delay);
	}

	// The REST fallback.

	private startPolling(reason: string): void {
		this.polling = true;
		this.pollDelayMs = this.settings.pollEveryMs;
		this.setStatus('polling', reason);
		void this.poll();
	}

	private stopPolling(): void {
		this.polling = false;
		this.timers.clearTimeout(this.pollTimer);
		this.pollTimer = undefined;
		this.pollAbort?.abort();
		this.pollAbort = undefined;
	}

	/** The tickers of the wanted pairs: by name when they are few (a small answer each), else all in one request. */
	private async readTickers(signal: AbortSignal): Promise<{tickers: Ticker[]; failure?: unknown}> {
		const needed = [...this.wanted].filter((instId) => !this.refused.has(instId));
		if (needed.length === 0) return {tickers: []};
		if (needed.length > POLL_BY_NAME_UP_TO) return {tickers: (await this.options.client.tickers(undefined, {signal})).records};
		const answers = await Promise.allSettled(needed.map((instId) => this.options.client.tickers(instId, {signal})));
		const tickers = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value.records : []));
		const failed = answers.find((answer) => answer.status === 'rejected');
		return failed === undefined ? {tickers} : {tickers, failure: failed.reason};
	}

	private async poll(): Promise<void> {
		const abort = new AbortController();
		this.pollAbort = abort;
		let failure: unknown;
		try {
			const read = await this.readTickers(abort.signal);
			if (abort.signal.aborted || !this.polling) return;
			for (const ticker of read.tickers) {
				if (this.wanted.has(ticker.symbol)) this.tell({instId: ticker.symbol, lastPr: ticker.lastPr, ts: ticker.ts, source: 'poll'});
			}
			failure = read.failure;
			if (failure === undefined) {
				this.pollDelayMs = this.settings.pollEveryMs;
				this.setStatus('polling', this.current === 'polling' ? this.currentReason : undefined);
			}
		} catch (error) {
			if (abort.signal.aborted || !this.polling) return;
			failure = error;
		}
		if (failure !== undefined) {
			// A 429 (after the client's own retries) or any failure: ask less often, up to the cap, until one succeeds.
			this.pollDelayMs = Math.min(this.settings.pollCapMs, this.pollDelayMs * 2);
			const limited = failure instanceof ApiError && failure.httpStatus === 429;
			this.setStatus('down', limited ? `the tickers answered 429 Too Many Requests; next read in ${this.pollDelayMs / 1000} s` : failureText(failure));
		}
		if (this.pollAbort === abort) this.pollAbort = undefined;
		this.pollTimer = this.timers.setTimeout(() => void this.poll(), this.pollDelayMs);
	}

	// Telling the listeners.

	private tell(update: PriceUpdate): void {
		// The same price from the same source is told once; a switch of source is told (the stream is back).
		const key = `${update.source} ${update.lastPr} ${update.ts}`;
		if (this.told.get(update.instId) === key) return;
		this.told.set(update.instId, key);
		for (const listener of this.updateListeners) listener(update);
	}

	private setStatus(status: FeedStatus, reason?: string): void {
		if (status === this.current && reason === this.currentReason) return;
		this.current = status;
		this.currentReason = reason;
		const change: FeedStatusChange = reason === undefined ? {status} : {status, reason};
		for (const listener of this.statusListeners) listener(change);
	}
}

/** The settings given, without the undefined ones (which would hide the defaults in a spread). */
function definedOnly(options: PriceFeedOptions): Partial<FeedSettings> {
	const settings: Partial<Record<keyof FeedSettings, unknown>> = {};
	for (const key of Object.keys(FEED_DEFAULTS) as Array<keyof FeedSettings>) if (options[key] !== undefined) settings[key] = options[key];
	return settings as Partial<FeedSettings>;
}
