import Big from 'big.js';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {fitNumber} from '../../source/format/fit.js';

describe('fitNumber: no silent cut', () => {
	it('keeps what fits, marks what does not', () => {
		expect(fitNumber('216.2654', 17)).toBe('216.2654');
		expect(fitNumber('216.26543210987', 9)).toBe('216.2654…');
		expect(fitNumber('98765432109876543210', 17)).toBe('9.8765432109…e+19');
		expect(fitNumber('98765432109876543210.5', 21)).toBe('98765432109876543210…');
		expect(fitNumber('0.1%', 3)).toBe('0.…');
	});

	it('never shows a prefix as if it were the number: the shown value keeps the magnitude of the real one', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^[1-9]\d{0,39}(\.\d{1,20})?$/), fc.integer({min: 10, max: 30}), (text, width) => {
				const shown = fitNumber(text, width);
				expect(shown.length).toBeLessThanOrEqual(width);
				if (shown === text) return;
				expect(shown).toContain('…');
				const readable = shown.replace('…', '');
				// What the eye reads is within a factor of 10 of the real value, never 1000 times smaller.
				const ratio = new Big(text).div(new Big(readable));
				expect(ratio.gte(1)).toBe(true);
				expect(ratio.lt(10)).toBe(true);
			}),
			{numRuns: 2000},
		);
	});
});
