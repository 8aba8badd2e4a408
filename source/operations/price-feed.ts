// Live prices of a set of pairs (the open loans' pledge/loan pairs), framework-free: Bitget's public ticker stream
// over one WebSocket (reference D.4), and the REST tickers when the stream cannot be had (docs/prices.md).
//
// - One connection; the pairs can change while it runs (the difference is subscribed or unsubscribed, in one
//   message each); after a reconnect every pair is subscribed again.
// - `ping` every 30 s, as the reference asks (the server drops a connection after 2 minutes without one); no pong
//   or other message within 10 s of a ping counts as a dead connection: it is dropped and reconnected.
// - A message that is not the protocol, or a flood (more than the documented 10 a second, sustained), drops the
//   connection: what follows on it cannot be trusted.
// - Reconnects back off exponentially with jitter, capped; after 3 failures in a row the prices are polled from the
//   REST tickers (one read of every ticker every 5 s, far inside their 20 a second; slower after a 429) while the
//   stream keeps being tried in the background; once it opens, polling stops.
// - Every timer and the clock are injectable, so tests drive time; close() ends the socket, the poll and every timer.
import type {BitgetClient} from '../api/client.js';
import {ApiError} from '../api/errors.js';
import {openTickerSocket, type OpenTickerSocket, type TickerSocket} from '../api/ticker-socket.js';
import {channelRequest, parseStreamMessage, PING} from '../api/ticker-stream-schemas.js';
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

export interface PriceFeedOptions {
	/** The ticker stream's URL (runtime/config.ts tickerStreamUrl); undefined: poll only. */
	url: string | undefined;
	client: Pick<BitgetClient, 'tickers'>;
	instIds?: Iterable<string>;
	openSocket?: OpenTickerSocket;
	timers?: FeedTimers;
	/** Epoch ms; for the flood check. */
	now?: () => number;
	/** [0, 1); for the back-off's jitter. */
	random?: () => number;
	pingEveryMs?: number;
	/** After a ping, this long without any message means the connection is dead. */
	pongTimeoutMs?: number;
	backoff?: BackoffPolicy;
	/** Socket failures in a row before the REST tickers are polled. */
	failuresBeforePolling?: number;
	pollEveryMs?: number;
	/** The slowest poll, after 429s or failures. */
	pollCapMs?: number;
	/** Connection failures and drops, for --debug. */
	debug?: (line: string) => void;
}

type FeedSettings = Required<Pick<PriceFeedOptions, 'pingEveryMs' | 'pongTimeoutMs' | 'backoff' | 'failuresBeforePolling' | 'pollEveryMs' | 'pollCapMs'>>;

export const FEED_DEFAULTS: Readonly<FeedSettings> = {
	pingEveryMs: 30_000,
	pongTimeoutMs: 10_000,
	backoff: {baseMs: 1_000, capMs: 60_000},
	failuresBeforePolling: 3,
	pollEveryMs: 5_000,
	pollCapMs: 60_000,
};

/** The documented rate (reference D.4: 10 messages a second); a burst after subscribing is allowed for. */
const MESSAGES_PER_SECOND = 10;
const BURST_MESSAGES = 30;

/**
 * The delay before reconnect attempt `failures` (1, 2, …): "equal jitter", half of base × 2^(failures − 1) fixed
 * and half random, capped, so many clients dropped at once do not come back in step.
 */
export function backoffDelay(failures: number, policy: BackoffPolicy, random: () => number): number {
	const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
	return Math.round(exponential / 2 + (exponential / 2) * random());
}

/**
 * Counts the messages read against the documented 10 a second (a token bucket of 10 a second that holds a burst:
 * a subscription of many pairs is answered with an ack and a snapshot each at once). False once it is overrun.
 */
export class FloodGuard {
	private tokens: number;
	private at: number | undefined;

	constructor(private readonly capacity: () => number) {
		this.tokens = capacity();
	}

	allow(now: number): boolean {
		const capacity = this.capacity();
		this.tokens = this.at === undefined ? capacity : Math.min(capacity, this.tokens + ((now - this.at) / 1000) * MESSAGES_PER_SECOND);
		this.at = now;
		if (this.tokens < 1) return false;
		this.tokens--;
		return true;
	}
}

