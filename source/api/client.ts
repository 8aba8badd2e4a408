// One client for the three operations, on one keep-alive undici Pool shared by the whole app.
import {Pool} from 'undici';
import {ServerClock} from './clock.js';
import {SKIP} from './array-stream.js';
import {BodyProblem, readBody, type BodyContent} from './read-body.js';
import {RecordTally} from './symbol-records.js';
import type {EarlyReads} from './early-reads.js';
import {isFailure, parseEnvelope} from './envelope.js';
import {
	ApiError,
	InputError,
	InterruptedError,
	LoanTuiError,
	MissingCredentialsError,
	NetworkError,
	OutcomeUnknownError,
	ProtocolError,
	TimeoutError,
} from './errors.js';
import {decodedLimit} from './limits.js';
import {isRefusalCode} from './money-codes.js';
import {redactError, redactSecrets, redactValue} from './redact.js';
import {carriesCredentialsSafely, InsecureTransportError} from './transport.js';
import {RateLimiter} from './rate-limiter.js';
import {type Validated, validateAccountInfo, validateAccountSettings, validateEstimate, validateLoanOrder, validateSymbols} from './schemas.js';
import {canonicalQuery, prehash, sign} from './sign.js';
import {
	type BorrowRequest,
	type Credentials,
	type Estimate,
	type EstimateRequest,
	type LoanOrder,
	OPERATIONS,
	type OperationName,
	type SymbolRecord,
	type Ticker,
	type AccountFamily,
	type Candle,
	type CandleQuery,
	pathFor,
} from './types.js';
import {checkAmount, checkCandleLimit, checkCoin, checkEpochMs, checkGranularity, checkOrigin, checkPeriod, checkSymbol} from './validate.js';
import {DEFAULT_LOCALE} from './locale.js';
import {publicHeaders} from './public-headers.js';
import {DEFAULT_BORROW_TIMEOUT_MS, DEFAULT_GET_TIMEOUT_MS} from './deadlines.js';
import type {
	CoinInfos,
	Debts,
	HistoryKind,
	HistoryQuery,
	HistoryRecords,
	ListPage,
	OngoingLoan,
	OngoingQuery,
	RepayRequest,
	RepayResult,
	RevisePledgeRequest,
	RevisePledgeResult,
} from './loan-types.js';
import {historyQuery, ongoingQuery, required} from './loan-requests.js';
import {moneyBody, SAME_COIN, type MoneyBodyRequest} from './money-bodies.js';
import {
	validateBorrowHistory,
	validateCoinInfos,
	validateDebts,
	validateOngoingPage,
	validateReduces,
	validateRepay,
	validateRepayHistory,
	validateReviseHistory,
	validateRevisePledge,
} from './loan-schemas.js';
import {settledOrAborted, sleep} from './sleep.js';
import {validateTickers} from './ticker-schemas.js';
import {validateCandles} from './candle-schemas.js';

export interface ClientOptions {
	baseUrl: string;
	locale?: string;
	credentials?: Credentials;
	/** Whole deadline of a GET, queueing and 429 retries included. */
	getTimeoutMs?: number;
	/** Deadline of a borrow. */
	borrowTimeoutMs?: number;
	/** Override of section 8's per-second limits (tests, benchmarks). */
	perSecond?: Partial<Record<OperationName, number>>;
	/** One line per request, credentials redacted. */
	debug?: (line: string) => void;
	userAgent?: string;
	/** Local clock (tests). */
	now?: () => number;
	/** Send signed requests over plain http to a host that is not loopback (refused otherwise). */
	allowInsecureHttp?: boolean;
	/** What this run remembers of accounts' modes (runtime/session.ts keeps it on disk, per key, for a while). */
	familyMemory?: FamilyMemory;
	/** Reads a screen sent before this client existed (early-reads.ts): taken as this client's own answers. */
	early?: EarlyReads;
}

/** Remembered account modes, by API key (the store never shows the key anywhere). */
export interface FamilyMemory {
	recall(apiKey: string): Promise<AccountFamily | undefined>;
	remember(apiKey: string, family: AccountFamily): Promise<void>;
}

export interface CallOptions {
	signal?: AbortSignal;
}

/** The POSTs that move money, and what each answers. */
export type MoneyPostName = 'borrow' | 'repay' | 'revisePledge';
interface MoneyAnswers {
	borrow: LoanOrder;
	repay: RepayResult;
	revisePledge: RevisePledgeResult;
}

/** What a missing key stops, in its message ("no API credentials for borrowing"). */
const MONEY_ACTIVITY: Record<MoneyPostName, string> = {borrow: 'borrowing', repay: 'repaying', revisePledge: 'changing collateral'};

