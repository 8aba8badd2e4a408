// The HTTP server: routing (endpoints.ts), the request pipeline (availability → faults → auth with the account's mode
// → rate limit → permission → handler) and writing envelopes. Behaviour per endpoint lives in symbols.ts,
// estimate.ts, borrow.ts, loans.ts and accounts.ts.
import {createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo, Socket} from 'node:net';
import type {Credentials, Period} from '../api/types.js';
import {accountInfo, AccountModes, accountSettings, modeRefusal, permissionRefusal} from './accounts.js';
import {authenticate, hasCredentialHeaders} from './auth.js';
import {handleBorrow, OrderIds} from './borrow.js';
import {chooseEncoding, encode} from './compression.js';
import {familyOf, route, type Endpoint, type Routed} from './endpoints.js';
import {handleEstimate} from './estimate.js';
import {LoanBook} from './loan-book.js';
import {handleLoanOperation, type LoanOperation} from './loans.js';
import {FaultQueue, type TakenFault} from './faults.js';
import {RateLimiter} from './rate-limit.js';
import {envelopeJson, failure, isSuccess, success, tooManyRequests, type Reply} from './reply.js';
import {catalogue, handleSymbols} from './symbols.js';
import {PriceDrift} from './price-drift.js';
import {TickerStream} from './ticker-stream.js';
import {handleTickers} from './tickers.js';
import {handleCandles} from './candles.js';
import type {RecordedRequest, SimulatedAccount, SimulatedOrder, Simulator, SimulatorOptions} from './types.js';

export const DEMO_CREDENTIALS: Credentials = Object.freeze({
	apiKey: 'demo-api-key',
	secretKey: 'demo-secret-key',
	passphrase: 'demo-passphrase',
});

const TIME_PER_SECOND = 20;
const DEFAULT_CANDLE_SEED = 35;

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (value !== undefined) result[name] = Array.isArray(value) ? value.join(', ') : value;
	}
	return result;
}

/** The query as the service signs it: in received order, each key and value percent-decoded. */
function decodedQuery(raw: string): string {
	if (raw === '') return raw;
	const decode = (text: string) => {
		try {
			return decodeURIComponent(text);
		} catch {
			return text;
		}
	};
	return raw
		.split('&')
		.map((part) => {
			const equals = part.indexOf('=');
			return equals === -1 ? decode(part) : `${decode(part.slice(0, equals))}=${decode(part.slice(equals + 1))}`;
		})
		.join('&');
}

function htmlPage(status: number, title: string): string {
	return `<html>\r\n<head><title>${status} ${title}</title></head>\r\n<body>\r\n<center><h1>${status} ${title}</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n`;
}

interface Outcome {
	reply: Reply;
	/** x-mbx-used-remain-limit; absent for paths that are not an endpoint. */
	remaining?: number;
}

