import {describe, expect, it} from 'vitest';
import type {BorrowRecord, OngoingLoan, RepayRecord, ReviseRecord} from '../../source/api/loan-types.js';
import {matchOutcome, periodOfLoan, reconcile, type Observation, type SentRequest} from '../../source/loans/reconcile.js';

const T = 1_800_000_000_000;
const DAY = 86_400_000;
const loan = (over: Partial<OngoingLoan> = {}): OngoingLoan => ({
	orderId: '1130000000000000007',
	loanCoin: 'USDT',
	loanAmount: '9380',
	interestAmount: '0',
	hourInterestRate: '0.00000617',
	pledgeCoin: 'BTC',
	pledgeAmount: '0.5',
	pledgeRate: '0.7',
	supRate: '0.8',
	forceRate: '0.9',
	borrowTime: String(T + 3000),
	expireTime: String(T + 3000 + 7 * DAY),
	...over,
});
const borrowRecord = (over: Partial<BorrowRecord> = {}): BorrowRecord => ({
	orderId: '1130000000000000007',
	loanCoin: 'USDT',
	pledgeCoin: 'BTC',
	initPledgeAmount: '0.5',
	initLoanAmount: '9380',
	hourRate: '0.00000617',
	daily: 'SEVEN',
	borrowTime: String(T + 3000),
	status: 'BORROWING',
	...over,
});
const borrowSent: SentRequest = {kind: 'borrow', request: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'}, sentAt: T};

describe('matching a borrow', () => {
	it('finds the order of the same coins, period and amount, and says how it matched', () => {
		const finding = matchOutcome(borrowSent, {ongoing: [loan()], borrowHistory: [borrowRecord()]});
		expect(finding).toMatchObject({status: 'found', orderId: '1130000000000000007', delayMs: 3000});
		expect(finding.message).toBe('found order 1130000000000000007, same coins, period and pledge amount, borrowed 3 s after the request was sent');
	});

	it('from the ongoing list alone, the period comes from the expiry', () => {
		expect(periodOfLoan({borrowTime: '0', expireTime: '0'})).toBe('FLEXIBLE');
		expect(periodOfLoan({borrowTime: String(T), expireTime: String(T + 30 * DAY - 1)})).toBe('THIRTY');
		expect(matchOutcome(borrowSent, {ongoing: [loan()]}).status).toBe('found');
		expect(matchOutcome(borrowSent, {ongoing: [loan({expireTime: '0'})]}).status).toBe('not-found');
	});

	it('ignores other coins, orders from before the send, and orders known beforehand', () => {
		const seen: Observation = {
			ongoing: [loan({pledgeCoin: 'ETH'}), loan({orderId: '2', borrowTime: String(T - 60_000), expireTime: String(T - 60_000 + 7 * DAY)}), loan({orderId: '3'})],
		};
		expect(matchOutcome({...borrowSent, knownOrderIds: ['3']}, seen).status).toBe('not-found');
	});

	it('does not claim more than the data gives: a different amount is said, two candidates are ambiguous', () => {
		const differs = matchOutcome(borrowSent, {ongoing: [loan({pledgeAmount: '0.6'})]});
		expect(differs.message).toMatch(/same coins and period \(but a different pledge amount\)/);
		const two = matchOutcome(borrowSent, {ongoing: [loan(), loan({orderId: '1130000000000000008'})]});
		expect(two.status).toBe('ambiguous');
		expect(two.message).toMatch(/which one is this request's cannot be told/);
	});
});

const repayRecord = (over: Partial<RepayRecord> = {}): RepayRecord => ({
	orderId: '1130000000000000007',
	loanCoin: 'USDT',
	pledgeCoin: 'BTC',
	repayAmount: '100',
	payInterest: '0.1',
	repayLoanAmount: '99.9',
	repayUnlockAmount: '0',
	repayTime: String(T + 2000),
	...over,
});

describe('matching a repayment', () => {
	const sent: SentRequest = {kind: 'repay', request: {orderId: '1130000000000000007', repayAll: false, amount: '100', repayUnlock: false}, sentAt: T, before: loan()};

	it('finds a repayment of the same amount recorded after the send', () => {
		const finding = matchOutcome(sent, {ongoing: [loan({loanAmount: '9280.1'})], repayHistory: [repayRecord(), repayRecord({repayTime: String(T - 10_000)})]});
		expect(finding).toMatchObject({status: 'found', delayMs: 2000});
		expect(finding.message).toMatch(/^found a repayment of 100 USDT on order 1130000000000000007 .* recorded 2 s after the request was sent; the loan is still open$/);
	});

	it('a smaller debt without a record is unclear, an unchanged loan is not found, a liquidation is said', () => {
		expect(matchOutcome(sent, {ongoing: [loan({loanAmount: '9280.1'})], repayHistory: []}).status).toBe('unclear');
		expect(matchOutcome(sent, {ongoing: [loan()], repayHistory: []}).status).toBe('not-found');
		const liquidated = matchOutcome(sent, {ongoing: [], repayHistory: [], reduces: [{orderId: '1130000000000000007', loanCoin: 'USDT', pledgeCoin: 'BTC', reduceTime: String(T + 1000), pledgeRate: '0.9', pledgePrice: '1', status: 'COMPLETE', pledgeAmount: '1', reduceFee: '0', residueAmount: '0', runlockAmount: '0', repayLoanAmount: '1'}]});
		expect(liquidated.message).toMatch(/was liquidated/);
	});
});

describe('matching a collateral change', () => {
	const sent: SentRequest = {kind: 'revisePledge', request: {orderId: '1130000000000000007', amount: '0.1', pledgeCoin: 'BTC', reviseType: 'IN'}, sentAt: T, before: loan()};
	const record = (over: Partial<ReviseRecord> = {}): ReviseRecord => ({loanCoin: 'USDT', pledgeCoin: 'BTC', orderId: '1130000000000000007', reviseTime: String(T + 1000), reviseSide: 'down', reviseAmount: '0.1', afterPledgeRate: '0.583333', beforePledgeRate: '0.7', ...over});

	it('finds the change of the same side and amount', () => {
		const finding = matchOutcome(sent, {ongoing: [loan({pledgeAmount: '0.6'})], reviseHistory: [record()]});
		expect(finding.message).toBe('found 0.1 BTC added on order 1130000000000000007, recorded 1 s after the request was sent; LTV 70% → 58.33%');
	});

	it('the opposite side is not this request; a matching pledge without a record is only unclear', () => {
		expect(matchOutcome(sent, {ongoing: [loan()], reviseHistory: [record({reviseSide: 'up'})]}).status).toBe('not-found');
		expect(matchOutcome(sent, {ongoing: [loan({pledgeAmount: '0.6'})], reviseHistory: []}).status).toBe('unclear');
	});
});

describe('the reconciliation loop', () => {
	function fakeTime() {
		let now = 0;
		return {now: () => now, sleep: async (ms: number) => void (now += ms)};
	}

	it('stops at the first read that finds it', async () => {
		const time = fakeTime();
		const reads: Observation[] = [{ongoing: []}, {ongoing: [loan()]}];
		let calls = 0;
		const result = await reconcile(borrowSent, async () => reads[Math.min(calls++, 1)]!, time);
		expect(result).toMatchObject({status: 'found', tries: 2, elapsedMs: 2000});
	});

	it('gives up after about 20 s, saying so and what to do', async () => {
		const time = fakeTime();
		let calls = 0;
		const result = await reconcile(borrowSent, async () => (calls++, {ongoing: []}), time);
		expect(result.message).toBe('no matching order after 20 s — check again before retrying');
		expect(calls).toBe(11);
		expect(result.status).toBe('not-found');
	});

	it('says when the loans could not be read at all', async () => {
		const result = await reconcile(borrowSent, async () => {
			throw new Error('connection refused');
		}, fakeTime());
		expect(result).toMatchObject({status: 'unchecked', message: expect.stringMatching(/could not read the loans to check \(connection refused\)/)});
	});

	it('can be aborted', async () => {
		const controller = new AbortController();
		const pending = reconcile(borrowSent, async () => ({ongoing: []}), {signal: controller.signal, intervalMs: 10_000});
		setTimeout(() => controller.abort(new Error('stop')), 20);
		await expect(pending).rejects.toThrow('stop');
	});
});