const MONEY_ANSWERS: {[K in MoneyPostName]: (data: unknown) => Validated<MoneyAnswers[K]>} = {
	borrow: validateLoanOrder,
	repay: validateRepay,
	revisePledge: validateRevisePledge,
};

/** Posts a built body to an account of `family`: the body recorded is the body sent (BitgetClient.moneyPoster). */
export interface MoneyPoster {
	post<K extends MoneyPostName>(operation: K, body: string, family: AccountFamily, options?: CallOptions): Promise<MoneyAnswers[K]>;
}

/** What an API key may do, from /api/v3/account/info (unified accounts). */
export interface KeyPermissions {
	permType: string;
	permissions: string[];
}

/** The family a mode refusal says the account is: 40085 (classic API refused: unified), 40084 and 25245 (unified
 * API refused: classic). */
function familyOfRefusal(error: unknown): AccountFamily | undefined {
	if (!(error instanceof ApiError)) return undefined;
	if (error.code === '40085') return 'unified';
	if (error.code === '40084' || error.code === '25245') return 'classic';
	return undefined;
}

export interface SymbolsOptions extends CallOptions {
	/** The full list only: every decoded chunk of the answer as it streams in (to copy it to a cache). */
	onChunk?: (chunk: Buffer) => void;
	/** The full list only: the answer's body is read once this settles, not before (the app parses its cached copy
	 * first, so the two never compete for the one thread; the answer waits in the socket meanwhile). */
	readAfter?: Promise<unknown>;
}

/** A symbol listing: the readable records, and how many were left out because they could not be read. */
export interface SymbolList {
	records: SymbolRecord[];
	unreadable: number;
	/** What was wrong with the first unreadable record. */
	firstProblem?: string;
}

/** Error codes of a connection that never got as far as sending: a borrow failing this way certainly did nothing. */
const NOT_SENT_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'ENETUNREACH',
	'EHOSTUNREACH',
	'UND_ERR_CONNECT_TIMEOUT',
	'CERT_HAS_EXPIRED',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'ERR_TLS_CERT_ALTNAME_INVALID',
]);

interface SendOptions<T> {
	operation: OperationName;
	/** The path when it is not the operation's own (a unified account's v3 twin). */
	path?: string;
	query?: string;
	body?: string;
	signed: boolean;
	deadlineMs: number;
	validate: (data: unknown) => Validated<T>;
	/** For a large array payload: a fresh per-element check, applied while the body streams in. */
	elements?: () => (value: unknown, index: number) => unknown;
	onChunk?: (chunk: Buffer) => void;
	readAfter?: Promise<unknown>;
	signal?: AbortSignal;
	/** Set to true the moment the request is handed to the connection (it may reach the server from then on). */
	progress?: {sent: boolean};
}

/** What one attempt ended with; `sent` tells whether the request may have reached the server. */
type Failed = {
	ok: false;
	error: LoanTuiError;
	sent: boolean;
	serverTime?: number;
	httpStatus?: number;
	/** The answer was a readable envelope (an ApiError came from its code and msg). */
	readable?: boolean;
	/** The data of a "00000" body on a non-2xx status. */
	claimed?: unknown;
};
type Attempt<T> = {ok: true; data: T} | Failed;

export class BitgetClient {
	readonly origin: string;
	readonly locale: string;
	readonly clock: ServerClock;
	private credentials: Credentials | undefined;
	private readonly pool: Pool;
	private readonly limiters: Record<OperationName, RateLimiter>;
	private readonly getTimeoutMs: number;
	private readonly borrowTimeoutMs: number;
	private readonly debug: ((line: string) => void) | undefined;
	private readonly userAgent: string;
	private readonly localNow: () => number;
	private readonly allowInsecureHttp: boolean;
	private readonly familyMemory: FamilyMemory | undefined;
	private readonly early: EarlyReads | undefined;
	/** The account's mode once known (asked, remembered, or learnt from a mode refusal); per key. */
	private family: AccountFamily | undefined;
	private familyLookup: Promise<AccountFamily> | undefined;

