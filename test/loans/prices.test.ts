import Big from 'big.js';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import type {OngoingLoan} from '../../source/api/loan-types.js';
import {ongoingLoan} from '../helpers/loans.js';
import {checkCollateralChange} from '../../source/loans/ltv.js';
import {collateralFor, initialLtvOf, ltvPrices, pairPrice, priceAtLtv, quotePrice, tickerBook} from '../../source/loans/prices.js';
import {collateralToAdd, collateralToWithdraw, maxWithdrawable, repaymentToLtv} from '../../source/loans/targets.js';
import {repayPreview} from '../../source/loans/repay-preview.js';

const rounded = (value: string, decimals: number) => new Big(value).toFixed(decimals, Big.roundHalfUp);
const tick = (symbol: string, lastPr: string, ts = 1_000) => ({symbol, lastPr, ts: String(ts)});

describe('the hand-checked loan: BTC at 90,000 USDT, initial LTV 70 %, call 75 %, liquidation 83 %', () => {
	it('10,000 USDT needs 0.15873016 BTC; margin call at 84,000.00, liquidation at 75,903.61', () => {
		expect(collateralFor('10000', '90000', '0.7')).toBe('0.15873016');
		const prices = ltvPrices('90000', '0.7', '0.75', '0.83');
		expect(rounded(prices.marginCallPrice, 2)).toBe('84000.00');
		expect(rounded(prices.liquidationPrice, 2)).toBe('75903.61');
		// 90,000 × 70 / 83, and the falls: 1 − 0.7/0.75 and 1 − 0.7/0.83.
		expect(new Big(prices.liquidationPrice).round(8).eq(new Big(90000).times(70).div(83).round(8))).toBe(true);
		expect(rounded(prices.marginCallDistance, 4)).toBe('0.0667');
		expect(rounded(prices.liquidationDistance, 4)).toBe('0.1566');
	});

	it('the pledge it needs starts at (just under) the initial LTV', () => {
		const ltv = initialLtvOf('10000', '0.15873016', '90000');
		expect(new Big(ltv).lte('0.7')).toBe(true);
		expect(new Big(ltv).gte('0.69999999')).toBe(true);
	});
});

describe('price at an LTV: P × L / T', () => {
	it('at that price the LTV is the target (LTV ∝ 1/price), for any LTVs', () => {
		fc.assert(
			fc.property(fc.integer({min: 1, max: 10_000_000}), fc.integer({min: 1, max: 99}), fc.integer({min: 1, max: 99}), (p, l, t) => {
				const price = String(p);
				const ltv = String(l / 100);
				const target = String(t / 100);
				const at = priceAtLtv(price, ltv, target);
				// LTV at the new price = L × P / P'.
				const reached = new Big(ltv).times(price).div(at);
				return reached.minus(target).abs().lt('0.0000001');
			}),
		);
	});

	it('refuses a target of 0', () => {
		expect(() => priceAtLtv('1', '0.5', '0')).toThrow(RangeError);
	});
});

describe('the price of a pledge coin in the loan coin', () => {
	const book = tickerBook([tick('BTCUSDT', '90000', 5_000), tick('ETHUSDT', '3000', 4_000), tick('ETHBTC', '0.034', 6_000), tick('DOGEUSDT', '0')]);

	it('the direct pair when it has a ticker', () => {
		expect(pairPrice(book, 'ETH', 'BTC')).toEqual({base: 'ETH', quote: 'BTC', price: '0.034', source: 'direct', symbols: ['ETHBTC'], at: 6_000});
		expect(pairPrice(book, 'BTC', 'USDT')).toMatchObject({price: '90000', source: 'direct'});
	});

	it('else the ratio of both USDT prices, as of the older ticker', () => {
		expect(pairPrice(book, 'BTC', 'ETH')).toEqual({base: 'BTC', quote: 'ETH', price: '30', source: 'usdt', symbols: ['BTCUSDT', 'ETHUSDT'], at: 4_000});
		expect(pairPrice(book, 'USDT', 'BTC')).toMatchObject({price: '0.000011111111', source: 'usdt', symbols: ['BTCUSDT']});
	});

	it('no price when neither can be read (a zero price is none): never invented', () => {
		expect(pairPrice(book, 'SOL', 'USDT')).toBeUndefined();
		expect(pairPrice(book, 'DOGE', 'USDT')).toBeUndefined();
		expect(pairPrice(book, 'BTC', 'SOL')).toBeUndefined();
		expect(pairPrice(tickerBook([]), 'BTC', 'USDT')).toBeUndefined();
	});

	it('is stale when older than 60 s', () => {
		const read = {ok: true as const, book};
		expect(quotePrice(read, 'BTC', 'USDT', 65_000)).toMatchObject({status: 'ok', ageMs: 60_000, stale: false});
		expect(quotePrice(read, 'BTC', 'USDT', 65_001)).toMatchObject({status: 'ok', stale: true});
		expect(quotePrice(read, 'USDT', 'USDT', 1e12)).toMatchObject({status: 'ok', price: '1', stale: false});
		expect(quotePrice(read, 'SOL', 'USDT', 0)).toEqual({status: 'no price'});
		expect(quotePrice({ok: false, problem: 'HTTP 500'}, 'BTC', 'USDT', 0)).toEqual({status: 'unavailable', problem: 'HTTP 500'});
	});
});

