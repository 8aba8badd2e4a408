import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {
	alignRight,
	aprPercent,
	coinAmount,
	coinDecimals,
	differsWhenShown,
	fallPercent,
	groupThousands,
	hourlyRate,
	ltvPercent,
	withCoin,
} from '../../source/format/money.js';

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

describe('an amount in a coin: one way, at the coin precision', () => {
	it('writes the defects of the walk-through one way', () => {
		// Collateral: "20.00000000 ETH" in the list and "20 ETH" in the detail before.
		expect(withCoin('20', 'ETH')).toBe('20.00000000 ETH');
		expect(withCoin('20.00000000', 'ETH')).toBe('20.00000000 ETH');
		// Borrowed: "23,400.0000" and "23,400.000" before; the CLI "18760", the app "18,760".
		expect(withCoin('23400', 'USDT')).toBe('23,400.0000 USDT');
		expect(withCoin('23400.000', 'USDT')).toBe('23,400.0000 USDT');
		expect(coinAmount('18760', 'USDT')).toBe('18,760.0000');
	});

	it('depends only on the value and the coin, never on the neighbours or the spelling of the value', () => {
		fc.assert(
			fc.property(
				fc.bigInt({min: 0n, max: 10n ** 20n}),
				fc.nat({max: 99_999_999}),
				fc.nat({max: 4}),
				fc.constantFrom('USDT', 'BTC', 'ETH', 'usdc', 'XYZ'),
				(whole, fraction, zeros, coin) => {
					const text = `${whole}.${String(fraction).padStart(8, '0')}`;
					expect(coinAmount(`${text}${'0'.repeat(zeros)}`, coin)).toBe(coinAmount(text, coin));
					const shown = coinAmount(text, coin);
					if (!shown.startsWith('<')) expect(shown.split('.')[1]).toHaveLength(coinDecimals(coin));
				},
			),
		);
	});

	it('rounds half up, and says "<" rather than 0 for an amount above zero', () => {
		expect(coinAmount('0.00005', 'USDT')).toBe('0.0001');
		expect(coinAmount('0.00004', 'USDT')).toBe('<0.0001');
		expect(coinAmount('0', 'USDT')).toBe('0.0000');
		expect(coinAmount('0.123456789', 'BTC')).toBe('0.12345679');
	});

	it('shows a dash for a missing or malformed value', () => {
		expect(coinAmount(undefined, 'USDT')).toBe('—');
		expect(coinAmount('1e5', 'USDT')).toBe('—');
	});

	it('pads by characters, not bytes', () => {
		expect(alignRight(['—', '100'])).toEqual(['  —', '100']);
	});
});

describe('rates and ratios', () => {
	it("an hourly rate at 6 decimals: Bitget's 0.000229 %/h is 0.000229%, never 0.00023%", () => {
		// The wire sends 0.000229 (percent per hour); loan-schemas.ts makes it the fraction 0.00000229.
		expect(hourlyRate('0.00000229')).toBe('0.000229%');
		expect(hourlyRate('0.00000617')).toBe('0.000617%');
		expect(hourlyRate('0.000007')).toBe('0.000700%');
		expect(hourlyRate(undefined)).toBe('—');
	});

	it('LTVs, APRs and price falls at 2 decimals', () => {
		expect(ltvPercent('0.757319')).toBe('75.73%');
		expect(ltvPercent('0.8')).toBe('80.00%');
		expect(aprPercent('0.054')).toBe('5.40%');
		expect(aprPercent('0.05612')).toBe('5.61%');
		expect(fallPercent('0.125')).toBe('12.50%');
		expect(aprPercent('abc')).toBe('—');
	});

	it('tell apart only rates that differ once shown', () => {
		expect(differsWhenShown('0.05401', '0.05399')).toBe(false);
		expect(differsWhenShown('0.054', '0.0561')).toBe(true);
	});
});