	constructor(options: ClientOptions) {
		this.origin = required(checkOrigin(options.baseUrl));
		this.locale = options.locale ?? DEFAULT_LOCALE;
		this.credentials = options.credentials;
		this.getTimeoutMs = options.getTimeoutMs ?? DEFAULT_GET_TIMEOUT_MS;
		this.borrowTimeoutMs = options.borrowTimeoutMs ?? DEFAULT_BORROW_TIMEOUT_MS;
		this.debug = options.debug;
		this.userAgent = options.userAgent ?? 'loan-tui';
		this.localNow = options.now ?? Date.now;
		this.allowInsecureHttp = options.allowInsecureHttp === true;
		this.familyMemory = options.familyMemory;
		this.early = options.early;
		this.clock = new ServerClock(this.localNow);
		this.pool = new Pool(this.origin, {connections: 4, pipelining: 1, keepAliveTimeout: 30_000});
		const limit = (name: OperationName) => options.perSecond?.[name] ?? OPERATIONS[name].perSecond;
		// One limiter per operation of OPERATIONS, so an operation added there is limited too.
		this.limiters = Object.fromEntries((Object.keys(OPERATIONS) as OperationName[]).map((name) => [name, new RateLimiter(limit(name))])) as Record<
			OperationName,
			RateLimiter
		>;
	}

	get hasCredentials(): boolean {
		return this.credentials !== undefined;
	}

	setCredentials(credentials: Credentials | undefined): void {
		if (credentials?.apiKey !== this.credentials?.apiKey) {
			this.family = undefined;
			this.familyLookup = undefined;
		}
		this.credentials = credentials;
	}

	/**
	 * The account's mode: classic (v2 loans) or unified (v3 loans). Known once asked, remembered for the key, or learnt
	 * from a mode refusal; else asked of /api/v3/account/settings (a classic key gets 40084 there), once for all the
	 * callers waiting on it. Needs credentials.
	 */
	async accountFamily(options: CallOptions = {}): Promise<AccountFamily> {
		if (this.family) return this.family;
		const credentials = this.credentials;
		if (!credentials) throw new MissingCredentialsError('reading your loans');
		const lookup = (this.familyLookup ??= this.lookUpFamily(credentials).finally(() => (this.familyLookup = undefined)));
		await settledOrAborted(lookup, options.signal);
		return lookup;
	}

	private async lookUpFamily(credentials: Credentials): Promise<AccountFamily> {
		const remembered = await this.familyMemory?.recall(credentials.apiKey).catch(() => undefined);
		if (remembered) return this.learnFamily(remembered, false);
		let family: AccountFamily;
		try {
			await this.get({operation: 'accountSettings', signed: true, validate: validateAccountSettings});
			family = 'unified';
		} catch (error) {
			// 40084: the unified API refused a classic key. A venue without the v3 account API (an older
			// Bitget-compatible one) speaks classic too.
			if (familyOfRefusal(error) !== 'classic' && !(error instanceof ApiError && error.code === '40404') && (error as {httpStatus?: number}).httpStatus !== 404)
				throw error;
			family = 'classic';
		}
		this.learnFamily(family, false);
		// Kept before the command goes on, so a run that ends soon after still remembers it.
		await this.familyMemory?.remember(credentials.apiKey, family).catch(() => undefined);
		return family;
	}

	private learnFamily(family: AccountFamily, remember = true): AccountFamily {
		const changed = this.family !== family;
		this.family = family;
		if (changed) this.debug?.(`account mode: ${family === 'unified' ? 'unified trading account (v3 loans)' : 'classic account (v2 loans)'}`);
		if (remember && this.credentials) void this.familyMemory?.remember(this.credentials.apiKey, family).catch(() => undefined);
		return family;
	}

	/** What the key may do (unified accounts): read-only or read-and-write, and its permissions. */
	async keyPermissions(options: CallOptions = {}): Promise<KeyPermissions> {
		if (!this.credentials) throw new MissingCredentialsError("reading the API key's permissions");
		return this.get({operation: 'accountInfo', signed: true, validate: validateAccountInfo, ...options});
	}

	/** All spot pairs, or the one named (unreadable records left out: see symbolList for their count). */
	async symbols(symbol?: string, options: SymbolsOptions = {}): Promise<SymbolRecord[]> {
		return (await this.symbolList(symbol, options)).records;
	}

	/** All spot pairs, or the one named, with the count of records that could not be read and were left out. */
	async symbolList(symbol?: string, options: SymbolsOptions = {}): Promise<SymbolList> {
		const query = symbol === undefined ? '' : canonicalQuery({symbol: required(checkSymbol(symbol))});
		const tally = new RecordTally();
		const elements = () => {
			tally.reset();
			return (value: unknown, index: number) => tally.check(value, index, SKIP);
		};
		// Only the whole list is large enough to stream; one pair is read whole (faster for small answers).
		const {onChunk, ...call} = options;
		const records = await this.get<SymbolRecord[]>({
			operation: 'symbols',
			query,
			signed: false,
			validate: (data) => validateSymbols(data, tally),
			elements: symbol === undefined ? elements : undefined,
			onChunk,
			...call,
		});
		// Nothing readable at all is not a list with gaps: it is an answer this client cannot use.
		if (records.length === 0 && tally.unreadable > 0) {
			throw new ProtocolError(redactSecrets(`unexpected answer — ${tally.firstProblem}`, this.credentials), 200);
		}
		return {records, unreadable: tally.unreadable, firstProblem: tally.firstProblem && redactSecrets(tally.firstProblem, this.credentials)};
	}

