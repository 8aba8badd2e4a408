// Loan codes in words, and the list filter's matching.
import {describe, expect, it} from 'vitest';
import {loanStatusClosed, loanStatusWords, periodWords} from '../../source/format/loan-words.js';
import {filterTerms, rowMatches} from '../../source/format/row-filter.js';

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
		const row = '△ near margin call  23,400 USDT  20.0 ETH  1130000000000000002 USDT ETH';
		for (const query of ['', 'eth', 'eth usdt', 'ETH/USDT', 'margin-call', '1130000000000000002']) expect(rowMatches(row, filterTerms(query)), query).toBe(true);
		for (const query of ['btc', 'eth btc']) expect(rowMatches(row, filterTerms(query)), query).toBe(false);
	});
});
