import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import type {OngoingLoan} from '../../source/api/loan-types.js';
import {ongoingLoan} from '../helpers/loans.js';
import {annualRate, byRisk, checkCollateralChange, percent, priceMoveTo} from '../../source/loans/ltv.js';
import {repayPreview} from '../../source/loans/repay-preview.js';

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
	it('annualises an hourly rate simply, as Bitget\'s rate7D is to hourRate7D', () => {
		expect(annualRate('0.00000617')).toBe('0.0540492');
		expect(percent(annualRate('0.00000617'))).toBe('5.40%');
	});

	it('orders loans riskiest first', () => {
		const loans = [loan({orderId: 'a', pledgeRate: '0.5'}), loan({orderId: 'b', pledgeRate: '0.85'}), loan({orderId: 'c', pledgeRate: '0.6', forceRate: '0.62'})];
		expect(loans.sort(byRisk).map((l) => l.orderId)).toEqual(['c', 'b', 'a']);
	});
});

describe('collateral changes', () => {
	it('computes the LTV after adding or withdrawing from the loan\'s own figures', () => {
		expect(checkCollateralChange(loan(), 'add', '0.4')).toEqual({ok: true, before: '0.7', after: '0.5'});
		expect(checkCollateralChange(loan(), 'withdraw', '0.124')).toEqual({ok: true, before: '0.7', after: '0.799087'});
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

	it('partial: interest first; keeping the collateral lowers the LTV; releasing is Bitget\'s to size', () => {
		expect(repayPreview(owing, {all: false, amount: '1', unlock: false})).toMatchObject({interest: '1', principal: '0', remainingInterest: '0.5', release: {kind: 'none'}});
		const keep = repayPreview(owing, {all: false, amount: '9380.75', unlock: false});
		expect(keep).toMatchObject({principal: '9379.25', ltvAfter: '0.35', release: {kind: 'none'}});
		const release = repayPreview(owing, {all: false, amount: '100', unlock: true});
		expect(release).toMatchObject({release: {kind: 'some'}});
		expect(release).not.toHaveProperty('ltvAfter');
	});

	it('refuses more than is owed', () => {
		expect(repayPreview(owing, {all: false, amount: '18761.6', unlock: true})).toMatchObject({ok: false, reason: expect.stringMatching(/more than the 18761.5 USDT owed/)});
	});
});