	/** Spot tickers (last price of each pair), all of them or the one named. Public and unsigned; a ticker that cannot
	 * be read is left out and counted, like a loan in ongoingOrderPage. */
	async tickers(symbol?: string, options: CallOptions = {}): Promise<ListPage<Ticker>> {
		const query = symbol === undefined ? '' : canonicalQuery({symbol: required(checkSymbol(symbol))});
		const page = await this.get({operation: 'tickers', query, signed: false, validate: validateTickers, ...options});
		return this.reportUnreadable('tickers', page);
	}

	/** A pair's candles, ascending by open time (the last one is the candle still open). Public and unsigned like the
	 * tickers; the input is checked before anything is sent (InputError); a candle that cannot be read is left out and
	 * counted. An unknown pair is the server's 40034 (an ApiError). */
	async candles(symbol: string, query: CandleQuery, options: CallOptions = {}): Promise<ListPage<Candle>> {
		const startTime = query.startTime === undefined ? undefined : required(checkEpochMs(query.startTime, 'startTime'));
		const endTime = query.endTime === undefined ? undefined : required(checkEpochMs(query.endTime, 'endTime'));
		if (startTime !== undefined && endTime !== undefined && startTime > endTime) throw new InputError('startTime must not be after endTime');
		const params = canonicalQuery({
			symbol: required(checkSymbol(symbol)),
			granularity: required(checkGranularity(query.granularity)),
			limit: query.limit === undefined ? undefined : String(required(checkCandleLimit(query.limit))),
			startTime: startTime === undefined ? undefined : String(startTime),
			endTime: endTime === undefined ? undefined : String(endTime),
		});
		const page = await this.get({operation: 'candles', query: params, signed: false, validate: validateCandles, ...options});
		return this.reportUnreadable('candles', page);
	}

	/** Hourly interest and borrowable amount. A public lookup: never signed (a revoked key cannot break it). */
	async estimate(request: EstimateRequest, options: CallOptions = {}): Promise<Estimate> {
		const loanCoin = required(checkCoin(request.loanCoin, 'loan coin'));
		const pledgeCoin = required(checkCoin(request.pledgeCoin, 'pledge coin'));
		if (loanCoin === pledgeCoin) throw new InputError(SAME_COIN);
		const query = canonicalQuery({
			loanCoin,
			pledgeCoin,
			daily: required(checkPeriod(request.daily)),
			pledgeAmount: required(checkAmount(request.pledgeAmount, 'pledge amount')),
		});
		return this.get({operation: 'estimate', query, signed: false, validate: validateEstimate, ...options});
	}

	/** Posts one borrow, under the money rules of postMoney. */
	async borrow(request: BorrowRequest, options: CallOptions = {}): Promise<LoanOrder> {
		return this.buildAndPost({kind: 'borrow', request}, options);
	}

	/** Throws when signed requests may not be sent from this client (before a confirmation is asked). */
	assertCanSign(): void {
		if (!this.allowInsecureHttp && !carriesCredentialsSafely(this.origin)) throw new InsecureTransportError(this.origin);
	}

	/** Repays a loan, all or part, through the same exactly-once path as borrow. */
	async repay(request: RepayRequest, options: CallOptions = {}): Promise<RepayResult> {
		return this.buildAndPost({kind: 'repay', request}, options);
	}

	/** Adds (IN) or withdraws (OUT) collateral, through the same exactly-once path as borrow. */
	async revisePledge(request: RevisePledgeRequest, options: CallOptions = {}): Promise<RevisePledgeResult> {
		return this.buildAndPost({kind: 'revisePledge', request}, options);
	}

	/**
	 * The one check of a money send: credentials are there, and signed requests may go to this origin (else
	 * MissingCredentialsError, "no API credentials for borrowing", or InsecureTransportError: nothing is sent). What it
	 * returns posts exactly the body it is given (api/money-bodies.ts), under the rules of postMoney, without checking
	 * again.
	 */
	moneyPoster(kind: MoneyPostName): MoneyPoster {
		if (!this.credentials) throw new MissingCredentialsError(MONEY_ACTIVITY[kind]);
		this.assertCanSign();
		return {post: (operation, body, family, options = {}) => this.postMoney(operation, body, family, options)};
	}

