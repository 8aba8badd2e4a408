import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {DEMO_CREDENTIALS, startSimulator, type Simulator} from '../../source/simulator/index.js';
import {settleMicrotasks, track, untilReal} from '../helpers/clock.js';
import {borrow, call, ESTIMATE, SYMBOLS} from './helpers.js';

let sim: Simulator;
beforeEach(async () => {
	// A classic account: the faults are shown on the v2 borrow.
	sim = await startSimulator({rateLimits: false, accountMode: 'classic'});
});
afterEach(() => {
	vi.useRealTimers();
	return sim.close();
});

const PLEDGE = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'};
const ESTIMATE_QUERY = `${ESTIMATE}?daily=SEVEN&loanCoin=USDT&pledgeAmount=0.2&pledgeCoin=ETH`;

describe('faults', () => {
	it('html-500: an HTML edge page with HTTP 500, once', async () => {
		sim.injectFault({kind: 'html-500'});
		const faulted = await call(sim, 'GET', SYMBOLS);
		expect(faulted.status).toBe(500);
		expect(faulted.headers['content-type']).toMatch(/^text\/html/);
		expect(faulted.text).toMatch(/^<html>/);
		expect(faulted.json).toBeUndefined();
		expect(sim.requests[0]).toMatchObject({fault: 'html-500', status: 500, operation: 'symbols'});
		const next = await call(sim, 'GET', SYMBOLS);
		expect(next.status).toBe(200);
		expect(sim.requests[1]?.fault).toBeUndefined();
	});

	it('truncated-json: HTTP 200 with half of a success body', async () => {
		sim.injectFault({kind: 'truncated-json', operation: 'estimate'});
		const res = await call(sim, 'GET', ESTIMATE_QUERY);
		expect(res.status).toBe(200);
		expect(res.json).toBeUndefined();
		expect(res.text.startsWith('{"code":"00000","msg":"success"')).toBe(true);
		const whole = await call(sim, 'GET', ESTIMATE_QUERY);
		expect(whole.text.startsWith(res.text.slice(0, 40))).toBe(true);
		expect(res.text.length).toBeLessThan(whole.text.length * 0.6);
	});

	it('reset-before-response: no answer and, for borrow, no order', async () => {
		sim.injectFault({kind: 'reset-before-response', operation: 'borrow'});
		await expect(borrow(sim, DEMO_CREDENTIALS, PLEDGE)).rejects.toThrow();
		expect(sim.orders).toHaveLength(0);
		expect(sim.requests[0]).toMatchObject({operation: 'borrow', fault: 'reset-before-response'});
		expect(sim.requests[0]?.status).toBeUndefined();
	});

	it('reset-after-order: the order exists although the caller got no answer', async () => {
		sim.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		await expect(borrow(sim, DEMO_CREDENTIALS, PLEDGE)).rejects.toThrow();
		expect(sim.orders).toHaveLength(1);
		expect(sim.orders[0]).toMatchObject({loanCoin: 'USDT', pledgeCoin: 'BTC', pledgeAmount: '1'});
		// For a GET it is simply a reset.
		sim.injectFault({kind: 'reset-after-order', operation: 'symbols'});
		await expect(call(sim, 'GET', SYMBOLS)).rejects.toThrow();
		expect((await call(sim, 'GET', SYMBOLS)).status).toBe(200);
	});

	it('stall with stallMs: answers normally, late', async () => {
		// On a faked clock (setTimeout only; HTTP stays real): the answer is written when the test moves time past the
		// stall, not before.
		vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
		sim.injectFault({kind: 'stall', stallMs: 300});
		const answer = track(call(sim, 'GET', SYMBOLS));
		await untilReal(() => sim.requests.length === 1, 'the request at the server');
		vi.advanceTimersByTime(299);
		await settleMicrotasks();
		// Not answered yet: the record gets its status as the answer is written.
		expect(sim.requests[0]?.status).toBeUndefined();
		vi.advanceTimersByTime(1);
		await untilReal(() => answer.settled, 'the answer');
		expect(answer.error).toBeUndefined();
		expect(answer.value!.json.code).toBe('00000');
		expect(sim.requests[0]).toMatchObject({fault: 'stall', status: 200});
	});

	it('stall without stallMs: never answers, and close() ends the request promptly', async () => {
		sim.injectFault({kind: 'stall', operation: 'borrow'});
		const pending = borrow(sim, DEMO_CREDENTIALS, PLEDGE);
		const outcome = pending.then(
			() => 'answered',
			() => 'failed',
		);
		await untilReal(() => sim.requests.length === 1, 'the request at the server');
		// Never answers: close() ends it (the test's own timeout is the bound; nothing is timed).
		await sim.close();
		expect(await outcome).toBe('failed');
		expect(sim.requests).toHaveLength(1);
		expect(sim.requests[0]?.status).toBeUndefined();
		expect(sim.orders).toHaveLength(0);
	});

	it('rate-limit: the 429 envelope, and the borrow is not executed', async () => {
		sim.injectFault({kind: 'rate-limit', operation: 'borrow'});
		const res = await borrow(sim, DEMO_CREDENTIALS, PLEDGE);
		expect(res.status).toBe(429);
		expect(res.json).toMatchObject({code: '429', msg: 'Too Many Requests', data: null});
		expect(sim.orders).toHaveLength(0);
	});

	it('wrong-types: success envelopes with mistyped data (borrow still acts)', async () => {
		sim.injectFault({kind: 'wrong-types', operation: 'symbols'});
		sim.injectFault({kind: 'wrong-types', operation: 'estimate'});
		sim.injectFault({kind: 'wrong-types', operation: 'borrow'});
		const symbols = await call(sim, 'GET', SYMBOLS);
		expect(symbols.json.code).toBe('00000');
		expect(typeof symbols.json.data[0].takerFeeRate).toBe('number');
		expect(symbols.json.data[0].status).toBeNull();
		const estimate = await call(sim, 'GET', ESTIMATE_QUERY);
		expect(typeof estimate.json.data.hourInterest).toBe('number');
		const order = await borrow(sim, DEMO_CREDENTIALS, PLEDGE);
		expect(order.json.code).toBe('00000');
		expect(typeof order.json.data.orderId).toBe('number');
		expect(sim.orders).toHaveLength(1);
	});

	it('unknown-code: HTTP 400 with 99999, no order', async () => {
		sim.injectFault({kind: 'unknown-code'});
		const res = await borrow(sim, DEMO_CREDENTIALS, PLEDGE);
		expect(res.status).toBe(400);
		expect(res.json).toMatchObject({code: '99999', msg: 'Unexpected condition', data: null});
		expect(sim.orders).toHaveLength(0);
	});

	it('empty-body: HTTP 200 with nothing in it, but the order is placed', async () => {
		sim.injectFault({kind: 'empty-body', operation: 'borrow'});
		const res = await borrow(sim, DEMO_CREDENTIALS, PLEDGE);
		expect(res.status).toBe(200);
		expect(res.text).toBe('');
		expect(sim.orders).toHaveLength(1);
	});

	it('matches faults by operation, in order, with times', async () => {
		sim.injectFault({kind: 'html-500', operation: 'estimate', times: 2});
		sim.injectFault({kind: 'unknown-code', operation: 'any'});
		expect((await call(sim, 'GET', SYMBOLS)).json.code).toBe('99999');
		expect((await call(sim, 'GET', SYMBOLS)).status).toBe(200);
		expect((await call(sim, 'GET', ESTIMATE_QUERY)).status).toBe(500);
		expect((await call(sim, 'GET', ESTIMATE_QUERY)).status).toBe(500);
		expect((await call(sim, 'GET', ESTIMATE_QUERY)).status).toBe(200);
	});

	it('repeats an Infinity fault until cleared', async () => {
		sim.injectFault({kind: 'html-500', times: Infinity});
		for (let i = 0; i < 5; i++) expect((await call(sim, 'GET', SYMBOLS)).status).toBe(500);
		sim.clearFaults();
		expect((await call(sim, 'GET', SYMBOLS)).status).toBe(200);
	});
});
