import {Client} from 'undici';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {DEMO_CREDENTIALS, startSimulator} from '../../source/simulator/index.js';
import {borrow, BORROW, call, ESTIMATE, freezeClock, SYMBOLS, simulatorsPerTest} from './helpers.js';

// Classic accounts: a v2 borrow is part of what is recorded and reset.
const sim = simulatorsPerTest({accountMode: 'classic'});
afterEach(() => void vi.useRealTimers());

describe('server', () => {
	it('listens on a free loopback port', async () => {
		const s = await sim();
		expect(s.url).toBe(`http://127.0.0.1:${s.port}`);
		expect(s.port).toBeGreaterThan(0);
	});

	it('answers unknown paths and wrong methods with HTTP 400 / 40404', async () => {
		const s = await sim();
		for (const [method, path] of [
			['GET', '/api/v2/spot/public/nothing'],
			['POST', SYMBOLS],
			['GET', BORROW],
			['DELETE', ESTIMATE],
		] as const) {
			const res = await call(s, method, path);
			expect(res.status, `${method} ${path}`).toBe(400);
			expect(res.json).toEqual({code: '40404', msg: 'Request URL NOT FOUND', requestTime: expect.any(Number), data: null});
		}
		expect(s.requests.map((r) => r.operation)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
	});

	it('stamps requestTime with its own clock, as a number or a numeric string', async () => {
		// The clock frozen (Date only): the stamp is exact, whatever the request took.
		freezeClock();
		const ahead = await sim({clockOffsetMs: 3_600_000});
		const res = await call(ahead, 'GET', SYMBOLS);
		expect(typeof res.json.requestTime).toBe('number');
		expect(Number.isInteger(res.json.requestTime)).toBe(true);
		expect(res.json.requestTime).toBe(Date.now() + 3_600_000);
		const asString = await call(await sim({requestTimeAsString: true}), 'GET', SYMBOLS);
		expect(asString.json.requestTime).toMatch(/^\d{13}$/);
		expect(asString.text).toMatch(/"requestTime":"\d{13}"/);
	});

	it('serves the server time', async () => {
		freezeClock();
		const s = await sim({clockOffsetMs: -60_000});
		const res = await call(s, 'GET', '/api/v2/public/time');
		expect(res.json.code).toBe('00000');
		expect(res.json.data.serverTime).toMatch(/^\d{13}$/);
		expect(Number(res.json.data.serverTime)).toBe(Date.now() - 60_000);
	});

	it('records every request with raw query, lower-case headers and body', async () => {
		freezeClock();
		const s = await sim();
		await call(s, 'GET', `${ESTIMATE}?pledgeCoin=ETH&loanCoin=USDT&daily=SEVEN&pledgeAmount=0.2`, {headers: {'X-Test': 'yes'}});
		await borrow(s, DEMO_CREDENTIALS, {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		const [estimate, order] = s.requests;
		expect(estimate).toMatchObject({
			method: 'GET',
			path: ESTIMATE,
			query: 'pledgeCoin=ETH&loanCoin=USDT&daily=SEVEN&pledgeAmount=0.2',
			body: '',
			operation: 'estimate',
			status: 200,
			code: '00000',
		});
		expect(estimate?.headers['x-test']).toBe('yes');
		expect(estimate?.at).toBe(Date.now());
		expect(order).toMatchObject({method: 'POST', path: BORROW, query: '', operation: 'borrow', status: 200, code: '00000'});
		expect(order?.headers['access-key']).toBe('demo-api-key');
		expect(JSON.parse(order?.body ?? '')).toMatchObject({pledgeAmount: '1'});
	});

	it('goes down and comes back with setAvailable', async () => {
		const s = await sim();
		s.setAvailable(false);
		const down = await call(s, 'GET', SYMBOLS);
		expect(down.status).toBe(503);
		expect(down.headers['content-type']).toMatch(/^text\/html/);
		const downBorrow = await borrow(s, DEMO_CREDENTIALS, {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		expect(downBorrow.status).toBe(503);
		expect(s.orders).toHaveLength(0);
		s.setAvailable(true);
		expect((await call(s, 'GET', SYMBOLS)).status).toBe(200);
	});

	it('counts accepted TCP connections and keeps them alive', async () => {
		const s = await sim();
		const client = new Client(s.url);
		for (let i = 0; i < 3; i++) {
			const res = await client.request({method: 'GET', path: SYMBOLS});
			await res.body.text();
		}
		expect(s.connections).toBe(1);
		await client.close();
		const other = new Client(s.url);
		await (await other.request({method: 'GET', path: SYMBOLS})).body.text();
		expect(s.connections).toBe(2);
		await other.close();
	});

	it('reset() clears requests, orders, faults and rate-limit counters', async () => {
		// The clock frozen: the 21 requests fall in one second of the server's clock, however slow the machine.
		freezeClock();
		const s = await sim({clockOffsetMs: 5 - (Date.now() % 1000)});
		await borrow(s, DEMO_CREDENTIALS, {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		await Promise.all(Array.from({length: 20}, () => call(s, 'GET', SYMBOLS)));
		s.injectFault({kind: 'html-500', operation: 'estimate'});
		expect((await call(s, 'GET', SYMBOLS)).status).toBe(429);
		expect(s.requests.length).toBe(22);
		expect(s.orders).toHaveLength(1);
		s.reset();
		expect(s.requests).toHaveLength(0);
		expect(s.orders).toHaveLength(0);
		expect((await call(s, 'GET', SYMBOLS)).status).toBe(200);
		expect((await call(s, 'GET', `${ESTIMATE}?daily=SEVEN&loanCoin=USDT&pledgeAmount=1&pledgeCoin=ETH`)).status).toBe(200);
		expect(s.requests).toHaveLength(2);
	});

	it('closes promptly even with idle keep-alive connections, and twice safely', async () => {
		const s = await startSimulator();
		const client = new Client(s.url);
		await (await client.request({method: 'GET', path: SYMBOLS})).body.text();
		// Promptly: the simulator's keep-alive timeout is 65 s, longer than the test's own 30 s timeout, so a close() that
		// waited for the idle connection would fail the test; nothing is timed here.
		await s.close();
		await s.close();
		await expect(client.request({method: 'GET', path: SYMBOLS})).rejects.toThrow();
		await client.destroy();
	});
});