export function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
	const host = options.host ?? '127.0.0.1';
	const compression = options.compression ?? 'auto';
	const timeAsString = options.requestTimeAsString === true;
	const candleSeed = options.candleSeed ?? DEFAULT_CANDLE_SEED;
	const configuredAccounts: readonly SimulatedAccount[] = options.accounts ?? [DEMO_CREDENTIALS];
	const accounts = new Map(configuredAccounts.map((a) => [a.apiKey, a] as const));
	// New Bitget accounts are unified only (reference D.5).
	const modes = new AccountModes(configuredAccounts, options.accountMode ?? 'unified');
	const symbols = catalogue(options.extraSymbols ?? 0);
	const limiter = new RateLimiter(options.rateLimits !== false);
	const faults = new FaultQueue();
	const ids = new OrderIds();
	const requests: RecordedRequest[] = [];
	const orders: SimulatedOrder[] = [];
	const book = new LoanBook(() => serverNow(), options.pledgeCoins);
	const seed = () => {
		if (options.demoLoans) for (const apiKey of accounts.keys()) book.seedDemo(apiKey, () => ids.take());
	};
	const sockets = new Set<Socket>();
	const timers = new Set<NodeJS.Timeout>();
	let clockOffset = options.clockOffsetMs ?? 0;
	let available = true;
	let connections = 0;
	let closed = false;
	const serverNow = () => Date.now() + clockOffset;

	function execute(routed: Routed, req: IncomingMessage, path: string, query: string, body: string): Outcome {
		const now = serverNow();
		const ip = req.socket.remoteAddress ?? 'unknown';
		const params = new URLSearchParams(query);
		if (routed.kind === 'unknown') return {reply: failure('40404', 'Request URL NOT FOUND')};
		if (routed.kind === 'time') {
			const rate = limiter.hit(`time:${ip}`, TIME_PER_SECOND, now);
			if (!rate.allowed) return {reply: tooManyRequests(), remaining: 0};
			return {reply: success({serverTime: String(now)}, () => ({serverTime: now})), remaining: rate.remaining};
		}
		const {endpoint} = routed;
		const op = endpoint.operation;
		const limit = endpoint.perSecond;
		// The real service checks the signature over the decoded query (reference B.2): a client that signs the
		// percent-encoded form is refused with 40009, as it would be in production.
		const verify = (admit?: (account: SimulatedAccount) => Reply | undefined) =>
			authenticate({headers: req.headers, method: req.method ?? '', path, query: decodedQuery(query), body, serverNow: now, accounts, admit});
		if (!endpoint.isPublic) {
			// Always signed, and limited per API key (UID), so the key must be known before counting. The account's mode
			// decides which family it may call at all.
			const result = verify((account) => modeRefusal(modes.of(account.apiKey), endpoint.family));
			const bucket = (apiKey: string) => `${endpoint.family}:${op}:key:${apiKey}`;
			if (!result.ok) {
				const keyHeader = String(req.headers['access-key'] ?? '');
				return {reply: result.reply, remaining: limiter.peek(bucket(keyHeader), limit, now)};
			}
			const {account} = result;
			const rate = limiter.hit(bucket(account.apiKey), limit, now);
			if (!rate.allowed) return {reply: tooManyRequests(), remaining: 0};
			const reply = permissionRefusal(account, endpoint.method) ?? signedReply(endpoint, account, params, req, body, now);
			return {reply, remaining: rate.remaining};
		}
		// The public GETs are limited per IP, before anything else is looked at.
		const rate = limiter.hit(`${op}:ip:${ip}`, limit, now);
		if (!rate.allowed) return {reply: tooManyRequests(), remaining: 0};
		// Credentials sent to a public v2 lookup are verified, but any account mode may call it (reference E.2).
		if (hasCredentialHeaders(req.headers)) {
			const result = verify();
			if (!result.ok) return {reply: result.reply, remaining: rate.remaining};
		}
		const reply =
			op === 'symbols'
				? handleSymbols(params, symbols)
				: op === 'estimate'
					? handleEstimate(params, (coin) => book.price(coin))
					: op === 'tickers'
						? handleTickers(params, symbols, book, now)
						: op === 'candles'
							? handleCandles(params, symbols, book, now, candleSeed)
							: handleLoanOperation({operation: op as LoanOperation, family: endpoint.family, params, headers: req.headers, body, now}, book);
		return {reply, remaining: rate.remaining};
	}

	/** A signed endpoint of either family, once the key, its mode, signature, limit and permission have passed. */
	function signedReply(endpoint: Endpoint, account: SimulatedAccount, params: URLSearchParams, req: IncomingMessage, body: string, now: number): Reply {
		switch (endpoint.operation) {
			case 'accountSettings':
				return accountSettings();
			case 'accountInfo':
				return accountInfo(account);
			case 'borrow':
				return handleBorrow(
					{headers: req.headers, body, account},
					(o) => (orders.push(o), book.open({...o, daily: o.daily as Period})),
					ids,
					(o) => book.rollback({...o, daily: o.daily as Period}),
					(coin) => book.price(coin),
				);
			case 'estimate':
				// Only v3's estimate is signed; the answer is the same.
				return handleEstimate(params, (coin) => book.price(coin));
			default:
				return handleLoanOperation(
					{operation: endpoint.operation as LoanOperation, family: endpoint.family, params, headers: req.headers, body, apiKey: account.apiKey, now},
					book,
				);
		}
	}

	async function write(
		req: IncomingMessage,
		res: ServerResponse,
		record: RecordedRequest,
		status: number,
		contentType: string,
		text: string,
		extra: {code?: string; remaining?: number},
	): Promise<void> {
		const encoding = text === '' ? 'identity' : chooseEncoding(compression, req.headers['accept-encoding']);
		const payload = await encode(Buffer.from(text, 'utf8'), encoding);
		if (closed || res.destroyed) return;
		record.status = status;
		if (extra.code !== undefined) record.code = extra.code;
		const headers: Record<string, string | number> = {'content-type': contentType, 'content-length': payload.length, vary: 'Accept-Encoding'};
		if (encoding !== 'identity') headers['content-encoding'] = encoding;
		if (extra.remaining !== undefined) headers['x-mbx-used-remain-limit'] = extra.remaining;
		res.writeHead(status, headers);
		res.end(payload);
	}

	const writeHtml = (req: IncomingMessage, res: ServerResponse, record: RecordedRequest, status: number, title: string) =>
		write(req, res, record, status, 'text/html', htmlPage(status, title), {});

	function writeOutcome(req: IncomingMessage, res: ServerResponse, record: RecordedRequest, outcome: Outcome, fault: TakenFault | undefined): Promise<void> {
		const {reply, remaining} = outcome;
		const now = serverNow();
		const ok = isSuccess(reply);
		const extra = {code: reply.code, remaining};
		switch (fault?.kind) {
			case 'reset-after-order':
				// The server acted (a borrow's order exists), but the caller never hears about it.
				req.socket.destroy();
				return Promise.resolve();
			case 'raw-after-acting':
				return write(req, res, record, fault.status ?? 200, 'application/json', fault.body ?? '', {});
			case 'stall-after-acting':
				// Acted; the answer never comes (close() ends the socket).
				return Promise.resolve();
			case 'empty-body':
				return write(req, res, record, 200, 'application/json', '', {remaining});
			case 'truncated-json': {
				const full = envelopeJson(reply, now, timeAsString);
				return write(req, res, record, 200, 'application/json', full.slice(0, Math.floor(full.length / 2)), {remaining});
			}
			case 'wrong-types': {
				const wrong = ok && reply.wrongTypes ? reply.wrongTypes() : undefined;
				return write(req, res, record, reply.status, 'application/json', envelopeJson(reply, now, timeAsString, wrong), extra);
			}
			default:
				return write(req, res, record, reply.status, 'application/json', envelopeJson(reply, now, timeAsString), extra);
		}
	}

	async function handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
		const method = req.method ?? '';
		const url = req.url ?? '/';
		const mark = url.indexOf('?');
		const path = mark === -1 ? url : url.slice(0, mark);
		const query = mark === -1 ? '' : url.slice(mark + 1);
		const routed = route(method, path);
		const record: RecordedRequest = {
			at: Date.now(),
			method,
			path,
			query,
			headers: flatHeaders(req.headers),
			body,
			operation: routed.kind === 'endpoint' ? routed.endpoint.operation : 'unknown',
			family: routed.kind === 'endpoint' ? routed.endpoint.family : familyOf(path),
		};
		requests.push(record);
		if (!available) return writeHtml(req, res, record, 503, 'Service Temporarily Unavailable');
		// Faults apply to the API's endpoints only, to a v2 endpoint and its v3 twin alike.
		const fault = routed.kind === 'endpoint' ? faults.take(routed.endpoint.operation) : undefined;
		if (fault) record.fault = fault.kind;
		const answer = (reply: Reply, remaining?: number) => writeOutcome(req, res, record, {reply, remaining}, undefined);
		switch (fault?.kind) {
			case 'html-500':
				return writeHtml(req, res, record, 500, 'Internal Server Error');
			case 'raw':
				return write(req, res, record, fault.status ?? 200, 'application/json', fault.body ?? '', {});
			case 'rate-limit':
				return answer(tooManyRequests(), 0);
			case 'unknown-code':
				return answer(failure('99999', 'Unexpected condition'));
			case 'reset-before-response':
				req.socket.destroy();
				return;
			case 'stall':
				// Nothing is executed while stalled: a borrow stalled until close() places no order.
				if (fault.release !== undefined) {
					await fault.release;
					if (closed || res.destroyed) return;
					break;
				}
				if (fault.stallMs === undefined) return;
				await new Promise<void>((resolve) => {
					const timer = setTimeout(() => {
						timers.delete(timer);
						resolve();
					}, fault.stallMs);
					timers.add(timer);
				});
				if (closed || res.destroyed) return;
				break;
		}
		const outcome = execute(routed, req, path, query, body);
		// A reset after the order is the same as a reset before it for the GETs (nothing to act on).
		return writeOutcome(req, res, record, outcome, fault);
	}

	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('error', () => undefined);
		req.on('end', () => {
			handle(req, res, Buffer.concat(chunks).toString('utf8')).catch(() => {
				if (!res.headersSent && !res.destroyed) {
					res.writeHead(500, {'content-type': 'text/html'});
					res.end(htmlPage(500, 'Internal Server Error'));
				}
			});
		});
	});
	// Longer than typical client keep-alive so the client, not the server, decides when to drop an idle socket.
	server.keepAliveTimeout = 65_000;
	server.headersTimeout = 66_000;
	const stream = new TickerStream({
		book,
		symbols,
		serverNow: () => serverNow(),
		idleMs: options.streamIdleMs,
		cadence: options.streamCadence,
		available: () => available,
	});
	server.on('upgrade', (req, socket, head) => stream.upgrade(req, socket, head));
	const drift = new PriceDrift(book);
	server.on('connection', (socket: Socket) => {
		connections++;
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	let closing: Promise<void> | undefined;
	const simulator: Simulator = {
		url: '',
		port: 0,
		requests,
		orders,
		loans: book,
		get connections() {
			return connections;
		},
		get openConnections() {
			return sockets.size;
		},
		injectFault: (fault) => faults.add(fault),
		clearFaults: () => faults.clear(),
		setClockOffset: (ms) => {
			clockOffset = ms;
		},
		setAvailable: (up) => {
			available = up;
		},
		setPrice: (coin, usdtPrice) => book.setPrice(coin, usdtPrice),
		tickerStream: stream,
		driftPrices: () => drift.next(),
		setAccountMode: (apiKey, mode) => modes.set(apiKey, mode),
		reset: () => {
			modes.reset();
			stream.reset();
			drift.reset();
			requests.length = 0;
			orders.length = 0;
			book.reset();
			seed();
			faults.clear();
			limiter.reset();
		},
		close: () => {
			closing ??= new Promise<void>((resolve) => {
				closed = true;
				stream.close();
				for (const timer of timers) clearTimeout(timer);
				timers.clear();
				server.close(() => resolve());
				// Stalled and idle keep-alive sockets would otherwise hold close() open.
				for (const socket of sockets) socket.destroy();
			});
			return closing;
		},
	};

	seed();
	if (options.hourEveryMs !== undefined && options.hourEveryMs > 0) {
		const ticker = setInterval(() => book.advanceHours(1), options.hourEveryMs);
		ticker.unref();
		timers.add(ticker);
	}
	if (options.priceDriftEveryMs !== undefined && options.priceDriftEveryMs > 0) {
		const mover = setInterval(() => drift.next(), options.priceDriftEveryMs);
		mover.unref();
		timers.add(mover);
	}
	return new Promise<Simulator>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			const {port} = server.address() as AddressInfo;
			const shownHost = host.includes(':') ? `[${host}]` : host;
			Object.defineProperties(simulator, {
				url: {value: `http://${shownHost}:${port}`, enumerable: true},
				port: {value: port, enumerable: true},
			});
			resolve(simulator);
		});
	});
}
