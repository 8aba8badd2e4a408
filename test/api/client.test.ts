import {afterEach, describe, expect, it, vi} from 'vitest';
import {ApiError, InputError, NetworkError, OutcomeUnknownError, ProtocolError, TimeoutError} from '../../source/api/errors.js';
import type {BorrowRequest} from '../../source/api/types.js';
import {estimateFor, startSimulator, type FaultKind} from '../../source/simulator/index.js';
import {deadBaseUrl, TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {track, untilReal} from '../helpers/clock.js';

const pledge: BorrowRequest = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'};

describe('lookups', () => {
	const sim = useSimulator({extraSymbols: 100});
	afterEach(() => void vi.useRealTimers());

	it('lists every pair with validated records, and finds one', async () => {
		const client = sim.client();
		const all = await client.symbols();
		expect(all.length).toBeGreaterThan(100);
		expect(new Set(all.map((record) => record.status))).toEqual(new Set(['online', 'gray', 'halt', 'offline']));
		const [btc, ...rest] = await client.symbols('btc/usdt');
		expect(rest).toEqual([]);
		expect(btc).toMatchObject({symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT'});
	});

	it('reports an unknown symbol with the server code and message', async () => {
		const error = await sim
			.client()
			.symbols('NOPEUSDT')
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({code: '42016', httpStatus: 400});
		expect((error as ApiError).serverMessage).toContain('NOPEUSDT');
	});

	it('returns the estimate the server computes', async () => {
		const estimate = await sim.client().estimate({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'SEVEN', pledgeAmount: '0.2'});
		expect(estimate).toEqual(estimateFor('USDT', 'ETH', 'SEVEN', '0.2'));
	});

	it.each(['br', 'gzip', 'none'] as const)('decodes %s responses', async (compression) => {
		const simulator = await startSimulator({compression, requestTimeAsString: compression === 'gzip'});
		const client = sim.client({baseUrl: simulator.url});
		try {
			const records = await client.symbols();
			expect(records.length).toBeGreaterThan(10);
			expect(client.clock.isSynced).toBe(true);
		} finally {
			await simulator.close();
		}
	});

	it('reuses one keep-alive connection for sequential requests', async () => {
		const client = sim.client();
		const before = sim.simulator.connections;
		for (let i = 0; i < 5; i++) await client.symbols('ETHUSDT');
		expect(sim.simulator.connections - before).toBe(1);
		expect(sim.simulator.requests).toHaveLength(5);
	});

	it('queues 60 concurrent estimates under the 10/s limit: all answered, no 429', async () => {
		// One faked clock for both sides (Date, setTimeout: the client's queue and the simulator's per-second windows, in
		// this process); HTTP stays real. Time moves only when the test moves it, after the server has read every
		// request let go so far, so where each request lands is exact however slow the machine.
		vi.useFakeTimers({toFake: ['Date', 'setTimeout', 'clearTimeout']});
		vi.setSystemTime(Math.ceil(Date.now() / 1000) * 1000 + 5);
		const client = sim.client();
		const all = track(
			Promise.all(Array.from({length: 60}, (_, i) => client.estimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: String(i + 1)}))),
		);
		for (let batch = 1; batch <= 6; batch++) {
			await untilReal(() => sim.simulator.requests.length >= batch * 10, `request ${batch * 10} at the server`);
			// Ten at a time: the eleventh waits for the clock.
			expect(sim.simulator.requests).toHaveLength(batch * 10);
			if (batch < 6) vi.advanceTimersByTime(1050);
		}
		await untilReal(() => all.settled, 'every answer');
		expect(all.error).toBeUndefined();
		expect(all.value).toHaveLength(60);
		expect(sim.simulator.requests.filter((request) => request.status === 429)).toEqual([]);
		// Spread over six seconds of the server's clock, ten in each.
		const perSecond = new Map<number, number>();
		for (const request of sim.simulator.requests) perSecond.set(Math.floor(request.at / 1000), (perSecond.get(Math.floor(request.at / 1000)) ?? 0) + 1);
		expect([...perSecond.values()]).toEqual([10, 10, 10, 10, 10, 10]);
	});

	it('backs off and retries a GET after 429, within the deadline', async () => {
		sim.simulator.injectFault({kind: 'rate-limit', operation: 'symbols', times: 2});
		const records = await sim.client().symbols('BTCUSDT');
		expect(records).toHaveLength(1);
		expect(sim.simulator.requests.map((request) => request.status)).toEqual([429, 429, 200]);
	});

	it('gives up on a GET at its deadline', async () => {
		// The stall never answers: only the client's own deadline can end the call, and the error names it. (The deadline
		// is an AbortSignal.timeout, which fake timers do not reach; the test's own timeout is the bound.)
		sim.simulator.injectFault({kind: 'stall', operation: 'symbols'});
		const error = await sim
			.client({getTimeoutMs: 400})
			.symbols()
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(TimeoutError);
		expect((error as TimeoutError).deadlineMs).toBe(400);
	});

	it('can be cancelled by the caller', async () => {
		sim.simulator.injectFault({kind: 'stall', operation: 'estimate'});
		const controller = new AbortController();
		const pending = sim.client().estimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'}, {signal: controller.signal});
		// Cancelled while the request is out (it is in the server's log, and stalled there).
		await untilReal(() => sim.simulator.requests.some((request) => request.operation === 'estimate'), 'the request at the server');
		controller.abort();
		await expect(pending).rejects.toMatchObject({name: 'AbortError'});
	});

	it('reports a refused connection as a network error', async () => {
		const client = sim.client({baseUrl: await deadBaseUrl()});
		const error = await client.symbols().catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NetworkError);
		expect((error as NetworkError).message).toContain('connection refused');
	});
});

