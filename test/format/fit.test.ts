import Big from 'big.js';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {fitNumber} from '../../source/format/fit.js';

describe('fitNumber: an exponent, never a prefix', () => {
	it('keeps what fits and writes what does not with an exponent', () => {
		expect(fitNumber('216.2654', 17)).toBe('216.2654');
		expect(fitNumber('216.26543210987', 9)).toBe('2.16265e2');
		expect(fitNumber('98765432109876543210', 17)).toBe('9.876543210988e19');
		expect(fitNumber('0.00000001', 5)).toBe('1e-8');
		// The Estimate of a pledge of 99999999999999: daily interest 2,777,980,799,999,970.0000 in a 12-wide column.
		expect(fitNumber('2,777,980,799,999,970.0000', 7)).toBe('2.78e15');
		expect(fitNumber('2,777,980,799,999,970.0000', 12)).toBe('2.7779808e15');
		// Text that is not a number is cut with a mark.
		expect(fitNumber('BTCUSDT_SPBL', 6)).toBe('BTCUS…');
	});

	it('never shows a prefix: what is shown is the number, rounded to the digits that fit', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^[1-9]\d{0,39}(\.\d{1,20})?$/), fc.integer({min: 6, max: 30}), (text, width) => {
				const shown = fitNumber(text, width);
				expect(shown.length).toBeLessThanOrEqual(width);
				expect(shown).not.toContain('…');
				// Read back, it is within half a unit of its last digit of the real value: never 10x or 1000x off.
				const real = new Big(text);
				const read = new Big(shown);
				expect(read.minus(real).abs().div(real).lt('0.5')).toBe(true);
			}),
			{numRuns: 2000},
		);
	});
});
