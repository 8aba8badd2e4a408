import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {alignRight, amount, amountColumn, differsWhenShown, fixedPercent, groupThousands, significantDecimals} from '../../source/format/money.js';

describe('groupThousands', () => {
	it('groups the whole part only, keeping sign and fraction', () => {
		expect(groupThousands('1234567.891234')).toBe('1,234,567.891234');
		expect(groupThousands('-1000')).toBe('-1,000');
		expect(groupThousands('999')).toBe('999');
		expect(groupThousands('0.00001')).toBe('0.00001');
		expect(groupThousands('98765432109876543')).toBe('98,765,432,109,876,543');
	});

	it('leaves anything that is not a plain decimal as it is', () => {
		expect(groupThousands('1E-8')).toBe('1E-8');
		expect(groupThousands('—')).toBe('—');
	});

	it('never changes the digits: removing the commas gives the input back', () => {
		fc.assert(
			fc.property(fc.bigInt({min: -(10n ** 30n), max: 10n ** 30n}), fc.nat({max: 99999}), (whole, fraction) => {
				const text = `${whole}.${fraction}`;
				const grouped = groupThousands(text);
				expect(grouped.replaceAll(',', '')).toBe(text);
				// No group of more than three digits before the dot.
				expect(grouped.split('.')[0]).toMatch(/^-?\d{1,3}(,\d{3})*$/);
			}),
		);
	});
});

describe('amounts in columns', () => {
	it('gives every cell the same decimals and width, right-aligned', () => {
		const column = amountColumn(['1234.5', '0.25', '10'], {maxDecimals: 8});
		expect(column).toEqual(['1,234.50', '    0.25', '   10.00']);
	});

	it('uses the coin precision when given, rounding half up', () => {
		expect(amountColumn(['0.123456', '2'], {decimals: 4})).toEqual(['0.1235', '2.0000']);
	});

	it('caps the decimals of a column without a precision', () => {
		expect(amountColumn(['0.123456789012', '1'], {maxDecimals: 6})).toEqual(['0.123457', '1.000000']);
	});

	it('shows a dash for a missing value, aligned with the rest', () => {
		expect(amountColumn([undefined, '12.5'])).toEqual(['   —', '12.5']);
	});

	it('counts significant decimals after trailing zeros are dropped', () => {
		expect(significantDecimals('1.2300')).toBe(2);
		expect(significantDecimals('100')).toBe(0);
		expect(amount('1e', 2)).toBe('—');
	});

	it('pads by characters, not bytes', () => {
		expect(alignRight(['—', '100'])).toEqual(['  —', '100']);
	});
});

describe('percentages', () => {
	it('have a fixed precision', () => {
		expect(fixedPercent('0.054')).toBe('5.40%');
		expect(fixedPercent('0.05612')).toBe('5.61%');
		expect(fixedPercent('0')).toBe('0.00%');
		expect(fixedPercent(undefined)).toBe('—');
		expect(fixedPercent('abc')).toBe('—');
	});

	it('tell apart only rates that differ once shown', () => {
		expect(differsWhenShown('0.05401', '0.05399')).toBe(false);
		expect(differsWhenShown('0.054', '0.0561')).toBe(true);
	});
});
