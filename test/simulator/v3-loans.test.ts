// The v3 crypto-loan twins of a unified account (reference Part E.1) over loopback HTTP: the same desk as v2, with v3's
// differences — signed coins and interest with their own field names, repay's required method (and repay by
// collateral), unlock off by default, pageNum, lower-case statuses and pledgeDays.
import Big from 'big.js';
import {afterEach, describe, expect, it} from 'vitest';
import {COINS} from '../../source/simulator/coins.js';
import {estimateFor, startSimulator, type Simulator, type SimulatorOptions} from '../../source/simulator/index.js';
import {V3_ONGOING_LOAN, V3_REPAY_RESULT} from '../helpers/doc-examples-v3.js';
import {TEST_CREDENTIALS} from '../helpers/simulator.js';
import {call, clockTicks, signed} from './helpers.js';

const V3 = '/api/v3/loan';
const DAY = 86_400_000;
const PLEDGE = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'};

const open: Simulator[] = [];
async function sim(options: SimulatorOptions = {}) {
	// The default account mode: unified.
	const s = await startSimulator({accounts: [TEST_CREDENTIALS], rateLimits: false, ...options});
	open.push(s);
	return s;
}
afterEach(async () => {
	await Promise.all(open.splice(0).map((s) => s.close()));
});

function get(s: Simulator, path: string, query = '') {
	return call(s, 'GET', query ? `${path}?${query}` : path, {headers: signed(TEST_CREDENTIALS, 'GET', path, query)});
}
function post(s: Simulator, path: string, payload: unknown) {
	const body = JSON.stringify(payload);
	return call(s, 'POST', path, {headers: {...signed(TEST_CREDENTIALS, 'POST', path, '', body), 'Content-Type': 'application/json'}, body});
}
async function newLoan(s: Simulator, payload: Record<string, string> = PLEDGE): Promise<string> {
	const answer = await post(s, `${V3}/borrow`, payload);
	expect(answer.json.code).toBe('00000');
	expect(answer.json.data).toEqual({orderId: expect.stringMatching(/^\d{19}$/)});
	return answer.json.data.orderId;
}
const ongoing = async (s: Simulator, query = '') => (await get(s, `${V3}/borrow-ongoing`, query)).json.data;
const window = () => `endTime=${Date.now() + 5000}&startTime=${Date.now() - 30 * DAY}`;
const keysOf = (json: string) => Object.keys(JSON.parse(json) as object);

describe('coins and interest: signed in v3', () => {
	it('coins: v3 field names, rates as fractions, limits in the coin and in USDT', async () => {
		const s = await sim();
		expect((await call(s, 'GET', `${V3}/coins`)).json.code).toBe('40001');
		const answer = await get(s, `${V3}/coins`, 'coin=BTC');
		expect(answer.json.code).toBe('00000');
		const {loanInfos, pledgeInfos} = answer.json.data;
		// Rates as the coin table has them, annualised × 8760; 10 USDT at 26,800 is 0.00037313… BTC: the minimum is rounded
		// up, the maximum down.
		expect(loanInfos).toEqual([
			{
				coin: 'BTC',
				hourRateFlexible: '0.00000310',
				rateFlexible: '0.027156',
				hourRate7D: '0.00000280',
				rate7D: '0.024528',
				hourRate30D: '0.00000250',
				rate30D: '0.0219',
				minBorrowAmount: '0.00037314',
				maxBorrowAmount: '373134.3283582',
				minBorrowLimit: '10',
				maxBorrowLimit: '10000000000',
			},
		]);
		expect(Object.keys(loanInfos[0])).toEqual([
			'coin',
			'hourRateFlexible',
			'rateFlexible',
			'hourRate7D',
			'rate7D',
			'hourRate30D',
			'rate30D',
			'minBorrowAmount',
			'maxBorrowAmount',
			'minBorrowLimit',
			'maxBorrowLimit',
		]);
		expect(new Big(loanInfos[0].rate7D).eq(new Big(COINS.get('BTC')!.hourlyRate.SEVEN).times(8760))).toBe(true);
		expect(pledgeInfos).toEqual([{coin: 'BTC', initRate: '0.7', supRate: '0.8', forceRate: '0.9', minPledgeAmount: '0', maxPledgeAmount: '74.62686567'}]);
		expect((await get(s, `${V3}/coins`, 'coin=NOPE')).json.code).toBe('40034');
		expect((await get(s, `${V3}/coins`)).json.data.loanInfos.length).toBe(COINS.size);
	});

	it('interest: the estimate, signed; every parameter required', async () => {
		const s = await sim();
		const query = 'daily=SEVEN&loanCoin=USDT&pledgeAmount=0.2&pledgeCoin=ETH';
		expect((await call(s, 'GET', `${V3}/interest?${query}`)).json.code).toBe('40001');
		const answer = await get(s, `${V3}/interest`, query);
		expect(answer.json.data).toEqual(estimateFor('USDT', 'ETH', 'SEVEN', '0.2'));
		expect(Object.keys(answer.json.data)).toEqual(['hourInterest', 'loanAmount']);
		expect((await get(s, `${V3}/interest`, 'daily=SEVEN&loanCoin=USDT&pledgeCoin=ETH')).json.code).toBe('40019');
	});
});

