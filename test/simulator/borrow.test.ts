import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {DEMO_CREDENTIALS, startSimulator, type Simulator} from '../../source/simulator/index.js';
import {borrow, BORROW, call, signed} from './helpers.js';

let sim: Simulator;
beforeEach(async () => {
	// A classic account: the v2 borrow (modes.test.ts covers v3).
	sim = await startSimulator({rateLimits: false, accountMode: 'classic'});
});
afterEach(() => sim.close());

const PLEDGE = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'};

describe('borrow', () => {
	it('places orders with 19-digit increasing ids', async () => {
		const first = await borrow(sim, DEMO_CREDENTIALS, PLEDGE);
		const second = await borrow(sim, DEMO_CREDENTIALS, {loanCoin: 'ETH', pledgeCoin: 'USDT', daily: 'THIRTY', loanAmount: '0.5'});
		expect(first.status).toBe(200);
		expect(first.json).toEqual({code: '00000', msg: 'success', requestTime: expect.any(Number), data: {orderId: '1130000000000000001'}});
		expect(first.text).toContain('"orderId":"1130000000000000001"');
		expect(second.json.data.orderId).toMatch(/^\d{19}$/);
		expect(BigInt(second.json.data.orderId)).toBeGreaterThan(BigInt(first.json.data.orderId));
		expect(sim.orders).toEqual([
			{orderId: '1130000000000000001', apiKey: 'demo-api-key', loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'},
			{orderId: second.json.data.orderId, apiKey: 'demo-api-key', loanCoin: 'ETH', pledgeCoin: 'USDT', daily: 'THIRTY', loanAmount: '0.5'},
		]);
	});

	it.each([
		['both amounts', {...PLEDGE, loanAmount: '10'}, '40017'],
		['neither amount', {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN'}, '40017'],
		['a JSON array', [PLEDGE], '40017'],
		['missing loanCoin', {pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'}, '40019'],
		['missing daily', {loanCoin: 'USDT', pledgeCoin: 'BTC', pledgeAmount: '1'}, '40019'],
		['bad daily', {...PLEDGE, daily: 'NINETY'}, '40020'],
		['negative amount', {...PLEDGE, pledgeAmount: '-1'}, '40020'],
		['non-decimal loanAmount', {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '1,5'}, '40020'],
		['numeric amount', {...PLEDGE, pledgeAmount: 1}, '40020'],
		['same coins', {...PLEDGE, loanCoin: 'BTC'}, '40020'],
		['unknown loan coin', {...PLEDGE, loanCoin: 'XYZ'}, '40034'],
		['unknown pledge coin', {...PLEDGE, pledgeCoin: 'ABC'}, '40034'],
		['pledging more BTC than held', {...PLEDGE, pledgeAmount: '10.00000001'}, '43012'],
		['borrowing more than the pledge coin allows', {loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'SEVEN', loanAmount: '200000'}, '43012'],
	])('%s → %s, no order', async (_label, payload, code) => {
		const res = await borrow(sim, DEMO_CREDENTIALS, payload);
		expect(res.status).toBe(400);
		expect(res.json).toMatchObject({code, data: null});
		expect(sim.orders).toHaveLength(0);
	});

	it('names the parameter and value in messages', async () => {
		expect((await borrow(sim, DEMO_CREDENTIALS, {pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'})).json.msg).toBe('Parameter loanCoin cannot be empty');
		expect((await borrow(sim, DEMO_CREDENTIALS, {...PLEDGE, loanCoin: 'XYZ'})).json.msg).toBe('Parameter XYZ does not exist');
		expect((await borrow(sim, DEMO_CREDENTIALS, {...PLEDGE, daily: 'NINETY'})).json.msg).toBe('Parameter daily error');
		expect((await borrow(sim, DEMO_CREDENTIALS, {...PLEDGE, pledgeAmount: '11'})).json.msg).toBe('Insufficient balance');
	});

	it('accepts the whole balance exactly', async () => {
		expect((await borrow(sim, DEMO_CREDENTIALS, {...PLEDGE, pledgeAmount: '10'})).json.code).toBe('00000');
		expect((await borrow(sim, DEMO_CREDENTIALS, {loanCoin: 'BTC', pledgeCoin: 'ETH', daily: 'FLEXIBLE', pledgeAmount: '100'})).json.code).toBe('00000');
		expect((await borrow(sim, DEMO_CREDENTIALS, {loanCoin: 'BTC', pledgeCoin: 'USDT', daily: 'SEVEN', pledgeAmount: '1000000'})).json.code).toBe('00000');
		expect((await borrow(sim, DEMO_CREDENTIALS, {loanCoin: 'BTC', pledgeCoin: 'USDT', daily: 'SEVEN', pledgeAmount: '1000000.1'})).json.code).toBe('43012');
	});

	it('rejects a non-JSON body with 40017 and a wrong Content-Type with 40007', async () => {
		const notJson = await borrow(sim, DEMO_CREDENTIALS, 'loanCoin=USDT');
		expect(notJson.json).toMatchObject({code: '40017', msg: 'Parameter verification failed'});
		const body = JSON.stringify(PLEDGE);
		const wrongType = await call(sim, 'POST', BORROW, {
			headers: {...signed(DEMO_CREDENTIALS, 'POST', BORROW, '', body), 'Content-Type': 'text/plain'},
			body,
		});
		expect(wrongType.status).toBe(400);
		expect(wrongType.json).toMatchObject({code: '40007', data: null});
		const charset = await borrow(sim, DEMO_CREDENTIALS, PLEDGE, {'Content-Type': 'application/json; charset=utf-8'});
		expect(charset.json.code).toBe('00000');
		expect(sim.orders).toHaveLength(1);
	});
});
