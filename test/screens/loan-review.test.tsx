// The loan detail's review drawn alone, at fixed times: the repayment's interest is an estimate that counts every hour
// started since the loan was read (a review stays open while a person decides), and the collateral review names the
// collateral after the change.
import React from 'react';
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import type {OngoingLoan} from '../../source/api/loan-types.js';
import {initialLoanAction, type LoanActionState} from '../../source/screens/loan/reducer.js';
import {LoanReview} from '../../source/screens/loan/review.js';
import {makeTheme} from '../../source/ui/theme.js';
import {plain} from '../helpers/ink.js';

const HOUR = 3_600_000;
const borrowTime = 1_800_000_000_000;
// The demo's tight loan as read 4 h 30 min after borrowing: five hours charged, 0.1638 USDT each (23,400 × 0.000007).
const loan: OngoingLoan = {
	orderId: '1130000000000000002',
	loanCoin: 'USDT',
	loanAmount: '23400',
	interestAmount: '0.819',
	hourInterestRate: '0.000007',
	pledgeCoin: 'ETH',
	pledgeAmount: '20',
	pledgeRate: '0.7573',
	supRate: '0.8',
	forceRate: '0.9',
	borrowTime: String(borrowTime),
	expireTime: '0',
};
const readAt = borrowTime + 4.5 * HOUR;

const draw = (state: LoanActionState, serverNow: number) =>
	plain(
		render(
			<LoanReview state={state} loan={loan} connectedTo="demo" confirmAgain={false} theme={makeTheme(true)} serverNow={serverNow} readAt={readAt} />,
		).lastFrame(),
	).replace(/\s+/g, ' ');

describe('the loan review', () => {
	const repayAll: LoanActionState = {...initialLoanAction, step: 'review', action: 'repay', repayAll: true};

	it('repay, sent in the hour it was read: the interest as read, an estimate', () => {
		const frame = draw(repayAll, readAt + 60_000);
		expect(frame).toContain('Repay everything: ≈ 23,400.8190 USDT (estimate)');
		expect(frame).toContain('Interest ≈ 0.8190 USDT (paid first; estimate)');
	});

	it('repay, left open past the start of the next hour: that hour is counted, and said', () => {
		// Read at 4 h 30 min, y at 5 h 10 min: the sixth hour started under the review.
		const frame = draw(repayAll, borrowTime + 5 * HOUR + 10 * 60_000);
		expect(frame).toContain('Repay everything: ≈ 23,400.9828 USDT (estimate)');
		expect(frame).toContain('Interest ≈ 0.9828 USDT (paid first; estimate, with the hour started since the loan was read, 0.1638 USDT)');
	});

	it('repay, an hour later and a minute before the next: both counted', () => {
		const frame = draw(repayAll, borrowTime + 6 * HOUR - 30_000);
		expect(frame).toContain(
			"Interest ≈ 1.1466 USDT (paid first; estimate, with the hour started since the loan was read, 0.1638 USDT and the next hour's 0.1638 USDT: it starts within a minute)",
		);
	});

	it('collateral: the amount the loan holds after the change, not only before', () => {
		const withdraw = draw({...initialLoanAction, step: 'review', action: 'withdraw', amount: '0.5'}, readAt);
		expect(withdraw).toContain('Withdraw 0.5 ETH (collateral 20.00000000 ETH → 19.50000000 ETH)');
		const add = draw({...initialLoanAction, step: 'review', action: 'add', amount: '2'}, readAt);
		expect(add).toContain('Add 2 ETH (collateral 20.00000000 ETH → 22.00000000 ETH)');
	});
});