describe('borrow and ongoing', () => {
	it('a borrow opens a loan whose ongoing record has exactly the published example’s fields', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		const [loan] = await ongoing(s);
		expect(Object.keys(loan)).toEqual(keysOf(V3_ONGOING_LOAN));
		expect(loan).toMatchObject({
			orderId,
			loanCoin: 'USDT',
			loanAmount: '18760',
			interestAmount: '0.1157492',
			hourInterestRate: '0.000617',
			pledgeCoin: 'BTC',
			pledgeAmount: '1',
			pledgeRate: '70',
			supRate: '80',
			forceRate: '90',
		});
		s.loans.advanceHours(10);
		// Interest per started hour: the first at borrowing, then ten more.
		expect((await ongoing(s))[0].interestAmount).toBe('1.2732412');
	});

	it('takes FLEXIBLE (expireTime "0"), filters, and validates the body as v2 does', async () => {
		const s = await sim();
		const flexible = await newLoan(s, {loanCoin: 'ETH', pledgeCoin: 'USDT', daily: 'FLEXIBLE', loanAmount: '1'});
		await newLoan(s);
		expect((await ongoing(s, `orderId=${flexible}`)).map((l: {expireTime: string}) => l.expireTime)).toEqual(['0']);
		expect(await ongoing(s, 'pledgeCoin=BTC')).toHaveLength(1);
		expect((await post(s, `${V3}/borrow`, {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN'})).json.code).toBe('40017');
		expect((await post(s, `${V3}/borrow`, {...PLEDGE, daily: 'WEEK'})).json.code).toBe('40020');
		expect(s.orders).toHaveLength(2);
	});
});

describe('repay', () => {
	it('with the borrowed coin: the published example’s fields; the collateral stays unless repayUnlock=yes', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		s.loans.advanceHours(10);
		const kept = await post(s, `${V3}/repay`, {orderId, repayAll: 'no', amount: '100', method: 'borrowed_coin'});
		expect(Object.keys(kept.json.data)).toEqual(keysOf(V3_REPAY_RESULT));
		expect(kept.json.data).toEqual({
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			repayAmount: '100',
			payInterest: '1.2732412',
			repayLoanAmount: '98.7267588',
			repayUnlockAmount: '0',
		});
		expect((await ongoing(s))[0]).toMatchObject({loanAmount: '18661.2732412', pledgeAmount: '1'});
		const released = await post(s, `${V3}/repay`, {orderId, repayAll: 'no', amount: '1866.12732412', method: 'borrowed_coin', repayUnlock: 'yes'});
		expect(released.json.data.repayUnlockAmount).toBe('0.1');
		expect((await ongoing(s))[0]).toMatchObject({loanAmount: '16795.14591708', pledgeAmount: '0.9'});
	});

	it('repayAll=yes closes the loan and releases everything, whatever repayUnlock says', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		const answer = await post(s, `${V3}/repay`, {orderId, repayAll: 'yes', method: 'borrowed_coin', repayUnlock: 'no'});
		expect(answer.json.data).toEqual({
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			repayAmount: '18760.1157492',
			payInterest: '0.1157492',
			repayLoanAmount: '18760',
			repayUnlockAmount: '1',
		});
		expect(await ongoing(s)).toEqual([]);
	});

	it('by collateral: the debt is paid with pledge sold at the loan’s price; a partial repayment releases nothing', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		s.loans.advanceHours(10);
		const partial = await post(s, `${V3}/repay`, {orderId, repayAll: 'no', amount: '100', method: 'collateral', repayUnlock: 'yes'});
		expect(partial.json.data).toEqual({
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			repayAmount: '100',
			payInterest: '1.2732412',
			repayLoanAmount: '98.7267588',
			repayUnlockAmount: '0',
		});
		// 100 USDT at 26,800 is 0.00373134… BTC, sold rounded up.
		expect((await ongoing(s))[0]).toMatchObject({loanAmount: '18661.2732412', interestAmount: '0', pledgeAmount: '0.99626865'});
	});

	it('by collateral, all: the debt with its interest sold out of the pledge, the rest released, the loan closed', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		s.loans.advanceHours(10);
		const answer = await post(s, `${V3}/repay`, {orderId, repayAll: 'yes', method: 'collateral'});
		// Debt 18760 + 1.2732412 interest (eleven hours started) = 18761.2732412 USDT at 26,800: 0.70004751 BTC sold,
		// 0.29995249 released.
		expect(answer.json.data).toEqual({
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			repayAmount: '18761.2732412',
			payInterest: '1.2732412',
			repayLoanAmount: '18760',
			repayUnlockAmount: '0.29995249',
		});
		expect(await ongoing(s)).toEqual([]);
		expect((await get(s, `${V3}/repay-history`, window())).json.data).toEqual([
			{
				orderId,
				loanCoin: 'USDT',
				pledgeCoin: 'BTC',
				repayAmount: '18761.2732412',
				payInterest: '1.2732412',
				repayLoanAmount: '18760',
				repayUnlockAmount: '0.29995249',
				repayTime: expect.stringMatching(/^\d{13}$/),
			},
		]);
	});

	it('by collateral is refused, changing nothing, when the collateral does not cover the debt', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		// Collateral worth less than the debt (a state only a test can put the desk in: prices liquidate first).
		s.loans.all[0]!.pledgeAmount = new Big('0.5');
		const answer = await post(s, `${V3}/repay`, {orderId, repayAll: 'yes', method: 'collateral'});
		expect(answer.json).toMatchObject({code: '43012', data: null});
		expect(s.loans.all[0]).toMatchObject({status: 'ongoing'});
		expect(s.loans.all[0]!.pledgeAmount.toFixed()).toBe('0.5');
		expect(s.loans.repays).toEqual([]);
	});

	it.each([
		[{repayAll: 'yes'}, '40019', 'Parameter method cannot be empty'],
		[{repayAll: 'yes', method: ''}, '40019', 'Parameter method cannot be empty'],
		[{repayAll: 'yes', method: 'card'}, '40020', 'Parameter method error'],
		[{repayAll: 'yes', method: 7}, '40020', 'Parameter method error'],
		[{repayAll: 'no', method: 'collateral'}, '40019', 'Parameter amount cannot be empty'],
		[{repayAll: 'no', method: 'borrowed_coin', amount: '1', repayUnlock: 'maybe'}, '40020', 'Parameter repayUnlock error'],
		[{repayAll: 'no', method: 'collateral', amount: '999999'}, '40020', 'Parameter amount error'],
	])('refuses %j with %s and changes nothing', async (fields, code, msg) => {
		const s = await sim();
		const orderId = await newLoan(s);
		const answer = await post(s, `${V3}/repay`, {orderId, ...fields});
		expect(answer.json).toMatchObject({code, msg, data: null});
		expect((await ongoing(s))[0]).toMatchObject({loanAmount: '18760', pledgeAmount: '1'});
		expect(s.loans.repays).toEqual([]);
	});
});

