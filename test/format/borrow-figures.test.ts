// The LTV a new loan starts at is one figure everywhere: the pledge coin's initial LTV (Bitget sizes the loan at it),
// as the Coins screen shows it, never the estimate's amounts over a price read at another moment.
import {describe, expect, it} from 'vitest';
import {borrowFigures} from '../../source/format/borrow-figures.js';

const quote = (price: string) => ({status: 'ok' as const, price, base: 'BTC', quote: 'USDT', source: 'direct' as const, symbols: ['BTCUSDT'], stale: false});
const pledgeInfo = {initRate: '0.7', supRate: '0.8', forceRate: '0.9'};
// 1,000 USDT against 0.05330491 BTC: the collateral an estimate took at 26,800.
const input = {
	loanCoin: 'USDT',
	pledgeCoin: 'BTC',
	daily: 'THIRTY' as const,
	loanAmount: '1000',
	pledgeAmount: '0.05330491',
	pledgeInfo,
	now: 1_800_000_000_000,
};

describe('the LTV a borrow starts at', () => {
	it('is the coin initial LTV, whatever the price read beside the estimate; the marks follow from it at that price', () => {
		// BTC read at 28,800 (the estimate saw 26,800): the amounts over it would say 65.15 %.
		const figures = borrowFigures({...input, price: quote('28800')});
		expect(figures.startLtv).toBe('70.00%');
		expect(figures.marginCall).toEqual({ltv: '80.00%', at: '25,200.0000 USDT, 12.50% below'});
		expect(figures.liquidation).toEqual({ltv: '90.00%', at: '22,400.0000 USDT, 22.22% below'});
	});

	it('without the coin list, from the amounts at the price', () => {
		const figures = borrowFigures({...input, pledgeInfo: undefined, price: quote('26800')});
		expect(figures.startLtv).toBe('70.00%');
		expect(figures.marginCall).toBeUndefined();
	});
});
