// Account modes (reference D.5, Part E.2): a unified account is refused the signed v2 loan API with 40085, a classic one
// the v3 API with 40084, both once the key is known and before its signature is checked; nothing refused executes.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {DEMO_CREDENTIALS, startSimulator, type Simulator, type SimulatorOptions} from '../../source/simulator/index.js';
import {TEST_CREDENTIALS} from '../helpers/simulator.js';
import {call, ESTIMATE, freezeClock, signed, SYMBOLS, windowStartOffset} from './helpers.js';

const V2 = '/api/v2/earn/loan';
const V3 = '/api/v3/loan';
const SETTINGS = '/api/v3/account/settings';
const INFO = '/api/v3/account/info';
const DAY = 86_400_000;
const CLASSIC_MSG = 'You are in Classic Account mode, and the Unified Account API is not supported at this time';
const UNIFIED_MSG = 'You are in Unified Account mode, and the Classic Account API is not supported at this time';
const PLEDGE = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'};
const CLASSIC = {...TEST_CREDENTIALS, mode: 'classic' as const};

const open: Simulator[] = [];
async function sim(options: SimulatorOptions = {}) {
	const s = await startSimulator({accounts: [TEST_CREDENTIALS], rateLimits: false, ...options});
	open.push(s);
	return s;
}
afterEach(async () => {
	vi.useRealTimers();
	await Promise.all(open.splice(0).map((s) => s.close()));
});

type Method = 'GET' | 'POST';
const creds = TEST_CREDENTIALS;
function get(s: Simulator, path: string, query = '', headers = signed(creds, 'GET', path, query)) {
	return call(s, 'GET', query ? `${path}?${query}` : path, {headers});
}
function post(s: Simulator, path: string, payload: unknown, headers?: Record<string, string>) {
	const body = JSON.stringify(payload);
	return call(s, 'POST', path, {headers: {...(headers ?? signed(creds, 'POST', path, '', body)), 'Content-Type': 'application/json'}, body});
}
const window = () => `endTime=${Date.now() + 5000}&startTime=${Date.now() - DAY}`;

// Every signed endpoint of each family, with a request that would succeed for the right account.
const V2_SIGNED: Array<[Method, string, string | object]> = [
	['GET', `${V2}/ongoing-orders`, ''],
	['POST', `${V2}/borrow`, PLEDGE],
	['POST', `${V2}/repay`, {orderId: '1', repayAll: 'yes'}],
	['POST', `${V2}/revise-pledge`, {orderId: '1', amount: '1', pledgeCoin: 'BTC', reviseType: 'IN'}],
	['GET', `${V2}/revise-history`, window()],
	['GET', `${V2}/borrow-history`, window()],
	['GET', `${V2}/repay-history`, window()],
	['GET', `${V2}/reduces`, window()],
	['GET', `${V2}/debts`, ''],
];
const V3_ALL: Array<[Method, string, string | object]> = [
	['GET', SETTINGS, ''],
	['GET', INFO, ''],
	['GET', `${V3}/coins`, ''],
	['GET', `${V3}/interest`, 'daily=SEVEN&loanCoin=USDT&pledgeAmount=1&pledgeCoin=BTC'],
	['POST', `${V3}/borrow`, PLEDGE],
	['GET', `${V3}/borrow-ongoing`, ''],
	['POST', `${V3}/repay`, {orderId: '1', repayAll: 'yes', method: 'borrowed_coin'}],
	['POST', `${V3}/revise-pledge`, {orderId: '1', amount: '1', pledgeCoin: 'BTC', reviseType: 'IN'}],
	['GET', `${V3}/pledge-rate-history`, window()],
	['GET', `${V3}/borrow-history`, window()],
	['GET', `${V3}/repay-history`, window()],
	['GET', `${V3}/reduces`, window()],
	['GET', `${V3}/debts`, ''],
];