describe('revise-pledge and its history', () => {
	it('IN and OUT as v2, reviseType required; pledge-rate-history holds the same 8 fields', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		expect((await post(s, `${V3}/revise-pledge`, {orderId, amount: '0.4', pledgeCoin: 'BTC'})).json.code).toBe('40019');
		expect((await post(s, `${V3}/revise-pledge`, {orderId, amount: '0.4', pledgeCoin: 'BTC', reviseType: 'IN'})).json.data).toEqual({
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			afterPledgeRate: '50',
		});
		expect((await post(s, `${V3}/revise-pledge`, {orderId, amount: '0.2', pledgeCoin: 'BTC', reviseType: 'OUT'})).json.data.afterPledgeRate).toBe('58.33');
		const history = (await get(s, `${V3}/pledge-rate-history`, window())).json.data;
		expect(history).toEqual([
			{
				loanCoin: 'USDT',
				pledgeCoin: 'BTC',
				orderId,
				reviseTime: expect.stringMatching(/^\d{13}$/),
				reviseSide: 'up',
				reviseAmount: '0.2',
				afterPledgeRate: '58.33',
				beforePledgeRate: '50',
			},
			{
				loanCoin: 'USDT',
				pledgeCoin: 'BTC',
				orderId,
				reviseTime: expect.stringMatching(/^\d{13}$/),
				reviseSide: 'down',
				reviseAmount: '0.4',
				afterPledgeRate: '50',
				beforePledgeRate: '70',
			},
		]);
		expect((await get(s, `${V3}/pledge-rate-history`, `${window()}&reviseSide=down`)).json.data).toHaveLength(1);
	});
});

