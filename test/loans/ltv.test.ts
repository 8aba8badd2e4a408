import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import type {OngoingLoan} from '../../source/api/loan-types.js';
import {ongoingLoan} from '../helpers/loans.js';
import {annualRate, byRisk, checkCollateralChange, percent, priceMoveTo} from '../../source/loans/ltv.js';
import {NEXT_HOUR_MARGIN_MS, nextHourStart, repayPreview} from '../../source/loans/repay-preview.js';

const loan = (over: Partial<OngoingLoan> = {}): OngoingLoan => ongoingLoan({loanAmount: '18760', pledgeAmount: '1', ...over});

describe('price move to an LTV', () => {
	it('is 1 − current/target: LTV scales as 1/price', () => {
		expect(priceMoveTo('0.7', '0.8')).toBe('0.125');
		expect(priceMoveTo('0.65', '0.83')).toBe('0.21686747');
		expect(priceMoveTo('0.8', '0.8')).toBe('0');
		expect(priceMoveTo('0.95', '0.9')).toBe('0');
	});

	it('moving the price by that much lands on the target LTV (any LTVs)', () => {
		fc.assert(
			fc.property(fc.integer({min: 100, max: 8999}), fc.integer({min: 100, max: 9999}), (current, target) => {
				fc.pre(current < target);
				const ltv = new Big(current).div(10000);
				const move = new Big(priceMoveTo(ltv.toFixed(), new Big(target).div(10000).toFixed()));
				// LTV after the pledge price is multiplied by (1 − move).
				const after = ltv.div(new Big(1).minus(move));
				expect(Number(after.minus(new Big(target).div(10000)).abs())).toBeLessThan(1e-6);
			}),
		);
	});
});

describe('rates and order', () => {
	it("annualises an hourly rate simply, as Bitget's rate7D is to hourRate7D", () => {
		expect(annualRate('0.00000617')).toBe('0.0540492');
		expect(percent(annualRate('0.00000617'))).toBe('5.40%');
	});

	it('orders loans riskiest first', () => {
		const loans = [
			loan({orderId: 'a', pledgeRate: '0.5'}),
			loan({orderId: 'b', pledgeRate: '0.85'}),
			loan({orderId: 'c', pledgeRate: '0.6', forceRate: '0.62'}),
		];
		expect(loans.sort(byRisk).map((l) => l.orderId)).toEqual(['c', 'b', 'a']);
	});
});

describe('collateral changes', () => {
	it("computes the LTV after adding or withdrawing from the loan's own figures", () => {
		expect(checkCollateralChange(loan(), 'add', '0.4')).toEqual({ok: true, before: '0.7', after: '0.5', pledgeAfter: '1.4'});
		expect(checkCollateralChange(loan(), 'withdraw', '0.124')).toEqual({ok: true, before: '0.7', after: '0.799087', pledgeAfter: '0.876'});
	});

	it('refuses locally a withdrawal at or above the margin-call LTV, or of more than is pledged', () => {
		const atCall = checkCollateralChange(loan(), 'withdraw', '0.125');
		expect(atCall).toMatchObject({ok: false, after: '0.8'});
		expect(!atCall.ok && atCall.reason).toMatch(/at or above the margin-call LTV of 80\.00%/);
		expect(checkCollateralChange(loan(), 'withdraw', '1')).toMatchObject({ok: false, reason: expect.stringMatching(/only 1 BTC/)});
		expect(checkCollateralChange(loan({pledgeRate: '0.85'}), 'add', '0.01').ok).toBe(true);
	});
});