describe('input is checked before anything is sent', () => {
	const sim = useSimulator();

	it.each([
		['an amount with an exponent', {...pledge, pledgeAmount: '1e3'}],
		['a negative amount', {...pledge, pledgeAmount: '-1'}],
		['a zero amount', {...pledge, pledgeAmount: '0.000'}],
		['a comma', {...pledge, pledgeAmount: '1,5'}],
		['too many fraction digits', {...pledge, pledgeAmount: '0.1234567890123456789'}],
		['a bad coin', {...pledge, loanCoin: 'US DT'}],
		['a bad period', {...pledge, daily: 'WEEKLY'}],
		['both amounts', {...pledge, loanAmount: '1'}],
		['neither amount', {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN'}],
	])('borrow with %s', async (_name, request) => {
		await expect(sim.client().borrow(request as BorrowRequest)).rejects.toBeInstanceOf(InputError);
		expect(sim.simulator.requests).toEqual([]);
	});

	it('estimate with a bad amount or coin', async () => {
		const client = sim.client();
		await expect(client.estimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: 'NaN'})).rejects.toBeInstanceOf(InputError);
		await expect(client.estimate({loanCoin: '', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'})).rejects.toBeInstanceOf(InputError);
		await expect(client.symbols('BTC?USDT')).rejects.toBeInstanceOf(InputError);
		expect(sim.simulator.requests).toEqual([]);
	});

	it('borrow without credentials', async () => {
		await expect(sim.client({credentials: undefined}).borrow(pledge)).rejects.toBeInstanceOf(InputError);
		expect(sim.simulator.requests).toEqual([]);
	});

	it('sends amounts in canonical form', async () => {
		await sim.client().borrow({...pledge, pledgeAmount: '007.50'});
		expect(JSON.parse(sim.posts()[0]!.body)).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '7.5'});
	});
});

describe('a borrow is posted at most once', () => {
	const sim = useSimulator();

	const expectations: Array<[FaultKind, 'unknown' | 'refused', number]> = [
		['html-500', 'unknown', 0],
		['truncated-json', 'unknown', 1],
		['reset-before-response', 'unknown', 0],
		['reset-after-order', 'unknown', 1],
		['stall', 'unknown', 0],
		['rate-limit', 'refused', 0],
		['wrong-types', 'unknown', 1],
		// A code not known to be a refusal may have been acted on (source/api/money-codes.ts).
		['unknown-code', 'unknown', 0],
		['empty-body', 'unknown', 1],
	];

	it.each(expectations)('%s: %s, one POST, %i order(s)', async (kind, outcome, orders) => {
		sim.simulator.injectFault({kind, operation: 'borrow'});
		// A short deadline only to wait out the stall (which never answers); an answered fault keeps the default, so a
		// slow machine cannot turn its answer into a timeout.
		const error = await sim
			.client(kind === 'stall' ? {borrowTimeoutMs: 500} : {})
			.borrow(pledge)
			.catch((e: unknown) => e);
		if (outcome === 'unknown') {
			expect(error).toBeInstanceOf(OutcomeUnknownError);
			expect((error as Error).message).toMatch(/may or may not have been created/);
		} else {
			expect(error).toBeInstanceOf(ApiError);
		}
		expect(sim.posts()).toHaveLength(1);
		expect(sim.simulator.orders).toHaveLength(orders);
	});

	it('a refused connection is not an unknown outcome: nothing reached the server', async () => {
		const error = await sim
			.client({baseUrl: await deadBaseUrl()})
			.borrow(pledge)
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NetworkError);
	});

	it('a clear refusal keeps its code and message', async () => {
		const error = await sim
			.client()
			.borrow({...pledge, pledgeAmount: '5000'})
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({code: '43012', httpStatus: 400});
		expect(sim.posts()).toHaveLength(1);
	});

	it('succeeds with an order id kept as a string', async () => {
		const order = await sim.client().borrow({loanCoin: 'ETH', pledgeCoin: 'USDT', daily: 'THIRTY', loanAmount: '0.01'});
		expect(order.orderId).toMatch(/^\d{19}$/);
		expect(sim.simulator.orders).toEqual([expect.objectContaining({orderId: order.orderId, apiKey: TEST_CREDENTIALS.apiKey, loanAmount: '0.01'})]);
	});

	it('a server that is down answers with a page: outcome unknown for a borrow, a protocol error for a lookup', async () => {
		const client = sim.client();
		// The account's mode is known before the server goes down: the POST itself meets the page.
		await client.accountFamily();
		sim.simulator.setAvailable(false);
		await expect(client.borrow(pledge)).rejects.toBeInstanceOf(OutcomeUnknownError);
		await expect(sim.client().symbols()).rejects.toBeInstanceOf(ProtocolError);
		expect(sim.simulator.orders).toEqual([]);
	});
});

