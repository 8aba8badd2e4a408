// Public types of the simulator (re-exported by index.ts).
import type {Credentials, OperationName} from '../api/types.js';
import type {LoanDesk} from './loan-book.js';
import type {StreamCadence, TickerStreamControls} from './ticker-stream.js';

/** Bitget's two account modes (reference Part E): a classic account speaks the v2 earn/loan API, a unified trading
 * account (UTA) the v3 loan API. */
export type AccountMode = 'classic' | 'unified';

/** The key's permission type, as GET /api/v3/account/info reports it. */
type PermType = 'read-only' | 'read-and-write';

/** An accepted API key, with the account it belongs to. */
export interface SimulatedAccount extends Credentials {
	/** Default: SimulatorOptions.accountMode. */
	mode?: AccountMode;
	/** Default 'read-and-write'; a read-only key's loan POSTs are refused with 40014. */
	permType?: PermType;
}

/** Which API generation a request went to: v2 (classic) or v3 (unified). */
export type ApiFamily = 'v2' | 'v3';

/** The endpoints of both families by operation name: v2 and v3 twins share one (OPERATIONS' names), and the two v3
 * account endpoints have their own. */
export type SimulatedOperation = OperationName | 'accountSettings' | 'accountInfo';

export interface SimulatorOptions {
	host?: string;
	port?: number;
	/** N extra synthetic pairs (bases X0001.. quoted in USDT, USDC, BTC, ETH), deterministic. */
	extraSymbols?: number;
	/** Server clock = Date.now() + offset. */
	clockOffsetMs?: number;
	/** Accepted API keys; default [DEMO_CREDENTIALS]. */
	accounts?: SimulatedAccount[];
	/** The mode of accounts that do not name one; default 'unified' (every new Bitget account is, reference D.5). */
	accountMode?: AccountMode;
	/** The coins the desk takes as collateral; default the ten of coins.ts (PLEDGEABLE). Any coin of its table may be
	 * named, at BTC's LTVs when it has none of its own (initialLtv). */
	pledgeCoins?: readonly string[];
	/** Enforce the section 8 limits; default true. */
	rateLimits?: boolean;
	/** 'auto': br if accept-encoding has br, else gzip if it has gzip, else none. 'gzip'/'br' force it. */
	compression?: 'auto' | 'none' | 'gzip' | 'br';
	/** requestTime as a numeric string instead of a number. */
	requestTimeAsString?: boolean;
	/** Open a couple of loans for every account at start (what --demo shows). */
	demoLoans?: boolean;
	/** Advance the loan desk's hour clock by one hour every this many real ms (the demo's interest ticks: each starts
	 * the next hour of every loan, charged at once, as Bitget charges per started hour). */
	hourEveryMs?: number;
	/** Move every coin's price one step of a slow wave (price-drift.ts) every this many real ms (the demo's live
	 * prices); off by default, so tests move prices exactly (setPrice, driftPrices). */
	priceDriftEveryMs?: number;
	/** Seed of every coin's price path, from which the candles are read (candles.ts); two servers with the same seed,
	 * clock and prices serve the same candles. */
	candleSeed?: number;
	/** The ticker stream drops a connection this long without a ping; default 2 minutes (reference D.4). */
	streamIdleMs?: number;
	/** The ticker stream also pushes every subscribed pair on this cadence, moved or not (Bitget: every 100–300 ms);
	 * off by default, so a test counts exactly the pushes it caused (a move is pushed at once either way). */
	streamCadence?: StreamCadence;
}

export type FaultKind =
	| 'html-500'
	| 'truncated-json'
	| 'reset-before-response'
	| 'reset-after-order'
	| 'stall'
	| 'rate-limit'
	| 'wrong-types'
	| 'unknown-code'
	| 'empty-body'
	/** Answer with `status` and `body` as given, executing nothing (hostile or odd server data). */
	| 'raw'
	/** Execute the request (a borrow places its order, a repay repays), then answer with `status` and `body` as given:
	 * a server-trouble code after the work was done. */
	| 'raw-after-acting'
	/** Execute the request, then never answer (until close): the answer is lost after the work was done. */
	| 'stall-after-acting';

export type FaultOperation = SimulatedOperation | 'any';

export interface Fault {
	kind: FaultKind;
	/** Default 'any': any endpoint (never unknown paths or /api/v2/public/time). An operation name matches its v2 and
	 * v3 twins alike. */
	operation?: FaultOperation;
	/** Default 1; Infinity allowed. */
	times?: number;
	/** For 'stall': answer normally after this delay; default: never answer until close(). */
	stallMs?: number;
	/** For 'stall': answer normally once this settles (a test holds an answer until it has moved a price). */
	release?: Promise<unknown>;
	/** For 'raw': HTTP status (default 200) and the exact body. */
	status?: number;
	body?: string;
}

type RecordedOperation = SimulatedOperation | 'unknown';

export interface RecordedRequest {
	/** Date.now() when the request had been read (wall clock, not the offset server clock). */
	at: number;
	method: string;
	path: string;
	/** Raw, without '?'. */
	query: string;
	/** Lower-cased names; repeated headers joined with ", ". */
	headers: Record<string, string>;
	body: string;
	/** /api/v2/public/time is recorded as 'unknown' too. v2 and v3 twins have the same name: see `family`. */
	operation: RecordedOperation;
	/** v3 for a path under /api/v3/, v2 otherwise (unknown paths included). */
	family: ApiFamily;
	status?: number;
	code?: string;
	fault?: FaultKind;
}

export interface SimulatedOrder {
	orderId: string;
	apiKey: string;
	loanCoin: string;
	pledgeCoin: string;
	daily: string;
	pledgeAmount?: string;
	loanAmount?: string;
}

export interface Simulator {
	readonly url: string;
	readonly port: number;
	readonly requests: RecordedRequest[];
	readonly orders: SimulatedOrder[];
	/** Connections accepted since the start. */
	readonly connections: number;
	/** Connections open now (a client that ends one is seen here). */
	readonly openConnections: number;
	/** The loan desk: ongoing loans, histories, the simulated hour clock and price moves (tests and demo). */
	readonly loans: LoanDesk;
	injectFault(fault: Fault): void;
	clearFaults(): void;
	setClockOffset(ms: number): void;
	setAvailable(up: boolean): void;
	/** Sets a coin's USDT price in the one book the tickers, the estimates and the loans' LTVs are read from (as
	 * `loans.setPrice`: a loan at its liquidation LTV is liquidated). */
	setPrice(coin: string, usdtPrice: string): void;
	/** The public ticker stream at ws://host:port/v2/ws/public (ticker-stream.ts): its records and test controls. */
	readonly tickerStream: TickerStreamControls;
	/** One step of the demo's price drift (price-drift.ts), as the timer of `priceDriftEveryMs` takes it. */
	driftPrices(): void;
	/** Switches an account's mode under a running client (an upgrade to unified, or back); throws for an unknown key.
	 * reset() restores the configured modes. */
	setAccountMode(apiKey: string, mode: AccountMode): void;
	reset(): void;
	close(): Promise<void>;
}
