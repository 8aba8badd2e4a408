import {describe, expect, it} from 'vitest';
import {annualRate, lowestRate, showAnnualRate} from '../../source/format/apr.js';

describe('annual rate', () => {
	it('derives the rate from an estimate whose interest carries enough digits', () => {
		const rate = annualRate({loanAmount: '18760', hourInterest: '0.1157492'}, '0.054');
		expect(rate.source).toBe('estimate');
		expect(showAnnualRate(rate)).toBe('5.40%');
	});

	it('falls back to the official rate (or "—") when the interest rounds to nothing or to a digit or two', () => {
		expect(showAnnualRate(annualRate({loanAmount: '0.0002', hourInterest: '0'}, '0.054'))).toBe('5.40% official');
		expect(showAnnualRate(annualRate({loanAmount: '0.02', hourInterest: '0.00000001'}, '0.054'))).toBe('5.40% official');
		expect(showAnnualRate(annualRate({loanAmount: '0.0002', hourInterest: '0'}))).toBe('—');
		expect(showAnnualRate(annualRate({loanAmount: '0', hourInterest: '0'}))).toBe('—');
		expect(annualRate({loanAmount: '1000', hourInterest: '2'}).source).toBe('estimate');
	});

	it('marks the lowest only when it is lower once shown, and only among two or more', () => {
		const r = (fraction: string) => ({fraction, source: 'estimate' as const});
		expect(lowestRate([r('0.054'), r('0.0561'), r('0.0613')])).toBe(0);
		expect(lowestRate([r('0.054001'), r('0.054003'), r('0.0613')])).toBe(-1);
		expect(lowestRate([r('0.06'), {source: 'none'}, {source: 'none'}])).toBe(-1);
		expect(lowestRate([{source: 'none'}, r('0.07'), r('0.05')])).toBe(2);
	});
});