/** One request of a table row, signed as `sign` says. */
function send(s: Simulator, [method, path, input]: [Method, string, string | object], sign: 'right' | 'wrong' | 'none') {
	const query = typeof input === 'string' ? input : '';
	const body = typeof input === 'string' ? '' : JSON.stringify(input);
	let headers: Record<string, string> = signed(creds, method, path, query, body);
	if (sign === 'wrong') headers = {...headers, 'ACCESS-SIGN': 'bm90IHRoZSBzaWduYXR1cmU='};
	if (sign === 'none') headers = {'ACCESS-KEY': creds.apiKey};
	return method === 'GET' ? get(s, path, query, headers) : post(s, path, input, headers);
}

describe('the account mode', () => {
	it('is unified by default, for the given accounts and for the demo key', async () => {
		const given = await sim();
		const demo = await sim({accounts: undefined});
		for (const [s, key] of [
			[given, TEST_CREDENTIALS],
			[demo, DEMO_CREDENTIALS],
		] as const) {
			const answer = await call(s, 'GET', SETTINGS, {headers: signed(key, 'GET', SETTINGS)});
			expect(answer.json).toEqual({code: '00000', msg: 'success', requestTime: expect.any(Number), data: {accountMode: 'unified'}});
			expect((await call(s, 'GET', `${V2}/debts`, {headers: signed(key, 'GET', `${V2}/debts`)})).json.code).toBe('40085');
		}
	});

	it('comes from accountMode, and an account’s own mode wins', async () => {
		const unifiedOne = {apiKey: 'unified-key', secretKey: 'unified-secret', passphrase: 'unified-pass', mode: 'unified' as const};
		const s = await sim({accountMode: 'classic', accounts: [TEST_CREDENTIALS, unifiedOne]});
		expect((await get(s, `${V2}/debts`)).json.code).toBe('00000');
		expect((await get(s, SETTINGS)).json.code).toBe('40084');
		expect((await call(s, 'GET', SETTINGS, {headers: signed(unifiedOne, 'GET', SETTINGS)})).json.data).toEqual({accountMode: 'unified'});
	});
});

describe('mode errors come before the signature check', () => {
	it.each(V2_SIGNED)('a unified key on %s %s gets 40085, signed rightly, wrongly or not at all', async (...row) => {
		const s = await sim();
		for (const sign of ['right', 'wrong', 'none'] as const) {
			const answer = await send(s, row, sign);
			expect(answer.status, sign).toBe(400);
			expect(answer.json, sign).toEqual({code: '40085', msg: UNIFIED_MSG, requestTime: expect.any(Number), data: null});
		}
		expect(s.orders).toEqual([]);
		expect(s.loans.all).toEqual([]);
	});

	it.each(V3_ALL)('a classic key on %s %s gets 40084, signed rightly, wrongly or not at all', async (...row) => {
		const s = await sim({accounts: [CLASSIC]});
		for (const sign of ['right', 'wrong', 'none'] as const) {
			const answer = await send(s, row, sign);
			expect(answer.status, sign).toBe(400);
			expect(answer.json, sign).toEqual({code: '40084', msg: CLASSIC_MSG, requestTime: expect.any(Number), data: null});
		}
		expect(s.orders).toEqual([]);
		expect(s.loans.all).toEqual([]);
	});

	it('an unknown or missing key is still reported first', async () => {
		const s = await sim();
		const stranger = {apiKey: 'nobody', secretKey: 'x', passphrase: 'y'};
		expect((await call(s, 'GET', `${V2}/debts`, {headers: signed(stranger, 'GET', `${V2}/debts`)})).json.code).toBe('40037');
		expect((await call(s, 'GET', `${V3}/debts`, {headers: signed(stranger, 'GET', `${V3}/debts`)})).json.code).toBe('40037');
		expect((await call(s, 'GET', `${V2}/debts`)).json.code).toBe('40001');
		expect((await call(s, 'GET', `${V3}/debts`)).json.code).toBe('40001');
	});

	it('a right mode with a wrong signature is a signature error', async () => {
		const s = await sim();
		const answer = await send(s, ['GET', `${V3}/debts`, ''], 'wrong');
		expect(answer.json.code).toBe('40009');
	});

	it('refused v2 money POSTs of a unified account change nothing', async () => {
		const s = await sim();
		const placed = await post(s, `${V3}/borrow`, PLEDGE);
		const orderId = placed.json.data.orderId;
		const before = JSON.stringify((await get(s, `${V3}/borrow-ongoing`)).json.data);
		expect((await post(s, `${V2}/repay`, {orderId, repayAll: 'yes'})).json.code).toBe('40085');
		expect((await post(s, `${V2}/revise-pledge`, {orderId, amount: '0.5', pledgeCoin: 'BTC', reviseType: 'IN'})).json.code).toBe('40085');
		expect((await post(s, `${V2}/borrow`, PLEDGE)).json.code).toBe('40085');
		expect(JSON.stringify((await get(s, `${V3}/borrow-ongoing`)).json.data)).toBe(before);
		expect(s.orders).toHaveLength(1);
		expect(s.loans.repays).toEqual([]);
		expect(s.loans.revises).toEqual([]);
	});

	it('public v2 lookups answer either mode, with or without credentials', async () => {
		const s = await sim({accounts: [TEST_CREDENTIALS, {...DEMO_CREDENTIALS, mode: 'classic'}]});
		const query = 'daily=SEVEN&loanCoin=USDT&pledgeAmount=1&pledgeCoin=BTC';
		for (const key of [TEST_CREDENTIALS, DEMO_CREDENTIALS]) {
			for (const [path, q] of [
				[SYMBOLS, 'symbol=BTCUSDT'],
				[ESTIMATE, query],
				[`${V2}/public/coinInfos`, 'coin=BTC'],
				['/api/v2/spot/market/tickers', 'symbol=BTCUSDT'],
			] as const) {
				expect((await call(s, 'GET', `${path}?${q}`, {headers: signed(key, 'GET', path, q)})).json.code, `${key.apiKey} ${path}`).toBe('00000');
				expect((await call(s, 'GET', `${path}?${q}`)).json.code, path).toBe('00000');
			}
		}
	});
});

