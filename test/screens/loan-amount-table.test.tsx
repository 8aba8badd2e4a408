// The table of an estimate by loan amount, drawn alone: a check that disagrees beyond the server's rounding shows both
// answers for that period (operations/plan-words.ts loanAmountCheckWords); at 60 columns every row fits.
import React from 'react';
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import type {LoanAmountEstimate} from '../../source/operations/loan-amount-estimate.js';
import {LoanAmountTable} from '../../source/screens/estimate/estimate-table.js';
import {makeTheme} from '../../source/ui/theme.js';
import {plain} from '../helpers/ink.js';

const agreeing: LoanAmountEstimate = {
	pledgeAmount: '0.15873016',
	hourInterest: '0.0617',
	derived: true,
	reference: {pledgeAmount: '1', estimate: {loanAmount: '63000', hourInterest: '0.38871'}},
	check: {estimate: {loanAmount: '10000.00008', hourInterest: '0.0617'}, agrees: true},
};
// The server lends less at the derived pledge than the scaling promised (say, the price moved between the two).
const disagreeing: LoanAmountEstimate = {...agreeing, check: {estimate: {loanAmount: '9500', hourInterest: '0.058615'}, agrees: false}};

const draw = (thirty: LoanAmountEstimate, width: number) =>
	plain(
		render(
			<LoanAmountTable
				results={{SEVEN: {ok: true, value: agreeing}, THIRTY: {ok: true, value: thirty}, FLEXIBLE: {ok: false, error: new Error('no answer')}}}
				periods={['SEVEN', 'THIRTY', 'FLEXIBLE']}
				selected="SEVEN"
				loanCoin="USDT"
				pledgeCoin="BTC"
				loanAmount="10000"
				theme={makeTheme(true)}
				stale={false}
				width={width}
			/>,
		).lastFrame(),
	);

describe('the table by loan amount', () => {
	it('all checks agreeing: one line says so', () => {
		const frame = draw(agreeing, 100);
		expect(frame).toMatch(/Collateral needed \(BTC\)\s+0\.15873016\s+0\.15873016\s+—/);
		expect(frame).toContain('Collateral derived from one estimate; a second agrees.');
		expect(frame).toContain('✗ flexible term: No answer');
	});

	it('a period whose check disagrees beyond rounding shows the derived and the checked answer', () => {
		const frame = draw(disagreeing, 100).replace(/\s*\n\s*/g, ' ');
		expect(frame).toContain('checked with a second:');
		expect(frame).toContain(
			'30 days: DISAGREES beyond rounding: derived 10,000.0000 USDT at 0.0617 USDT per hour from 1.00000000 BTC → 63,000.0000 USDT; at 0.15873016 BTC the server lends 9,500.0000 USDT, 0.0586 USDT per hour',
		);
		expect(frame).not.toContain('7 days: DISAGREES');
	});

	it('fits 60 columns: the collateral label shortened', () => {
		const frame = draw(agreeing, 60);
		for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
		expect(frame).toMatch(/^Collateral \(BTC\)\s+0\.15873016/m);
	});
});