describe('histories: lower-case statuses, pledgeDays, pageNum', () => {
	it('borrow-history answers pledgeDays (not daily) and lower-case statuses, filtered in either case', async () => {
		const s = await sim();
		const borrowing = await newLoan(s);
		const repaid = await newLoan(s, {loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'FLEXIBLE', pledgeAmount: '1'});
		await post(s, `${V3}/repay`, {orderId: repaid, repayAll: 'yes', method: 'borrowed_coin'});
		const forced = await newLoan(s, {loanCoin: 'USDT', pledgeCoin: 'SOL', daily: 'THIRTY', pledgeAmount: '100'});
		s.loans.setPrice('SOL', '1');
		expect((await post(s, `${V3}/borrow`, {...PLEDGE, pledgeAmount: '99999'})).json.code).toBe('43012');
		const records = (await get(s, `${V3}/borrow-history`, window())).json.data;
		const byId = new Map(records.map((r: {orderId: string; status: string}) => [r.orderId, r]));
		expect(byId.get(borrowing)).toMatchObject({status: 'borrowing', pledgeDays: 'SEVEN'});
		expect(byId.get(repaid)).toMatchObject({status: 'repay', pledgeDays: 'FLEXIBLE'});
		expect(byId.get(forced)).toMatchObject({status: 'force', pledgeDays: 'THIRTY'});
		expect(records.map((r: {status: string}) => r.status).sort()).toEqual(['borrowing', 'force', 'repay', 'rollback']);
		expect(Object.keys(records[0])).toEqual([
			'orderId',
			'loanCoin',
			'pledgeCoin',
			'initPledgeAmount',
			'initLoanAmount',
			'hourRate',
			'pledgeDays',
			'borrowTime',
			'status',
		]);
		for (const status of ['REPAY', 'repay', 'Repay']) {
			expect((await get(s, `${V3}/borrow-history`, `${window()}&status=${status}`)).json.data.map((r: {orderId: string}) => r.orderId)).toEqual([repaid]);
		}
		expect((await get(s, `${V3}/borrow-history`, `${window()}&status=ROLLBACK`)).json.data).toHaveLength(1);
		const [reduce] = (await get(s, `${V3}/reduces`, window())).json.data;
		expect(reduce).toMatchObject({orderId: forced, status: 'complete', pledgeCoin: 'SOL', reduceTime: expect.stringMatching(/^\d{13}$/)});
		expect((await get(s, `${V3}/reduces`, `${window()}&status=COMPLETE`)).json.data).toHaveLength(1);
		expect((await get(s, `${V3}/reduces`, `${window()}&status=complete`)).json.data).toHaveLength(1);
	});

	it('pages with pageNum (pageNo is not v3’s), pageSize 10 by default and at most 100, as a bare array', async () => {
		const s = await sim();
		const ids: string[] = [];
		for (let i = 0; i < 12; i++) {
			ids.push(await newLoan(s, {...PLEDGE, pledgeAmount: '0.1'}));
			// The next loan a millisecond later at least, so newest-first has one order.
			await clockTicks();
		}
		const newestFirst = [...ids].reverse();
		const page = async (query: string) => {
			const answer = await get(s, `${V3}/borrow-history`, `${window()}&${query}`);
			expect(Array.isArray(answer.json.data)).toBe(true);
			return answer.json.data.map((r: {orderId: string}) => r.orderId);
		};
		expect([...(await page('pageNum=1&pageSize=5')), ...(await page('pageNum=2&pageSize=5')), ...(await page('pageNum=3&pageSize=5'))]).toEqual(newestFirst);
		expect(await page('pageNum=4&pageSize=5')).toEqual([]);
		expect(await page('pageSize=5&pageNo=2')).toEqual(newestFirst.slice(0, 5));
		expect(await page('pageNum=2')).toEqual(newestFirst.slice(10));
		expect(await page('pageSize=100')).toHaveLength(12);
		expect((await get(s, `${V3}/borrow-history`, `${window()}&pageSize=101`)).json).toMatchObject({code: '40020', msg: 'Parameter pageSize error'});
		expect((await get(s, `${V3}/borrow-history`, `${window()}&pageNum=0`)).json).toMatchObject({code: '40020', msg: 'Parameter pageNum error'});
		expect((await get(s, `${V3}/repay-history`)).json).toMatchObject({code: '40019', msg: 'Parameter startTime cannot be empty'});
	});

	it('debts: the same shape as v2', async () => {
		const s = await sim();
		await newLoan(s);
		expect((await get(s, `${V3}/debts`)).json.data).toEqual({
			pledgeInfos: [{coin: 'BTC', amount: '1', amountUsdt: '26800'}],
			loanInfos: [{coin: 'USDT', amount: '18760.1157492', amountUsdt: '18760.12'}],
		});
	});
});
