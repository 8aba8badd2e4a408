// A loan's prices as read: today's price of the pledge coin in the loan coin (with its age), and the margin-call and
// liquidation prices, P × L / T (loans/prices.ts), with how far each is from today's. Shared by the CLI and the
// screens; the tickers are read once by operations/prices.ts. A read that failed says "prices unavailable".
import type {OngoingLoan} from '../api/loan-types.js';
import {ltvPrices, quotePrice, type PriceQuote, type PriceRead} from '../loans/prices.js';
import {markPrice, priceWithAge} from './price.js';

export interface LoanPrices {
	price: PriceQuote;
	/** "BTC 26,800 USDT, 2 s ago" */
	now: string;
	/** "23,450.0000 USDT, 12.50% below"; undefined without a price. */
	marginCall?: string;
	liquidation?: string;
}

type PricedLoan = Pick<OngoingLoan, 'pledgeCoin' | 'loanCoin' | 'pledgeRate' | 'supRate' | 'forceRate'>;

/** The loan's prices at its LTV (or at `ltv`, an LTV it would have after a change) at server time `now`. */
export function loanPrices(prices: PriceRead, loan: PricedLoan, now: number, ltv = loan.pledgeRate): LoanPrices {
	const price = quotePrice(prices, loan.pledgeCoin, loan.loanCoin, now);
	const shown = priceWithAge(loan.pledgeCoin, loan.loanCoin, price);
	if (price.status !== 'ok') return {price, now: shown};
	const marks = ltvPrices(price.price, ltv, loan.supRate, loan.forceRate);
	return {
		price,
		now: shown,
		marginCall: markPrice(marks.marginCallPrice, marks.marginCallDistance, loan.loanCoin),
		liquidation: markPrice(marks.liquidationPrice, marks.liquidationDistance, loan.loanCoin),
	};
}

/** A collateral review's prices: today's, and the margin-call and liquidation prices before → after the change
 * (label, value); only today's (or why there is none) without a price. */
export function collateralPriceRows(prices: PriceRead, loan: PricedLoan, now: number, ltvAfter: string | undefined): Array<[string, string]> {
	const before = loanPrices(prices, loan, now);
	if (before.marginCall === undefined) return [['price', before.now]];
	const after = ltvAfter === undefined ? before : loanPrices(prices, loan, now, ltvAfter);
	return [
		['price', before.now],
		['margin call at', ltvAfter === undefined ? before.marginCall : `${before.marginCall} → ${after.marginCall}`],
		['liquidation at', ltvAfter === undefined ? before.liquidation! : `${before.liquidation} → ${after.liquidation}`],
	];
}
