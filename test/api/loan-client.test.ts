import {describe, expect, it, vi} from 'vitest';
import {ApiError, InputError, OutcomeUnknownError} from '../../source/api/errors.js';
import type {FaultKind} from '../../source/simulator/index.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {track, untilReal} from '../helpers/clock.js';

const DAY = 86_400_000;

describe('loan lookups through the client', () => {
	const sim = useSimulator();

	it('coinInfos is sent unsigned and comes back with fractions', async () => {
		const infos = await sim.client().coinInfos();
		expect(sim.simulator.requests[0]!.headers['access-key']).toBeUndefined();
		const usdt = infos.loanInfos.find((info) => info.coin === 'USDT')!;
		expect(usdt.hourRate).toEqual({SEVEN: '0.00000617', THIRTY: '0.00000640', FLEXIBLE: '0.00000700'});
		expect(usdt.minAmount).toBe('10');
		expect(infos.pledgeInfos.find((info) => info.coin === 'BTC')).toMatchObject({supRate: '0.8', forceRate: '0.9'});
		const one = await sim.client().coinInfos('eth');
		expect(one.loanInfos.map((info) => info.coin)).toEqual(['ETH']);
	});

	it('ongoing orders are signed, and their percentages arrive as fractions', async () => {
		const client = sim.client();
		const {orderId} = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		const loans = await client.ongoingOrders();
		expect(sim.simulator.requests.at(-1)!.headers['access-sign']).toBeTruthy();
		expect(loans).toEqual([
			expect.objectContaining({
				orderId,
				loanCoin: 'USDT',
				pledgeCoin: 'BTC',
				pledgeAmount: '1',
				loanAmount: '18760',
				pledgeRate: '0.7',
				supRate: '0.8',
				forceRate: '0.9',
				hourInterestRate: '0.00000617',
			}),
		]);
		expect(await client.ongoingOrders({orderId: '1'})).toEqual([]);
	});

	it('reads every history and the totals', async () => {
		const client = sim.client();
		const {orderId} = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'THIRTY', pledgeAmount: '10'});
		await client.revisePledge({orderId, amount: '1', pledgeCoin: 'ETH', reviseType: 'IN'});
		await client.repay({orderId, repayAll: false, amount: '100', repayUnlock: false});
		const now = Date.now();
		const window = {startTime: now - 30 * DAY, endTime: now + 1000};
		expect(await client.history('borrowHistory', window)).toEqual({
			records: [expect.objectContaining({orderId, daily: 'THIRTY', initPledgeAmount: '10'})],
			unreadable: 0,
		});
		expect(await client.history('reviseHistory', window)).toEqual({
			records: [expect.objectContaining({orderId, reviseSide: 'down', reviseAmount: '1'})],
			unreadable: 0,
		});
		expect(await client.history('repayHistory', window)).toEqual({
			records: [expect.objectContaining({orderId, repayAmount: '100', repayUnlockAmount: '0'})],
			unreadable: 0,
		});
		expect(await client.history('reduces', window)).toEqual({records: [], unreadable: 0});
		const debts = await client.debts();
		expect(debts.pledgeInfos).toEqual([{coin: 'ETH', amount: '11', amountUsdt: '16995'}]);
		// 10,815 borrowed (ETH's initial LTV 0.7), its first hour (0.069216) paid first out of the 100 repaid.
		expect(debts.loanInfos).toEqual([{coin: 'USDT', amount: '10715.069216', amountUsdt: '10715.07'}]);
	});

	it('queues 25 lookups under the 10/s per-UID limit: all answered, none refused', async () => {
		// One faked clock for both sides (Date, setTimeout: the client's queue and the simulator's per-second windows, in
		// this process); HTTP stays real. Time moves only when the test moves it, after the server has read every
		// request let go so far, so where each request lands is exact however slow the machine (on the real clock, a
		// request delayed past the client's 50 ms margin can meet the next second's ten and be refused).
		vi.useFakeTimers({toFake: ['Date', 'setTimeout', 'clearTimeout']});
		try {
			vi.setSystemTime(Math.ceil(Date.now() / 1000) * 1000 + 5);
			const client = sim.client();
			const all = track(Promise.all(Array.from({length: 25}, () => client.ongoingOrders())));
			const lookups = () => sim.simulator.requests.filter((r) => r.operation === 'ongoingOrders');
			for (const [batch, upTo] of [10, 20, 25].entries()) {
				await untilReal(() => lookups().length >= upTo, `lookup ${upTo} at the server`);
				// Ten at a time: the next waits for the clock.
				expect(lookups()).toHaveLength(upTo);
				if (batch < 2) vi.advanceTimersByTime(1050);
			}
			await untilReal(() => all.settled, 'every answer');
			expect(all.error).toBeUndefined();
			expect(all.value).toHaveLength(25);
			expect(sim.simulator.requests.filter((r) => r.status === 429)).toEqual([]);
		} finally {
			vi.useRealTimers();
		}
	});

	it('checks input before sending anything', async () => {
		const client = sim.client();
		await expect(client.ongoingOrders({orderId: '12x'})).rejects.toBeInstanceOf(InputError);
		await expect(client.history('repayHistory', {startTime: Date.now() - 100 * DAY, endTime: Date.now()})).rejects.toBeInstanceOf(InputError);
		await expect(client.repay({orderId: '1', repayAll: false, repayUnlock: true})).rejects.toBeInstanceOf(InputError);
		await expect(client.revisePledge({orderId: '1', amount: '1e2', pledgeCoin: 'BTC', reviseType: 'IN'})).rejects.toBeInstanceOf(InputError);
		await expect(sim.client({credentials: undefined}).ongoingOrders()).rejects.toBeInstanceOf(InputError);
		expect(sim.simulator.requests).toEqual([]);
	});
});

