import {describe, expect, it} from 'vitest';
import {didYouMean, editDistance, suggest} from '../../source/format/suggest.js';

describe('did you mean', () => {
	it('counts a swap of two letters as one edit', () => {
		expect(editDistance('histroy', 'history')).toBe(1);
		expect(editDistance('borow', 'borrow')).toBe(1);
		expect(editDistance('BTC', 'btc')).toBe(0);
	});

	it('offers the near words and the ones the typed word starts, nearest first, at most three', () => {
		expect(suggest('borow', ['symbols', 'borrow', 'loans'])).toEqual(['borrow']);
		expect(suggest('--dayly', ['--daily', '--days', '--all'])).toEqual(['--daily', '--days']);
		expect(suggest('btcusd', ['BTCUSDT', 'BTCUSDC', 'ETHUSDT', 'ETCUSDT', 'BTCEUR'])).toEqual(['BTCUSDC', 'BTCUSDT', 'ETCUSDT']);
		expect(suggest('zzz', ['BTC', 'ETH'])).toEqual([]);
		expect(suggest('', ['BTC'])).toEqual([]);
	});

	it('says it in words, or nothing', () => {
		expect(didYouMean('borow', ['borrow'])).toBe(' (did you mean borrow?)');
		expect(didYouMean('loanz', ['loans', 'repayments'])).toBe(' (did you mean loans?)');
		expect(didYouMean('usdtx', ['USDT', 'USDC', 'USDTE'])).toBe(' (did you mean USDT or USDTE?)');
		expect(didYouMean('btcusd', ['BTCUSDT', 'BTCUSDC', 'ETCUSDT'])).toBe(' (did you mean BTCUSDC, BTCUSDT or ETCUSDT?)');
		expect(didYouMean('qqq', ['borrow'])).toBe('');
	});
});
