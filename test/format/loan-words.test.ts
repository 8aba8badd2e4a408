// Loan codes in words, the list filter's matching, the risk symbols beside the words, and the LTV gauge.
import {describe, expect, it} from 'vitest';
import {loanStatusClosed, loanStatusWords, periodWords} from '../../source/format/loan-words.js';
import {filterTerms, rowMatches} from '../../source/format/row-filter.js';
import {eastAsianWidth} from 'get-east-asian-width';
import {ltvGauge, RISK_SYMBOL} from '../../source/format/loans.js';

describe('loan words', () => {
	it('statuses and periods in words; unknown values as sent', () => {
		expect(['ROLLBACK', 'FORCE', 'REPAY', 'repay', 'BORROWING'].map(loanStatusWords)).toEqual(['failed', 'liquidated', 'repaid', 'repaid', 'open']);
		expect(loanStatusWords('PAUSED')).toBe('PAUSED');
		expect(['SEVEN', 'THIRTY', 'FLEXIBLE', '7', '30'].map(periodWords)).toEqual(['7 days', '30 days', 'flexible', '7 days', '30 days']);
		expect(periodWords('NINETY')).toBe('NINETY');
		expect(loanStatusClosed('REPAY') && loanStatusClosed('force') && loanStatusClosed('ROLLBACK')).toBe(true);
		expect(loanStatusClosed('BORROWING')).toBe(false);
	});

	it('a row matches when it has every word; / - _ and case are ignored', () => {
		const row = '▴ MARGIN CALL  23,400 USDT  20.0 ETH  1130000000000000002 USDT ETH';
		for (const query of ['', 'eth', 'eth usdt', 'ETH/USDT', 'margin-call', '1130000000000000002'])
			expect(rowMatches(row, filterTerms(query)), query).toBe(true);
		for (const query of ['btc', 'eth btc']) expect(rowMatches(row, filterTerms(query)), query).toBe(false);
	});
});

describe('risk symbols', () => {
	it('take one column in every terminal: none is East Asian wide or ambiguous (a CJK-locale terminal draws those two wide and the Loans columns slip)', () => {
		for (const symbol of Object.values(RISK_SYMBOL)) {
			for (const char of symbol) expect(eastAsianWidth(char.codePointAt(0)!, {ambiguousAsWide: true}), symbol).toBe(1);
		}
	});
});

describe('the LTV gauge', () => {
	it('draws the LTV against the marks with the numbers beside it; a live projection says so beside the number, the bar the same', () => {
		const loan = {pledgeRate: '0.7', supRate: '0.8', forceRate: '0.9'};
		expect(ltvGauge(loan, 10)).toBe('[#######.|!] LTV 70.00% / call 80.00% / liq 90.00%');
		expect(ltvGauge(loan, 10, true)).toBe('[#######.|!] LTV ≈70.00% (live) / call 80.00% / liq 90.00%');
	});
});
