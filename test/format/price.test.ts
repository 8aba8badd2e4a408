import {describe, expect, it} from 'vitest';
import {coinAmount, withCoin} from '../../source/format/money.js';
import {markPrice, priceAmount, priceIn, priceWithAge} from '../../source/format/price.js';

describe('a price is an amount of the loan coin, written one way', () => {
	it('at the loan coin’s precision, grouped, as coinAmount writes it', () => {
		expect(priceAmount('26800', 'USDT')).toBe(coinAmount('26800', 'USDT'));
		expect(priceAmount('26800', 'USDT')).toBe('26,800.0000');
		expect(priceAmount('20844.444444444', 'USDT')).toBe('20,844.4444');
		expect(priceAmount('0.05186567164', 'BTC')).toBe('0.05186567');
		expect(priceIn('1390', 'USDT')).toBe(withCoin('1390', 'USDT'));
	});

	it('keeps five significant digits where the coin’s precision would lose them, never "<0.0001"', () => {
		expect(priceAmount('0.000012345678', 'USDT')).toBe('0.000012346');
		expect(priceAmount('0.12345678', 'USDT')).toBe('0.12346');
		expect(priceAmount('1.5452', 'USDT')).toBe('1.5452');
		expect(priceAmount('0', 'USDT')).toBe('0.0000');
		expect(priceAmount('not a number', 'USDT')).toBe('—');
	});

	it('with its age, and a mark price with its distance at 2 decimals', () => {
		expect(
			priceWithAge('BTC', 'USDT', {
				status: 'ok',
				base: 'BTC',
				quote: 'USDT',
				price: '26800',
				source: 'direct',
				symbols: ['BTCUSDT'],
				ageMs: 3_000,
				stale: false,
			}),
		).toBe('BTC 26,800.0000 USDT, 3 s ago');
		expect(markPrice('23450', '0.125', 'USDT')).toBe('23,450.0000 USDT, 12.50% below');
		expect(markPrice('27000', '-0.01', 'USDT')).toBe('27,000.0000 USDT, reached');
	});
});