	/** The money methods above, for callers without the pipeline (operations/money-pipeline.ts): checked, then built
	 * once the family is known (the unified body, checked first, is the one sent to a unified account). */
	private async buildAndPost<K extends MoneyPostName>(request: MoneyBodyRequest & {kind: K}, options: CallOptions): Promise<MoneyAnswers[K]> {
		const poster = this.moneyPoster(request.kind);
		// Bad input is refused before anything is sent, the account's mode asked included.
		const unified = moneyBody(request, 'unified');
		const family = await this.accountFamily(options);
		return poster.post(request.kind, family === 'unified' ? unified : moneyBody(request, family), family, options);
	}

	/** Loanable and pledgeable coins with rates and limits (public: sent unsigned, like the estimate's lookups in ccxt). */
	async coinInfos(coin?: string, options: CallOptions = {}): Promise<CoinInfos> {
		const query = coin === undefined ? '' : canonicalQuery({coin: required(checkCoin(coin))});
		return this.get({operation: 'coinInfos', query, signed: false, validate: validateCoinInfos, ...options});
	}

	/**
	 * The ongoing loans, all of them or none: when a loan in the answer cannot be read this throws a ProtocolError
	 * that says so, because a caller that shows or acts on one loan must not take an unreadable loan for "no such
	 * loan" (screens/loan/use-loan.ts would say "no longer open"). Use ongoingOrderPage to show what could be read.
	 */
	async ongoingOrders(query: OngoingQuery = {}, options: CallOptions = {}): Promise<OngoingLoan[]> {
		const page = await this.ongoingOrderPage(query, options);
		if (page.unreadable > 0) {
			const count = page.unreadable === 1 ? '1 ongoing loan' : `${page.unreadable} ongoing loans`;
			throw new ProtocolError(`unexpected answer — ${count} could not be read${page.firstProblem ? ` (first: ${page.firstProblem})` : ''}`, 200);
		}
		return page.records;
	}

	/** The ongoing loans that could be read, and how many could not (each loan is read on its own). */
	async ongoingOrderPage(query: Record<string, string> | OngoingQuery = {}, options: CallOptions = {}): Promise<ListPage<OngoingLoan>> {
		// Only the endpoint's own filters are sent; each is checked before anything leaves (loan-requests.ts).
		const {orderId, loanCoin, pledgeCoin} = query as OngoingQuery;
		const ongoing = ongoingQuery({orderId, loanCoin, pledgeCoin});
		const page = await this.signedGet('ongoingOrders', () => ongoing, validateOngoingPage, options);
		return this.reportUnreadable('ongoingOrders', page);
	}

	/** One page of a history, record by record; `extra` carries the endpoint's own filters (status, reviseSide). A page
	 * is full (more may follow) when records + unreadable reach the page size asked for. */
	async history<K extends HistoryKind>(
		kind: K,
		query: HistoryQuery,
		options: CallOptions & {extra?: Record<string, string>} = {},
	): Promise<ListPage<HistoryRecords[K]>> {
		const validate = {borrowHistory: validateBorrowHistory, repayHistory: validateRepayHistory, reviseHistory: validateReviseHistory, reduces: validateReduces}[
			kind
		];
		const {extra, ...call} = options;
		const page = await this.signedGet(
			kind,
			(family) => historyQuery(query, this.clock.now(), extra, family),
			validate as (data: unknown) => Validated<ListPage<HistoryRecords[K]>>,
			call,
		);
		return this.reportUnreadable(kind, page);
	}

	/** The page with its first problem redacted (it quotes server text), and that problem in the request log. */
	private reportUnreadable<T>(operation: OperationName, page: ListPage<T>): ListPage<T> {
		if (page.firstProblem === undefined) return page;
		const firstProblem = redactSecrets(page.firstProblem, this.credentials);
		this.debug?.(`${operation}: ${page.unreadable} record${page.unreadable === 1 ? '' : 's'} could not be read and left out (first: ${firstProblem})`);
		return {...page, firstProblem};
	}

	async debts(options: CallOptions = {}): Promise<Debts> {
		return this.signedGet('debts', () => '', validateDebts, options);
	}