const loan = (over: Partial<OngoingLoan> = {}): OngoingLoan => ongoingLoan({hourInterestRate: '0.0000062', ...over});

describe('amounts that reach a target LTV', () => {
	it('add: 0.1 BTC at 70 % needs 0.01666667 more for 60 %', () => {
		expect(collateralToAdd(loan(), '0.6')).toEqual({ok: true, amount: '0.01666667', ltvAfter: '0.6'});
		const check = checkCollateralChange(loan(), 'add', '0.01666667');
		expect(check.ok && new Big(check.after).lte('0.6')).toBe(true);
		expect(collateralToAdd(loan(), '0.7')).toMatchObject({ok: false, reason: expect.stringContaining('nothing to add')});
	});

	it('withdraw: 0.1 BTC at 50 % can give up 0.02307692 for 65 %; never at or above the margin call', () => {
		const calm = loan({pledgeRate: '0.5'});
		const out = collateralToWithdraw(calm, '0.65');
		expect(out).toMatchObject({ok: true, amount: '0.02307692'});
		expect(out.ok && new Big(out.ltvAfter).lte('0.65')).toBe(true);
		expect(collateralToWithdraw(calm, '0.8')).toMatchObject({ok: false, reason: expect.stringContaining('margin-call LTV of 80.00%')});
		expect(collateralToWithdraw(calm, '0.4')).toMatchObject({ok: false, reason: expect.stringContaining('nothing can be withdrawn')});
		expect(collateralToWithdraw(calm, '1.2')).toMatchObject({ok: false});
	});

	it('max withdrawable keeps the LTV 5 points (or the margin given) below the margin call', () => {
		const calm = loan({pledgeRate: '0.5'});
		expect(maxWithdrawable(calm)).toEqual({amount: '0.03333333', ltvAfter: '0.75', limit: '0.75'});
		expect(maxWithdrawable(calm, '0.1')).toMatchObject({amount: '0.02857142', limit: '0.7'});
		expect(maxWithdrawable(loan({pledgeRate: '0.76'}))).toEqual({amount: '0', ltvAfter: '0.76', limit: '0.75'});
		fc.assert(
			fc.property(fc.integer({min: 1, max: 74}), fc.integer({min: 1, max: 100_000}), (l, p) => {
				const figures = loan({pledgeRate: String(l / 100), pledgeAmount: String(p / 1000)});
				const max = maxWithdrawable(figures);
				if (max.amount === '0') return true;
				const check = checkCollateralChange(figures, 'withdraw', max.amount);
				return check.ok && new Big(check.after).lte('0.75');
			}),
		);
	});

	it('repay: 7,000 owed at 70 % takes 2,000 to reach 50 % (the collateral kept), interest included', () => {
		expect(repaymentToLtv(loan(), '0.5')).toEqual({ok: true, amount: '2000', ltvAfter: '0.5'});
		const owing = loan({loanAmount: '6990', interestAmount: '10'});
		const pay = repaymentToLtv(owing, '0.5');
		expect(pay).toMatchObject({ok: true, amount: '2000'});
		const preview = repayPreview(owing, {all: false, amount: pay.ok ? pay.amount : '0', unlock: false});
		expect(preview.ok && preview.ltvAfter).toBe('0.5');
		expect(repaymentToLtv(loan(), '0.7')).toMatchObject({ok: false, reason: expect.stringContaining('nothing to repay')});
	});
});
