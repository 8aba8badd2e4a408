// The money-POST rules of BitgetClient.postMoney, through the simulator over loopback: what counts as a refusal
// (nothing was done), what as "outcome unknown", the one resend, and secrets in what comes back.
import {networkInterfaces} from 'node:os';
import {describe, expect, it} from 'vitest';
import {ApiError, InputError, OutcomeUnknownError, ProtocolError} from '../../source/api/errors.js';
import {InsecureTransportError} from '../../source/api/transport.js';
import type {BorrowRequest} from '../../source/api/types.js';
import {startSimulator} from '../../source/simulator/index.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {untilReal} from '../helpers/clock.js';

const pledge: BorrowRequest = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'};
const envelope = (code: string, msg: string, data: unknown = null) => JSON.stringify({code, msg, requestTime: Date.now(), data});
const ORDER = '1130000000000000999';

describe('a money POST: refusal or unknown', () => {
	const sim = useSimulator();

	const cases: Array<[string, number, string, 'refused' | 'unknown']> = [
		['a refusal on HTTP 400', 400, envelope('43012', 'Insufficient balance'), 'refused'],
		['a refusal on HTTP 200', 200, envelope('43012', 'Insufficient balance'), 'refused'],
		['a 429', 429, envelope('429', 'Too Many Requests'), 'refused'],
		['a refusal code on HTTP 302', 302, envelope('40034', 'Parameter does not exist'), 'unknown'],
		['a refusal code on HTTP 503', 503, envelope('40015', 'System is abnormal'), 'unknown'],
		['a success code on HTTP 302', 302, envelope('00000', 'success', {orderId: ORDER}), 'unknown'],
		['a success code on HTTP 409', 409, envelope('00000', 'success', {orderId: ORDER}), 'unknown'],
		['a success code on HTTP 400 without data', 400, envelope('00000', 'success'), 'unknown'],
		['an unreadable body on HTTP 400', 400, '<html>bad request</html>', 'unknown'],
		['an unreadable body on HTTP 200', 200, 'not json', 'unknown'],
	];

	it.each(cases.map(([name, status, body, outcome]) => [name, outcome, status, body] as const))('%s: %s, posted once', async (_name, outcome, status, body) => {
		sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status, body, times: Number.POSITIVE_INFINITY});
		const error = await sim
			.client()
			.borrow(pledge)
			.catch((e: unknown) => e);
		if (outcome === 'refused') expect(error).toBeInstanceOf(ApiError);
		else expect(error).toBeInstanceOf(OutcomeUnknownError);
		expect(sim.posts()).toHaveLength(1);
	});

	it('names the order a non-2xx success claims, with the status, and carries the values sent', async () => {
		sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status: 409, body: envelope('00000', 'success', {orderId: ORDER})});
		const error = (await sim
			.client()
			.borrow(pledge)
			.catch((e: unknown) => e)) as OutcomeUnknownError;
		expect(error).toBeInstanceOf(OutcomeUnknownError);
		expect(error.orderId).toBe(ORDER);
		expect(error.message).toContain(`the server said order ${ORDER} was created, but answered HTTP 409`);
		expect(error.sent).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'});
		expect(error.operation).toBe('borrow');
	});

	it('resends after 40008 only on HTTP 400: a 40008 on HTTP 500 is unknown, posted once', async () => {
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'borrow',
			status: 500,
			body: envelope('40008', 'Request timestamp expired'),
			times: Number.POSITIVE_INFINITY,
		});
		const error = await sim
			.client()
			.borrow(pledge)
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(OutcomeUnknownError);
		expect(sim.posts()).toHaveLength(1);
	});

	it('resends once after HTTP 400 with 40008, then reports what the second answer says', async () => {
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'borrow',
			status: 400,
			body: envelope('40008', 'Request timestamp expired'),
			times: Number.POSITIVE_INFINITY,
		});
		const error = await sim
			.client()
			.borrow(pledge)
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({code: '40008', httpStatus: 400});
		expect(sim.posts()).toHaveLength(2);
	});

	it('a caller who cancels after sending hears "outcome unknown", never an AbortError', async () => {
		sim.simulator.injectFault({kind: 'stall', operation: 'borrow'});
		const controller = new AbortController();
		const pending = sim
			.client()
			.borrow(pledge, {signal: controller.signal})
			.catch((e: unknown) => e);
		await untilReal(() => sim.posts().length === 1, 'the POST at the server');
		controller.abort();
		const error = await pending;
		expect(error).toBeInstanceOf(OutcomeUnknownError);
		expect((error as OutcomeUnknownError).message).toContain('interrupted');
		expect(sim.posts()).toHaveLength(1);
	});
});