const realTimers: FeedTimers = {
	setTimeout: (callback, ms) => setTimeout(callback, ms),
	clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

type Listener<T> = (value: T) => void;

export class PriceFeed {
	private readonly wanted = new Set<string>();
	/** What the open connection has been asked for (subscribe sent), so a change sends only the difference. */
	private readonly requested = new Set<string>();
	/** Pairs the server said it has no ticker for: not asked for again on this run. */
	private readonly refused = new Set<string>();
	/** The last price told per pair and its source, so the same is not told twice. */
	private readonly told = new Map<string, string>();
	private readonly updateListeners = new Set<Listener<PriceUpdate>>();
	private readonly statusListeners = new Set<Listener<FeedStatusChange>>();
	private readonly timers: FeedTimers;
	private readonly now: () => number;
	private readonly random: () => number;
	private readonly settings: FeedSettings;
	private readonly openSocket: OpenTickerSocket;
	private socket: TickerSocket | undefined;
	private socketOpen = false;
	private failures = 0;
	private reconnectTimer: unknown;
	private pingTimer: unknown;
	private pongTimer: unknown;
	private polling = false;
	private pollTimer: unknown;
	private pollDelayMs: number;
	private pollAbort: AbortController | undefined;
	private flood: FloodGuard | undefined;
	private current: FeedStatus | undefined;
	private currentReason: string | undefined;
	private closed = false;
	private syncQueued = false;

	constructor(private readonly options: PriceFeedOptions) {
		this.timers = options.timers ?? realTimers;
		this.now = options.now ?? Date.now;
		this.random = options.random ?? Math.random;
		this.openSocket = options.openSocket ?? openTickerSocket;
		this.settings = {
			pingEveryMs: options.pingEveryMs ?? FEED_DEFAULTS.pingEveryMs,
			pongTimeoutMs: options.pongTimeoutMs ?? FEED_DEFAULTS.pongTimeoutMs,
			backoff: options.backoff ?? FEED_DEFAULTS.backoff,
			failuresBeforePolling: options.failuresBeforePolling ?? FEED_DEFAULTS.failuresBeforePolling,
			pollEveryMs: options.pollEveryMs ?? FEED_DEFAULTS.pollEveryMs,
			pollCapMs: options.pollCapMs ?? FEED_DEFAULTS.pollCapMs,
		};
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
		// Changes in one turn go out as one difference: the server takes 10 messages a second (reference D.4).
		if (this.syncQueued) return;
		this.syncQueued = true;
		queueMicrotask(() => {
			this.syncQueued = false;
			if (this.socketOpen && !this.closed) this.syncSubscriptions();
		});
	}

	/** Ends the socket, the poll and every timer; no event follows. */
	close(): void {
		if (this.closed) return;
		this.closed = true;
		this.dropSocket();
		this.timers.clearTimeout(this.reconnectTimer);
		this.stopPolling();
		this.updateListeners.clear();
		this.statusListeners.clear();
	}

	// The stream.

	private connect(): void {
		if (this.closed) return;
		// A retry keeps the reason of the failure before it.
		if (!this.polling && this.current !== 'connecting') this.setStatus('connecting');
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
		if (lostAtOnce !== undefined) this.lost(lostAtOnce);
	}

	private opened(): void {
		this.socketOpen = true;
		this.failures = 0;
		this.requested.clear();
		this.flood = new FloodGuard(() => BURST_MESSAGES + 2 * this.requested.size);
		this.stopPolling();
		this.setStatus('live');
		this.syncSubscriptions();
		this.schedulePing();
	}

	private syncSubscriptions(): void {
		const add = [...this.wanted].filter((instId) => !this.requested.has(instId) && !this.refused.has(instId));
		const remove = [...this.requested].filter((instId) => !this.wanted.has(instId));
		if (remove.length > 0) {
			for (const instId of remove) this.requested.delete(instId);
			this.socket?.send(channelRequest('unsubscribe', remove));
		}
		if (add.length > 0) {
			for (const instId of add) this.requested.add(instId);
			this.socket?.send(channelRequest('subscribe', add));
		}
	}

	private received(text: string): void {
		// Any message shows the connection is alive.
		this.timers.clearTimeout(this.pongTimer);
		this.pongTimer = undefined;
		if (this.flood !== undefined && !this.flood.allow(this.now())) return this.drop('more messages than the documented 10 a second');
		const message = parseStreamMessage(text);
		switch (message.kind) {
			case 'unreadable':
				return this.drop(`an unreadable message (${message.problem})`);
			case 'tickers':
				for (const ticker of message.tickers) {
					if (this.wanted.has(ticker.instId)) this.tell({...ticker, source: 'stream'});
				}
				return;
			case 'error':
				this.options.debug?.(`ticker stream: error ${message.code} ${message.msg}`);
				// A pair the server has no ticker for is not asked for again (a loop of refusals would use up the 240
				// subscriptions an hour); other errors (a limit) end with the server closing, and the back-off follows.
				if (message.instId !== undefined) {
					this.refused.add(message.instId);
					this.requested.delete(message.instId);
				}
				return;
			default:
				return;
		}
	}

	private schedulePing(): void {
		this.pingTimer = this.timers.setTimeout(() => {
			if (!this.socketOpen) return;
			this.socket?.send(PING);
			this.timers.clearTimeout(this.pongTimer);
			this.pongTimer = this.timers.setTimeout(() => this.drop(`no answer to a ping within ${this.settings.pongTimeoutMs / 1000} s`), this.settings.pongTimeoutMs);
			this.schedulePing();
		}, this.settings.pingEveryMs);
	}

	/** Ends this connection on purpose (garbage, a flood, no pong) and reconnects after the back-off. */
	private drop(reason: string): void {
		this.dropSocket();
		this.lost(reason);
	}

	private dropSocket(): void {
		const socket = this.socket;
		this.socket = undefined;
		this.socketOpen = false;
		this.flood = undefined;
		this.timers.clearTimeout(this.pingTimer);
		this.timers.clearTimeout(this.pongTimer);
		this.pingTimer = this.pongTimer = undefined;
		socket?.close();
	}

	private lost(reason: string): void {
		if (this.closed) return;
		this.dropSocket();
		this.failures++;
		this.options.debug?.(`ticker stream: ${reason}; attempt ${this.failures + 1} follows`);
		if (this.failures >= this.settings.failuresBeforePolling && !this.polling) this.startPolling(reason);
		else if (!this.polling) this.setStatus('connecting', reason);
		const delay = backoffDelay(this.failures, this.settings.backoff, this.random);
		this.timers.clearTimeout(this.reconnectTimer);
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

	private async poll(): Promise<void> {
		const abort = new AbortController();
		this.pollAbort = abort;
		let failure: unknown;
		try {
			const page = await this.options.client.tickers(undefined, {signal: abort.signal});
			if (abort.signal.aborted || !this.polling) return;
			this.pollDelayMs = this.settings.pollEveryMs;
			this.setStatus('polling', this.current === 'polling' ? this.currentReason : undefined);
			for (const ticker of page.records) {
				if (this.wanted.has(ticker.symbol)) this.tell({instId: ticker.symbol, lastPr: ticker.lastPr, ts: ticker.ts, source: 'poll'});
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