describe('repay preview', () => {
	const owing = loan({interestAmount: '1.5'});
	it('all: principal and interest, all collateral back', () => {
		expect(repayPreview(owing, {all: true, unlock: true})).toEqual({
			ok: true,
			owed: '18761.5',
			pay: '18761.5',
			interest: '1.5',
			principal: '18760',
			remainingPrincipal: '0',
			remainingInterest: '0',
			release: {kind: 'all', amount: '1'},
		});
	});

	it("partial: interest first; keeping the collateral lowers the LTV; releasing is Bitget's to size", () => {
		expect(repayPreview(owing, {all: false, amount: '1', unlock: false})).toMatchObject({
			interest: '1',
			principal: '0',
			remainingInterest: '0.5',
			release: {kind: 'none'},
		});
		const keep = repayPreview(owing, {all: false, amount: '9380.75', unlock: false});
		expect(keep).toMatchObject({principal: '9379.25', ltvAfter: '0.35', release: {kind: 'none'}});
		const release = repayPreview(owing, {all: false, amount: '100', unlock: true});
		expect(release).toMatchObject({release: {kind: 'some'}});
		expect(release).not.toHaveProperty('ltvAfter');
	});

	it('refuses more than is owed', () => {
		expect(repayPreview(owing, {all: false, amount: '18761.6', unlock: true})).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/more than the 18761.5 USDT owed/),
		});
	});

	// Interest per started hour: the server's interestAmount holds the hour under way; the next is charged as it starts.
	describe('near the start of the next hour (server time)', () => {
		const HOUR = 3_600_000;
		const borrowTime = 1_800_000_000_000;
		// Borrowed 2 h 30 min ago: three hours charged (the server's 1.5 here), the fourth starts at borrowTime + 3 h.
		const read = loan({interestAmount: '1.5', borrowTime: String(borrowTime)});
		const nextStart = borrowTime + 3 * HOUR;
		const hour = '0.1157492'; // 18760 × 0.00000617

		it('far from it: the interest as the server read it', () => {
			expect(nextHourStart(read, borrowTime + 2.5 * HOUR)).toBe(nextStart);
			expect(repayPreview(read, {all: true, unlock: true}, borrowTime + 2.5 * HOUR)).toMatchObject({owed: '18761.5', interest: '1.5'});
			expect(repayPreview(read, {all: true, unlock: true}, nextStart - NEXT_HOUR_MARGIN_MS - 1)).not.toHaveProperty('nextHour');
		});

		it('within a minute of it: the next hour is counted, and said', () => {
			const preview = repayPreview(read, {all: true, unlock: true}, nextStart - NEXT_HOUR_MARGIN_MS);
			expect(preview).toMatchObject({
				owed: '18761.6157492',
				pay: '18761.6157492',
				interest: '1.6157492',
				principal: '18760',
				nextHour: {startsAt: nextStart, interest: hour},
			});
			// A partial payment pays the hour first; the LTV after counts the debt the server will hold.
			const partial = repayPreview(read, {all: false, amount: '1.6157492', unlock: false}, nextStart - 1);
			expect(partial).toMatchObject({interest: '1.6157492', principal: '0', remainingInterest: '0'});
		});

		it('a loan just borrowed is charged its first hour; its second starts an hour after borrowing', () => {
			expect(nextHourStart(read, borrowTime)).toBe(borrowTime + HOUR);
			expect(nextHourStart(read, borrowTime + 434_000)).toBe(borrowTime + HOUR);
			expect(nextHourStart(read, borrowTime + HOUR)).toBe(borrowTime + HOUR);
			expect(nextHourStart(read, borrowTime + HOUR + 1)).toBe(borrowTime + 2 * HOUR);
		});

		it('an hour started since the loan was read is counted: a review left open is not an hour short when sent', () => {
			// Read at 2 h 30 min (three hours charged), sent at 3 h 10 min: the fourth hour started in between.
			const preview = repayPreview(read, {all: true, unlock: true}, borrowTime + 3 * HOUR + 10 * 60_000, borrowTime + 2.5 * HOUR);
			expect(preview).toMatchObject({owed: '18761.6157492', interest: '1.6157492', sinceRead: {hours: 1, interest: hour}});
			expect(preview).not.toHaveProperty('nextHour');
			// Read at 2 h 30 min, sent at 4 h 59 min 30 s: two more started, and the next within the minute.
			const later = repayPreview(read, {all: true, unlock: true}, borrowTime + 5 * HOUR - 30_000, borrowTime + 2.5 * HOUR);
			expect(later).toMatchObject({
				interest: '1.8472476',
				sinceRead: {hours: 2, interest: '0.2314984'},
				nextHour: {startsAt: borrowTime + 5 * HOUR, interest: hour},
			});
			// Read and sent within the same hour: nothing more than the read.
			expect(repayPreview(read, {all: true, unlock: true}, borrowTime + 2.9 * HOUR, borrowTime + 2.5 * HOUR)).not.toHaveProperty('sinceRead');
		});

		it('without the time, the interest as read', () => {
			expect(repayPreview(read, {all: true, unlock: true})).not.toHaveProperty('nextHour');
		});
	});
});