describe('setAccountMode', () => {
	it('upgrades an account under a running client: the same loans, now on v3 only; reset() restores the configured mode', async () => {
		const s = await sim({accounts: [CLASSIC]});
		const placed = await post(s, `${V2}/borrow`, PLEDGE);
		const orderId = placed.json.data.orderId;
		expect((await get(s, `${V2}/ongoing-orders`)).json.data).toHaveLength(1);
		s.setAccountMode(creds.apiKey, 'unified');
		expect((await get(s, `${V2}/ongoing-orders`)).json.code).toBe('40085');
		expect((await get(s, SETTINGS)).json.data).toEqual({accountMode: 'unified'});
		expect((await get(s, `${V3}/borrow-ongoing`)).json.data.map((loan: {orderId: string}) => loan.orderId)).toEqual([orderId]);
		s.setAccountMode(creds.apiKey, 'classic');
		expect((await get(s, `${V3}/borrow-ongoing`)).json.code).toBe('40084');
		s.setAccountMode(creds.apiKey, 'unified');
		s.reset();
		expect((await get(s, `${V2}/ongoing-orders`)).json.code).toBe('00000');
		expect(() => s.setAccountMode('nobody', 'unified')).toThrow(/nobody/);
	});
});

describe('account info and permissions', () => {
	it('names a stable ten-digit uid and a read-and-write key by default', async () => {
		const s = await sim();
		const info = (await get(s, INFO)).json.data;
		expect(info).toEqual({uid: expect.stringMatching(/^\d{10}$/), permType: 'read-and-write', permissions: ['uta_mgt', 'uta_trade']});
		const again = await sim();
		expect((await get(again, INFO)).json.data.uid).toBe(info.uid);
	});

	it('a read-only key reads, but its loan POSTs are refused with 40014 and execute nothing', async () => {
		const s = await sim({accounts: [{...TEST_CREDENTIALS, permType: 'read-only'}]});
		expect((await get(s, INFO)).json.data.permType).toBe('read-only');
		expect((await get(s, `${V3}/borrow-ongoing`)).json.code).toBe('00000');
		const refused = await post(s, `${V3}/borrow`, PLEDGE);
		expect(refused.status).toBe(400);
		expect(refused.json).toEqual({code: '40014', msg: 'Incorrect permissions', requestTime: expect.any(Number), data: null});
		expect((await post(s, `${V3}/repay`, {orderId: '1', repayAll: 'yes', method: 'borrowed_coin'})).json.code).toBe('40014');
		expect((await post(s, `${V3}/revise-pledge`, {orderId: '1', amount: '1', pledgeCoin: 'BTC', reviseType: 'IN'})).json.code).toBe('40014');
		expect(s.orders).toEqual([]);
		expect(s.loans.all).toEqual([]);
	});
});