	/** A signed loan read in the account's family; a mode refusal (the account was upgraded, or the remembered mode is
	 * out of date) teaches the other family, and the read — safe to repeat — is asked there once. */
	private async signedGet<T>(
		operation: OperationName,
		query: (family: AccountFamily) => string,
		validate: (data: unknown) => Validated<T>,
		options: CallOptions,
	): Promise<T> {
		// Bad input is refused before anything is sent, the account's mode asked included.
		query('classic');
		const family = await this.accountFamily(options);
		const read = (inFamily: AccountFamily) =>
			this.get({operation, path: pathFor(operation, inFamily), query: query(inFamily), signed: true, validate, ...options});
		try {
			return await read(family);
		} catch (error) {
			const actual = familyOfRefusal(error);
			if (actual === undefined || actual === family) throw error;
			return read(this.learnFamily(actual));
		}
	}

	/**
	 * The one way a money-moving POST (borrow, repay, revise-pledge) is sent, reached only through moneyPoster, which
	 * checked the credentials and the transport for this send. The rules:
	 * - One attempt. The only resend is after HTTP 400 with code 40008 (timestamp expired), once: the server
	 *   refused without acting, and the clock has been corrected from that answer.
	 * - A refusal, thrown as the ApiError it is, is a readable envelope sent with HTTP 200 or 4xx whose code says the
	 *   request was refused before execution (api/money-codes.ts; 429 included). Nothing was done.
	 * - A failure before the request could reach the server (connection refused, host not found, certificate, the
	 *   deadline passing in the client's queue) is thrown as is. Nothing was done.
	 * - Everything else once the request may have reached the server is OutcomeUnknownError: a 1xx/3xx/5xx answer
	 *   (even a readable refusal), a server-trouble code or one not known to be a refusal (40010, 40015, 45001, …) on
	 *   any status, a 00000 body on a non-2xx status (with the orderId it names, if any), a body that
	 *   cannot be read or is too large, a success whose data fails `validate`, a timeout, a broken connection, and
	 *   the caller's signal (Ctrl+C, SIGTERM) once the request was handed to the connection. It carries the
	 *   operation and the values sent.
	 * @param operation a POST of OPERATIONS; its deadline is the borrow deadline, its size cap from limits.ts
	 * @param body the exact JSON text to send and sign, built for `family` (api/money-bodies.ts)
	 */
	private async postMoney<K extends MoneyPostName>(operation: K, body: string, family: AccountFamily, options: CallOptions): Promise<MoneyAnswers[K]> {
		const validate = MONEY_ANSWERS[operation] as (data: unknown) => Validated<MoneyAnswers[K]>;
		const path = pathFor(operation, family);
		const details = {operation, sent: JSON.parse(body) as Record<string, unknown>};
		let resent = false;
		for (;;) {
			const progress = {sent: false};
			let attempt: Attempt<MoneyAnswers[K]>;
			try {
				attempt = await this.attempt({operation, path, body, signed: true, deadlineMs: this.borrowTimeoutMs, validate, signal: options.signal, progress});
			} catch (error) {
				if (!options.signal?.aborted) throw error;
				const reason: unknown = options.signal.reason;
				const interrupted = reason instanceof InterruptedError ? reason : new InterruptedError();
				if (progress.sent) throw new OutcomeUnknownError(interrupted, details);
				throw new InputError(`${interrupted.message.replace(' while waiting for the answer', '')} before the ${operation} was sent: nothing was sent`);
			}
			if (attempt.ok) return attempt.data;
			const {error, sent} = attempt;
			if (!sent) throw error;
			const status = attempt.httpStatus;
			if (error instanceof ApiError && error.code === '40008' && status === 400 && !resent && attempt.serverTime !== undefined) {
				resent = true;
				continue;
			}
			// A refusal is a readable envelope on 200 or 4xx whose code says the request was refused before execution
			// (api/money-codes.ts); a server-trouble code or one not known to be a refusal may have acted.
			const readableStatus = status !== undefined && (status === 200 || (status >= 400 && status <= 499));
			if (error instanceof ApiError && attempt.readable === true && readableStatus && isRefusalCode(error.code)) {
				// A mode refusal did nothing; the next POST (after a new confirmation) goes to the right family.
				const actual = familyOfRefusal(error);
				if (actual !== undefined) this.learnFamily(actual);
				throw error;
			}
			const orderId = claimedOrderId(attempt.claimed);
			throw new OutcomeUnknownError(error, orderId === undefined ? details : {...details, orderId, httpStatus: status});
		}
	}

	async close(): Promise<void> {
		await this.pool.close();
	}

