// Wire types of the three operations (reference section 2), after runtime validation.

export const PERIODS = ['SEVEN', 'THIRTY', 'FLEXIBLE'] as const;
export type Period = (typeof PERIODS)[number];

/** A spot trading pair. Only symbol, baseCoin and quoteCoin are guaranteed; the rest may be absent. */
export interface SymbolRecord {
	symbol: string;
	baseCoin: string;
	quoteCoin: string;
	minTradeAmount?: string;
	maxTradeAmount?: string;
	takerFeeRate?: string;
	makerFeeRate?: string;
	pricePrecision?: string;
	quantityPrecision?: string;
	quotePrecision?: string;
	minTradeUSDT?: string;
	/** online, gray, halt or offline in practice; a new value from the server is kept as sent. */
	status?: string;
	buyLimitPriceRatio?: string;
	sellLimitPriceRatio?: string;
	orderQuantity?: string;
	areaSymbol?: string;
	openTime?: string;
	/** Empty string when the pair has no delisting time. */
	offTime?: string;
}

export interface Estimate {
	hourInterest: string;
	loanAmount: string;
}

/** A spot ticker (reference D.4): the last price of a pair in its quote coin, as of `ts`. */
export interface Ticker {
	symbol: string;
	/** Latest price in the quote coin. */
	lastPr: string;
	/** When the server took it: epoch ms. */
	ts: string;
}

/** The candle sizes loan-tui reads (Bitget offers more: 1min … 1week). */
export const CANDLE_GRANULARITIES = ['1h', '4h'] as const;
export type CandleGranularity = (typeof CANDLE_GRANULARITIES)[number];

/** One spot candle (reference D.4, candles): its open time and prices in the quote coin. Only what loan-tui uses is
 * kept (the volumes are left out). */
export interface Candle {
	/** Open time, epoch ms. */
	ts: number;
	open: string;
	high: string;
	low: string;
	close: string;
}

/** Which candles to read: at most `limit` (1 to 1000; the server's default is 100), the most recent of those opened
 * between `startTime` and `endTime` (epoch ms, both optional). */
export interface CandleQuery {
	granularity: CandleGranularity;
	limit?: number;
	startTime?: number;
	endTime?: number;
}

export interface LoanOrder {
	orderId: string;
}

export interface EstimateRequest {
	loanCoin: string;
	pledgeCoin: string;
	daily: Period;
	pledgeAmount: string;
}

interface BorrowBase {
	loanCoin: string;
	pledgeCoin: string;
	daily: Period;
}

/** Exactly one of pledgeAmount and loanAmount: the union makes giving both or neither a type error. */
export type BorrowRequest = (BorrowBase & {pledgeAmount: string; loanAmount?: never}) | (BorrowBase & {loanAmount: string; pledgeAmount?: never});

export interface Credentials {
	apiKey: string;
	secretKey: string;
	passphrase: string;
}

export const OPERATIONS = {
	symbols: {method: 'GET', path: '/api/v2/spot/public/symbols', perSecond: 20},
	estimate: {method: 'GET', path: '/api/v2/earn/loan/public/hour-interest', perSecond: 10},
	borrow: {method: 'POST', path: '/api/v2/earn/loan/borrow', perSecond: 10},
	// The rest of a loan's life (reference Part C); shapes in loan-types.ts.
	coinInfos: {method: 'GET', path: '/api/v2/earn/loan/public/coinInfos', perSecond: 10},
	ongoingOrders: {method: 'GET', path: '/api/v2/earn/loan/ongoing-orders', perSecond: 10},
	repay: {method: 'POST', path: '/api/v2/earn/loan/repay', perSecond: 10},
	revisePledge: {method: 'POST', path: '/api/v2/earn/loan/revise-pledge', perSecond: 10},
	reviseHistory: {method: 'GET', path: '/api/v2/earn/loan/revise-history', perSecond: 10},
	borrowHistory: {method: 'GET', path: '/api/v2/earn/loan/borrow-history', perSecond: 10},
	repayHistory: {method: 'GET', path: '/api/v2/earn/loan/repay-history', perSecond: 10},
	reduces: {method: 'GET', path: '/api/v2/earn/loan/reduces', perSecond: 10},
	debts: {method: 'GET', path: '/api/v2/earn/loan/debts', perSecond: 10},
	// Prices (reference D.4): public and unsigned although the path has no /public/ in it.
	tickers: {method: 'GET', path: '/api/v2/spot/market/tickers', perSecond: 20},
	// A pair's candles, public and unsigned like the tickers (reference D.4: 20/s per IP).
	candles: {method: 'GET', path: '/api/v2/spot/market/candles', perSecond: 20},
	// Unified trading accounts (reference Part E.2): the account's mode, and what its key may do.
	accountSettings: {method: 'GET', path: '/api/v3/account/settings', perSecond: 10},
	accountInfo: {method: 'GET', path: '/api/v3/account/info', perSecond: 10},
} as const;
export type OperationName = keyof typeof OPERATIONS;

/** The two wire families of Bitget's loans: classic accounts speak /api/v2/earn/loan, unified trading accounts
 * /api/v3/loan (reference Part E). The public lookups (coinInfos, hour-interest) answer any caller on v2. */
export type AccountFamily = 'classic' | 'unified';

/** The v3 twin of each signed loan operation (Part E.1); the same 10/s per account, so one limiter serves both. */
const UNIFIED_PATHS: Partial<Record<OperationName, string>> = {
	borrow: '/api/v3/loan/borrow',
	ongoingOrders: '/api/v3/loan/borrow-ongoing',
	repay: '/api/v3/loan/repay',
	revisePledge: '/api/v3/loan/revise-pledge',
	reviseHistory: '/api/v3/loan/pledge-rate-history',
	borrowHistory: '/api/v3/loan/borrow-history',
	repayHistory: '/api/v3/loan/repay-history',
	reduces: '/api/v3/loan/reduces',
	debts: '/api/v3/loan/debts',
};

/** The path of an operation for an account of this family. */
export function pathFor(operation: OperationName, family: AccountFamily | undefined): string {
	return (family === 'unified' ? UNIFIED_PATHS[operation] : undefined) ?? OPERATIONS[operation].path;
}

export const SUCCESS_CODE = '00000';

/** A price as the tickers and candles write one: digits, a point, digits (no sign, no exponent). */
export const PLAIN_DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;
/** A time as Bitget writes one: epoch milliseconds, digits only. */
export const EPOCH_MS_DIGITS = /^\d{1,16}$/;