describe('the current credentials are redacted from server text', () => {
	const sim = useSimulator();
	const {apiKey, secretKey, passphrase} = TEST_CREDENTIALS;
	const expectClean = (text: string) => {
		for (const secret of [apiKey, secretKey, passphrase]) expect(text).not.toContain(secret);
	};

	it('in a refusal message and code', async () => {
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'borrow',
			status: 400,
			body: envelope(`4${passphrase}`, `bad passphrase ${passphrase} for key ${apiKey} (${secretKey})`),
		});
		const error = (await sim
			.client()
			.borrow(pledge)
			.catch((e: unknown) => e)) as OutcomeUnknownError;
		// A code not known to be a refusal leaves the outcome unknown (source/api/money-codes.ts); its text is redacted all the same.
		expect(error).toBeInstanceOf(OutcomeUnknownError);
		const failure = error.failure as ApiError;
		expect(failure).toBeInstanceOf(ApiError);
		expect(failure.serverMessage).toContain('[redacted]');
		for (const text of [error.message, failure.message, failure.serverMessage, failure.code]) expectClean(text);
	});

	it('in the data of an answer: an order id, a record', async () => {
		sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status: 200, body: envelope('00000', 'success', {orderId: passphrase})});
		const order = await sim.client().borrow(pledge);
		expect(order.orderId).toBe('[redacted]');
		sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status: 409, body: envelope('00000', 'success', {orderId: apiKey})});
		const unknown = (await sim
			.client()
			.borrow(pledge)
			.catch((e: unknown) => e)) as OutcomeUnknownError;
		expect(unknown).toBeInstanceOf(OutcomeUnknownError);
		expectClean(unknown.message);
		const record = {symbol: apiKey, baseCoin: 'BTC', quoteCoin: 'USDT', status: 'online', note: `x ${passphrase} y`};
		sim.simulator.injectFault({kind: 'raw', operation: 'symbols', status: 200, body: envelope('00000', 'success', [record])});
		const records = await sim.client().symbols();
		expect(records).toEqual([{...record, symbol: '[redacted]', note: 'x [redacted] y'}]);
	});

	it('in a protocol error that quotes the answer, and in the request log', async () => {
		const lines: string[] = [];
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'estimate',
			status: 200,
			body: envelope('00000', 'success', {hourInterest: passphrase, loanAmount: '1'}),
		});
		const error = (await sim
			.client({debug: (line) => lines.push(line)})
			.estimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'})
			.catch((e: unknown) => e)) as ProtocolError;
		expect(error).toBeInstanceOf(ProtocolError);
		expect(error.message).toContain('hourInterest');
		expectClean(error.message);
		expect(lines.join('\n')).toContain('hourInterest');
		expectClean(lines.join('\n'));
	});
});

describe('public lookups are unsigned', () => {
	const sim = useSimulator();

	it('an estimate with a revoked key still answers, and carries no credential header', async () => {
		const revoked = {...TEST_CREDENTIALS, apiKey: 'bg_revoked'};
		const estimate = await sim.client({credentials: revoked}).estimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		expect(estimate.loanAmount).toMatch(/^\d/);
		await sim.client({credentials: revoked}).symbols('BTCUSDT');
		for (const request of sim.simulator.requests) expect(Object.keys(request.headers).filter((name) => name.startsWith('access-'))).toEqual([]);
	});
});

describe('the same coin on both sides is refused before sending', () => {
	const sim = useSimulator();

	it('for a borrow and an estimate', async () => {
		await expect(sim.client().borrow({...pledge, pledgeCoin: 'usdt'})).rejects.toBeInstanceOf(InputError);
		await expect(sim.client().estimate({loanCoin: 'BTC', pledgeCoin: 'btc', daily: 'SEVEN', pledgeAmount: '1'})).rejects.toBeInstanceOf(InputError);
		expect(sim.simulator.requests).toEqual([]);
	});
});

/** An address of this machine that is not loopback, if it has one. */
const outside = Object.values(networkInterfaces())
	.flat()
	.find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe.skipIf(!outside)('credentials over plain http', () => {
	it('are refused to a host that is not loopback, unless allowed', async () => {
		const simulator = await startSimulator({host: '0.0.0.0', accounts: [TEST_CREDENTIALS]});
		const {BitgetClient} = await import('../../source/api/client.js');
		const baseUrl = `http://${outside}:${simulator.port}`;
		const refused = new BitgetClient({baseUrl, credentials: TEST_CREDENTIALS});
		const allowed = new BitgetClient({baseUrl, credentials: TEST_CREDENTIALS, allowInsecureHttp: true});
		try {
			const error = await refused.borrow(pledge).catch((e: unknown) => e);
			expect(error).toBeInstanceOf(InsecureTransportError);
			expect(error).toBeInstanceOf(InputError);
			expect((error as Error).message).toContain(`plain HTTP to http://${outside}`);
			// Public lookups carry no credentials: they still work.
			await refused.symbols('BTCUSDT');
			expect(simulator.requests.filter((request) => request.method === 'POST')).toEqual([]);
			await allowed.borrow(pledge);
			expect(simulator.orders).toHaveLength(1);
		} finally {
			await refused.close();
			await allowed.close();
			await simulator.close();
		}
	});
});
