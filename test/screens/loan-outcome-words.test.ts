// What a finished repayment or collateral change says: words, never the API's field names; amounts at their coin's
// precision and the LTV at 2 decimals, as everywhere (format/money.ts).
import {describe, expect, it} from 'vitest';
import {actionOutcome} from '../../source/screens/loan/outcome-words.js';

const repay = {
	kind: 'repay' as const,
	result: {loanCoin: 'USDT', pledgeCoin: 'ETH', repayAmount: '23400.819', payInterest: '0.819', repayLoanAmount: '23400', repayUnlockAmount: '20'},
};
const FIELD_NAMES = /repayAmount|payInterest|repayLoanAmount|repayUnlockAmount|afterPledgeRate/;

describe('actionOutcome', () => {
	it('a full repayment closes the loan and says what was released', () => {
		const outcome = actionOutcome(repay, {kind: 'repay', repayAll: true, amount: ''}, undefined);
		expect(outcome.headline).toBe('Repaid in full — the loan is closed; 20.00000000 ETH released');
		expect(outcome.rows).toContainEqual(['Paid', '23,400.8190 USDT']);
		expect(JSON.stringify(outcome)).not.toMatch(FIELD_NAMES);
		// Read again and gone: closed, whatever was asked.
		expect(actionOutcome(repay, {kind: 'repay', repayAll: false, amount: '5'}, null).headline).toMatch(/^Repaid in full — the loan is closed/);
	});

	it('a part repayment keeps the loan open and says whether collateral was released', () => {
		const part = {...repay, result: {...repay.result, repayAmount: '250', repayUnlockAmount: '0'}};
		expect(actionOutcome(part, {kind: 'repay', repayAll: false, amount: '250'}, undefined).headline).toBe(
			'Repaid 250.0000 USDT — the loan stays open; collateral kept',
		);
	});

	it('a collateral change says the amount and the LTV now', () => {
		const revise = {kind: 'revisePledge' as const, result: {loanCoin: 'USDT', pledgeCoin: 'ETH', afterPledgeRate: '0.7767'}};
		const outcome = actionOutcome(revise, {kind: 'withdraw', repayAll: false, amount: '0.5'}, undefined);
		expect(outcome.headline).toBe('Withdrew 0.50000000 ETH of collateral — LTV now 77.67%');
		expect(JSON.stringify(outcome)).not.toMatch(FIELD_NAMES);
		expect(actionOutcome(revise, {kind: 'add', repayAll: false, amount: '4'}, undefined).headline).toBe('Added 4.00000000 ETH of collateral — LTV now 77.67%');
	});
});