	private async get<T>(options: Omit<SendOptions<T>, 'deadlineMs'>): Promise<T> {
		// A signed read checks the transport itself; a money POST was checked once for its send (moneyPoster).
		if (options.signed && !(options.path ?? OPERATIONS[options.operation].path).includes('/public/')) this.assertCanSign();
		const deadline = this.localNow() + this.getTimeoutMs;
		let resynced = false;
		// While retrying a 429, running out of time reports the 429: that is what kept the answer away.
		let limited: ApiError | undefined;
		for (let retry = 0; ; retry++) {
			const remaining = deadline - this.localNow();
			if (remaining <= 0) throw limited ?? new TimeoutError(this.getTimeoutMs);
			const attempt = await this.attempt({...options, deadlineMs: remaining});
			if (attempt.ok) return attempt.data;
			const {error} = attempt;
			if (error instanceof TimeoutError) throw limited ?? new TimeoutError(this.getTimeoutMs);
			if (error instanceof ApiError && error.code === '40008' && options.signed && !resynced) {
				resynced = true;
				continue;
			}
			if (error instanceof ApiError && error.httpStatus === 429) {
				limited = error;
				const delay = backoff(retry);
				if (this.localNow() + delay >= deadline) throw error;
				await sleep(delay, options.signal);
				continue;
			}
			throw error;
		}
	}

	private async attempt<T>(options: SendOptions<T>): Promise<Attempt<T>> {
		const {operation, query = '', body = ''} = options;
		const {method} = OPERATIONS[operation];
		const path = options.path ?? OPERATIONS[operation].path;
		// Every /public/ path is sent without credential headers, as the most used clients do (reference B.2).
		const signed = options.signed && !path.includes('/public/');
		const validate = options.validate;
		const deadline = AbortSignal.timeout(Math.max(1, options.deadlineMs));
		const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
		const timedOut = () => deadline.aborted && !options.signal?.aborted;

		try {
			await this.limiters[operation].acquire(signal);
		} catch (reason) {
			if (timedOut()) return {ok: false, error: new TimeoutError(options.deadlineMs), sent: false};
			throw reason;
		}

		const headers = this.headers(method, path, query, body, signed);
		const requestPath = query ? `${path}?${query}` : path;
		const sentAt = this.localNow();
		let sent = false;
		// Every failure leaves through here: server text in it is redacted before anyone shows or logs it, this
		// request's signature and any echo of its credential headers included (redact.ts).
		const signature = headers['access-sign'];
		const extra = signature === undefined ? [] : [signature];
		// Error text is one short string: always searched for header echoes. Data is searched only when signed (an
		// unsigned request carried no credential headers to echo, and its data may be 100k symbol records).
		const redaction = {extra, headerEchoes: signed};
		const fail = (error: LoanTuiError, more: Partial<Failed> = {}): Failed => ({
			ok: false,
			error: redactError(error, this.credentials, {extra}),
			sent,
			...more,
		});
		// Ends an early answer (early-reads.ts) when this attempt stops waiting for it: its deadline, or an abort.
		let cancelEarly: (() => void) | undefined;
		try {
			sent = true;
			if (options.progress) options.progress.sent = true;
			// The same read sent before this client existed is this request's answer; one that failed is sent again here.
			const early = method === 'GET' && !signed ? this.early?.take(requestPath) : undefined;
			if (early) {
				cancelEarly = early.cancel;
				if (signal.aborted) cancelEarly();
				else signal.addEventListener('abort', cancelEarly, {once: true});
			}
			const response =
				(early && (await early.answer.catch(() => (signal.throwIfAborted(), undefined)))) ??
				(await this.pool.request({
					method,
					path: requestPath,
					headers,
					body: method === 'POST' ? body : undefined,
					signal,
					headersTimeout: 0,
					bodyTimeout: 0,
				}));
			let content: BodyContent;
			try {
				// Only a 2xx body can be the list; a 429 or error page before a retry must not reach onChunk.
				const success = response.statusCode >= 200 && response.statusCode < 300;
				const limits = {maxBytes: decodedLimit(operation), label: `${operation} answers`};
				if (success && options.readAfter) {
					await settledOrAborted(options.readAfter, signal).catch((reason: unknown) => {
						response.body.destroy();
						throw reason;
					});
				}
				content = await readBody(
					response.body,
					response.headers['content-encoding'],
					response.statusCode,
					limits,
					options.elements?.(),
					success ? options.onChunk : undefined,
				);
				// The pool marks the connection free a turn after the body ends; without this yield the caller's
				// next request would find it busy and open a second connection.
				await new Promise((resolve) => setImmediate(resolve));
			} catch (error) {
				if (timedOut()) return fail(new TimeoutError(options.deadlineMs), {httpStatus: response.statusCode});
				if (options.signal?.aborted) throw options.signal.reason;
				if (error instanceof BodyProblem) {
					const problem = fail(new ProtocolError(error.message, response.statusCode), {httpStatus: response.statusCode});
					this.log(method, requestPath, headers, response.statusCode, problem.error, sentAt);
					return problem;
				}
				return fail(networkError(error, 'the connection broke while reading the answer'), {httpStatus: response.statusCode});
			}
			const receivedAt = this.localNow();
			const parsed =
				content.kind === 'text'
					? parseEnvelope(response.statusCode, content.text, validate)
					: parseEnvelope(response.statusCode, content.skeleton, (data) => (content.elements ? {ok: true, value: content.elements as T} : validate(data)));
			if (parsed.serverTime !== undefined) this.clock.observe(parsed.serverTime, sentAt, receivedAt);
			if (isFailure(parsed)) {
				const claimed = redactValue(parsed.claimed, this.credentials, redaction);
				const failure = fail(parsed.error, {
					serverTime: parsed.serverTime,
					httpStatus: response.statusCode,
					readable: parsed.error instanceof ApiError,
					claimed,
				});
				this.log(method, requestPath, headers, response.statusCode, failure.error, sentAt);
				return failure;
			}
			this.log(method, requestPath, headers, response.statusCode, undefined, sentAt);
			// A server that puts a credential into the data (an order id, a record) gets it redacted there too.
			return {ok: true, data: redactValue(parsed.data, this.credentials, redaction)};
		} catch (error) {
			if (timedOut()) {
				this.log(method, requestPath, headers, 0, new TimeoutError(options.deadlineMs), sentAt);
				return fail(new TimeoutError(options.deadlineMs));
			}
			if (options.signal?.aborted) throw options.signal.reason;
			const code = (error as {code?: unknown})?.code;
			const reached = !(typeof code === 'string' && NOT_SENT_CODES.has(code));
			const failure = networkError(error, reached ? 'the connection broke before an answer arrived' : `could not reach ${hostOf(this.origin)}`);
			this.log(method, requestPath, headers, 0, failure, sentAt);
			// A connection that was never made carried nothing: that failure is not an unknown outcome.
			sent = reached;
			return fail(failure);
		} finally {
			if (cancelEarly) signal.removeEventListener('abort', cancelEarly);
		}
	}