describe('clock skew', () => {
	it.each([
		['local clock 120 s ahead', -120_000],
		['local clock 120 s behind', 120_000],
	])('%s: the borrow still succeeds with one order', async (_name, serverOffset) => {
		// The clock frozen (Date only; the simulator runs in this process): the offset the client learns is exact,
		// whatever the requests took.
		vi.useFakeTimers({toFake: ['Date']});
		const simulator = await startSimulator({accounts: [TEST_CREDENTIALS], clockOffsetMs: serverOffset});
		const {BitgetClient} = await import('../../source/api/client.js');
		const client = new BitgetClient({baseUrl: simulator.url, credentials: TEST_CREDENTIALS});
		try {
			const order = await client.borrow(pledge);
			expect(simulator.orders.map((o) => o.orderId)).toEqual([order.orderId]);
			// The first signed request asks the account's mode: it meets the skew, the borrow goes through first time.
			const codes = simulator.requests.map((request) => `${request.operation} ${request.code}`);
			expect(codes).toEqual(['accountSettings 40008', 'accountSettings 00000', 'borrow 00000']);
			expect(client.clock.offset).toBe(serverOffset);
			// Synced now: the next signed request goes through first time.
			await client.estimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
			expect(simulator.requests.at(-1)!.code).toBe('00000');
		} finally {
			vi.useRealTimers();
			await client.close();
			await simulator.close();
		}
	});
});