describe('repay and revise-pledge are posted at most once', () => {
	const sim = useSimulator();
	const expectations: Array<[FaultKind, 'unknown' | 'refused', boolean]> = [
		['html-500', 'unknown', false],
		['reset-after-order', 'unknown', true],
		['stall', 'unknown', false],
		['truncated-json', 'unknown', true],
		['rate-limit', 'refused', false],
		// A code not known to be a refusal may have been acted on (source/api/money-codes.ts).
		['unknown-code', 'unknown', false],
	];

	it.each(expectations)('repay, %s: %s, one POST', async (kind, outcome, acted) => {
		const {orderId} = await sim.client().borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		// A short deadline only to wait out the stall (which never answers); an answered fault keeps the default, so a
		// slow machine cannot turn its answer into a timeout.
		const client = sim.client(kind === 'stall' ? {borrowTimeoutMs: 500} : {});
		sim.simulator.injectFault({kind, operation: 'repay'});
		const error = await client.repay({orderId, repayAll: true, repayUnlock: true}).catch((e: unknown) => e);
		if (outcome === 'unknown') {
			expect(error).toBeInstanceOf(OutcomeUnknownError);
			expect((error as Error).message).toMatch(/repayment may or may not have been made/);
		} else expect(error).toBeInstanceOf(ApiError);
		expect(sim.simulator.requests.filter((r) => r.operation === 'repay')).toHaveLength(1);
		expect(sim.simulator.loans.repays).toHaveLength(acted ? 1 : 0);
	});

	it.each(expectations)('revise-pledge, %s: %s, one POST', async (kind, outcome, acted) => {
		const {orderId} = await sim.client().borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		const client = sim.client(kind === 'stall' ? {borrowTimeoutMs: 500} : {});
		sim.simulator.injectFault({kind, operation: 'revisePledge'});
		const error = await client.revisePledge({orderId, amount: '0.1', pledgeCoin: 'BTC', reviseType: 'IN'}).catch((e: unknown) => e);
		if (outcome === 'unknown') {
			expect(error).toBeInstanceOf(OutcomeUnknownError);
			expect((error as Error).message).toMatch(/collateral change may or may not have been made/);
		} else expect(error).toBeInstanceOf(ApiError);
		expect(sim.simulator.requests.filter((r) => r.operation === 'revisePledge')).toHaveLength(1);
		expect(sim.simulator.loans.revises).toHaveLength(acted ? 1 : 0);
	});

	it("returns the server's results, the LTV as a fraction", async () => {
		const client = sim.client();
		const {orderId} = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		const revised = await client.revisePledge({orderId, amount: '0.4', pledgeCoin: 'BTC', reviseType: 'IN'});
		expect(revised).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', afterPledgeRate: '0.5'});
		const repaid = await client.repay({orderId, repayAll: true, repayUnlock: true});
		// The first hour's interest is owed from the start (per started hour).
		expect(repaid).toEqual({
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			repayAmount: '18760.1157492',
			payInterest: '0.1157492',
			repayLoanAmount: '18760',
			repayUnlockAmount: '1.4',
		});
		expect(await client.ongoingOrders()).toEqual([]);
		expect(TEST_CREDENTIALS.apiKey).toBe(sim.simulator.loans.all[0]!.apiKey);
	});
});

describe('a repayment under clock skew', () => {
	const sim = useSimulator({clockOffsetMs: 120_000});
	it('is re-signed once after 40008 (the server did not act), and repays once', async () => {
		const client = sim.client();
		const {orderId} = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		// Its account's mode remembered (no request to learn it): the repay itself is the first signed request.
		const unsynced = sim.client({familyMemory: {recall: () => Promise.resolve('unified'), remember: () => Promise.resolve()}});
		await unsynced.repay({orderId, repayAll: false, amount: '10', repayUnlock: false});
		expect(sim.simulator.requests.filter((r) => r.operation === 'repay').map((r) => r.code)).toEqual(['40008', '00000']);
		expect(sim.simulator.loans.repays).toHaveLength(1);
	});

	it('history filters are words only, checked before sending', async () => {
		const client = sim.client();
		await expect(
			client.history('borrowHistory', {startTime: Date.now() + 120_000 - 1000, endTime: Date.now() + 120_000}, {extra: {status: 'REPAY&x=1'}}),
		).rejects.toBeInstanceOf(InputError);
		expect(sim.simulator.requests).toEqual([]);
	});
});