	private headers(method: string, path: string, query: string, body: string, signed: boolean): Record<string, string> {
		const headers = publicHeaders(this.locale, this.userAgent);
		if (signed && this.credentials) {
			const timestamp = String(this.clock.now());
			headers['access-key'] = this.credentials.apiKey;
			headers['access-sign'] = sign(this.credentials.secretKey, prehash(timestamp, method, path, query, body));
			headers['access-passphrase'] = this.credentials.passphrase;
			headers['access-timestamp'] = timestamp;
		}
		return headers;
	}

	private log(method: string, requestPath: string, headers: Record<string, string>, status: number, error: LoanTuiError | undefined, sentAt: number): void {
		if (!this.debug) return;
		const shown = Object.entries(headers)
			.map(([name, value]) => `${name}: ${name.startsWith('access-') && name !== 'access-timestamp' ? '[redacted]' : value}`)
			.join('; ');
		const outcome = error ? `${error.name}: ${error.message}` : 'ok';
		this.debug(`${method} ${this.origin}${requestPath} -> ${status || '-'} ${outcome} (${this.localNow() - sentAt} ms) [${shown}]`);
	}
}

/** The orderId a non-2xx "00000" body named, when it names a plausible one. */
function claimedOrderId(claimed: unknown): string | undefined {
	const orderId = typeof claimed === 'object' && claimed !== null ? (claimed as {orderId?: unknown}).orderId : undefined;
	return typeof orderId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(orderId) ? orderId : undefined;
}

const NETWORK_WORDS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host name lookup failed',
	ECONNRESET: 'connection reset',
	UND_ERR_SOCKET: 'the server closed the connection',
	UND_ERR_CONNECT_TIMEOUT: 'connecting took too long',
};

function networkError(error: unknown, what: string): NetworkError {
	const code = (error as {code?: unknown})?.code;
	if (typeof code !== 'string') return new NetworkError(what);
	return new NetworkError(`${what}: ${NETWORK_WORDS[code] ?? code}`, code);
}

/** The host a person typed (and may have mistyped): "api.bitget.com", "127.0.0.1:8080". */
function hostOf(origin: string): string {
	try {
		return new URL(origin).host || origin;
	} catch {
		return origin;
	}
}

function backoff(retry: number): number {
	const ceiling = Math.min(1000, 100 * 2 ** retry);
	return ceiling / 2 + Math.random() * (ceiling / 2);
}