describe('the request log and faults across families', () => {
	it('records twins under one operation name, with their family', async () => {
		const s = await sim({accounts: [TEST_CREDENTIALS, {...DEMO_CREDENTIALS, mode: 'classic'}]});
		await get(s, `${V3}/borrow-ongoing`);
		await call(s, 'GET', `${V2}/ongoing-orders`, {headers: signed(DEMO_CREDENTIALS, 'GET', `${V2}/ongoing-orders`)});
		await get(s, SETTINGS);
		await get(s, INFO);
		await call(s, 'GET', `${V3}/coins`, {headers: signed(TEST_CREDENTIALS, 'GET', `${V3}/coins`)});
		await call(s, 'GET', `${V2}/public/coinInfos`);
		await call(s, 'GET', '/api/v3/loan/nothing');
		await call(s, 'GET', SYMBOLS);
		expect(s.requests.map((r) => [r.operation, r.family, r.code])).toEqual([
			['ongoingOrders', 'v3', '00000'],
			['ongoingOrders', 'v2', '00000'],
			['accountSettings', 'v3', '00000'],
			['accountInfo', 'v3', '00000'],
			['coinInfos', 'v3', '00000'],
			['coinInfos', 'v2', '00000'],
			['unknown', 'v3', '40404'],
			['symbols', 'v2', '00000'],
		]);
	});

	it('a fault for an operation hits its v2 and v3 twins alike, and the account endpoints by name', async () => {
		const s = await sim({accounts: [TEST_CREDENTIALS, {...DEMO_CREDENTIALS, mode: 'classic'}]});
		s.injectFault({kind: 'unknown-code', operation: 'ongoingOrders', times: 2});
		s.injectFault({kind: 'html-500', operation: 'accountSettings'});
		expect((await get(s, `${V3}/borrow-ongoing`)).json.code).toBe('99999');
		expect((await call(s, 'GET', `${V2}/ongoing-orders`, {headers: signed(DEMO_CREDENTIALS, 'GET', `${V2}/ongoing-orders`)})).json.code).toBe('99999');
		expect((await get(s, `${V3}/borrow-ongoing`)).json.code).toBe('00000');
		expect((await get(s, SETTINGS)).status).toBe(500);
		expect((await get(s, SETTINGS)).json.code).toBe('00000');
		expect(s.requests.map((r) => r.fault)).toEqual(['unknown-code', 'unknown-code', undefined, 'html-500', undefined]);
	});

	it('limits each v3 endpoint to 10 per second per key; a refused mode is not counted', async () => {
		freezeClock();
		const s = await sim({rateLimits: true, clockOffsetMs: windowStartOffset(), accounts: [TEST_CREDENTIALS, {...DEMO_CREDENTIALS, mode: 'classic'}]});
		const refused = await Promise.all(Array.from({length: 11}, () => call(s, 'GET', `${V3}/debts`, {headers: signed(DEMO_CREDENTIALS, 'GET', `${V3}/debts`)})));
		expect(refused.every((a) => a.json.code === '40084')).toBe(true);
		const answers = await Promise.all(Array.from({length: 11}, () => get(s, `${V3}/debts`)));
		expect(answers.filter((a) => a.status === 429)).toHaveLength(1);
		expect(answers.filter((a) => a.json?.code === '00000')).toHaveLength(10);
	});
});
