import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {checkAmount, checkCoin, checkPeriod, checkSymbol} from '../../source/api/validate.js';

describe('amounts', () => {
	it.each([
		['1', '1'],
		['007.50', '7.5'],
		[' 0.2 ', '0.2'],
		['100.000', '100'],
		['0.000000000000000001', '0.000000000000000001'],
		['123456789012345678901234567890', '123456789012345678901234567890'],
		['000000000000.000000000000000001', '0.000000000000000001'],
	])('accepts %j as %j', (input, canonical) => {
		expect(checkAmount(input)).toEqual({ok: true, value: canonical});
	});

	it.each([
		'',
		'   ',
		'0',
		'0.0',
		'000',
		'-1',
		'+1',
		'1e3',
		'1E-3',
		'1,5',
		'1 000',
		'0x10',
		'NaN',
		'Infinity',
		'-Infinity',
		'.5',
		'5.',
		'1.2.3',
		'١٢٣',
		'１２',
		'0.0000000000000000001',
		'1234567890123456789012345678901',
		'abc',
		'1_000',
		'½',
	])('rejects %j', (input) => {
		const checked = checkAmount(input, 'pledge amount');
		expect(checked.ok).toBe(false);
		if (!checked.ok) expect(checked.message).toMatch(/^pledge amount /);
	});

	it('never accepts a string outside the decimal grammar, and canonical output is a fixed point', () => {
		fc.assert(
			fc.property(fc.string({unit: 'binary', maxLength: 40}), (text) => {
				const checked = checkAmount(text);
				if (!checked.ok) return;
				expect(text.trim()).toMatch(/^\d+(\.\d+)?$/);
				expect(checkAmount(checked.value)).toEqual(checked);
				expect(checked.value).not.toMatch(/^0\d|\.\d*0$|^0$/);
			}),
			{numRuns: 3000},
		);
	});

	it('accepts every well-formed positive amount within the digit limits', () => {
		const digits = (min: number, max: number) => fc.string({unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max});
		fc.assert(
			fc.property(digits(1, 12), fc.option(digits(1, 18)), (integer, fraction) => {
				const text = fraction === null ? integer : `${integer}.${fraction}`;
				const positive = /[1-9]/.test(text);
				expect(checkAmount(text).ok).toBe(positive);
			}),
			{numRuns: 3000},
		);
	});
});

describe('coins, symbols and periods', () => {
	it('normalises coins and rejects anything else', () => {
		expect(checkCoin(' btc ')).toEqual({ok: true, value: 'BTC'});
		for (const bad of ['', 'BTC-USDT', 'B T C', 'ÄÖ', 'A'.repeat(21), '$BTC']) expect(checkCoin(bad).ok).toBe(false);
		// Letters that upper-case into ASCII ("ﬁl" → "FIL", "ß" → "SS", dotless "ı" → "I") are not coins.
		for (const bad of ['ﬁl', 'ß', 'usdı', 'ﬀ', 'ǆ']) expect(checkCoin(bad), bad).toEqual({ok: false, message: expect.stringContaining('ASCII')});
		for (const bad of ['ﬁlusdt', 'btc/uſdt']) expect(checkSymbol(bad).ok, bad).toBe(false);
	});

	it('accepts common ways to write a pair', () => {
		for (const input of ['BTCUSDT', 'btc/usdt', 'BTC-USDT', 'btc_usdt']) expect(checkSymbol(input)).toEqual({ok: true, value: 'BTCUSDT'});
		expect(checkSymbol('BTC?USDT').ok).toBe(false);
	});

	it.each([
		['SEVEN', 'SEVEN'],
		['7', 'SEVEN'],
		['thirty', 'THIRTY'],
		['30', 'THIRTY'],
		['Flexible', 'FLEXIBLE'],
	])('period %j is %j', (input, period) => expect(checkPeriod(input)).toEqual({ok: true, value: period}));

	it.each(['', '14', 'SEVENTY', 'weekly', '7d'])('period %j is rejected', (input) => expect(checkPeriod(input).ok).toBe(false));
});

describe('validators (property-based)', () => {
	it('coins: accepted exactly when, trimmed, they are 1-20 ASCII letters or digits (checked before upper-casing)', () => {
		fc.assert(
			fc.property(fc.string({unit: 'binary', maxLength: 30}), (text) => {
				const checked = checkCoin(text);
				expect(checked.ok).toBe(/^[A-Za-z0-9]{1,20}$/.test(text.trim()));
				if (checked.ok) expect(checkCoin(checked.value)).toEqual(checked);
			}),
			{numRuns: 5000},
		);
		fc.assert(
			fc.property(fc.stringMatching(/^[a-zA-Z0-9]{1,20}$/), (coin) => {
				expect(checkCoin(` ${coin} `)).toEqual({ok: true, value: coin.toUpperCase()});
			}),
		);
	});

	it('periods: only the three names and their aliases, any case', () => {
		const accepted = new Set(['SEVEN', '7', 'THIRTY', '30', 'FLEXIBLE']);
		fc.assert(
			fc.property(fc.oneof(fc.string({maxLength: 10}), fc.constantFrom('seven', 'Thirty', ' 7 ', 'flexible', '30')), (text) => {
				expect(checkPeriod(text).ok).toBe(accepted.has(text.trim().toUpperCase()));
			}),
			{numRuns: 3000},
		);
	});

	it('symbols: accepted only as letters and digits once separators are dropped', () => {
		fc.assert(
			fc.property(fc.string({unit: 'binary', maxLength: 50}), (text) => {
				const checked = checkSymbol(text);
				if (checked.ok) expect(checked.value).toMatch(/^[A-Z0-9]{2,40}$/);
				else expect(text.trim().replace(/[/_-]/g, '')).not.toMatch(/^[A-Za-z0-9]{2,40}$/);
			}),
			{numRuns: 3000},
		);
	});
});
