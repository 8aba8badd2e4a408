// A loan's prices as read: today's price of the pledge coin in the loan coin (with its age), and the margin-call and
// liquidation prices, owed ÷ (collateral × T) (loans/prices.ts loanMarkPrices), with how far each is from today's. Shared by the CLI and the
// screens; the tickers are read once by operations/prices.ts. A read that failed says "prices unavailable".
import Big from 'big.js';
import type {DebtLine, OngoingLoan} from '../api/loan-types.js';
import {loanMarkPrices, quotePrice, type PriceQuote, type PriceRead} from '../loans/prices.js';
import {markPrice, priceWithAge} from './price.js';
import {withCoin} from './money.js';
import {sanitize} from './sanitize.js';

export interface LoanPrices {
	price: PriceQuote;
	/** "BTC 26,800 USDT, 2 s ago" */
	now: string;
	/** "23,450.0000 USDT, 12.50% below"; undefined without a price. */
	marginCall?: string;
	liquidation?: string;
}

type PricedLoan = Pick<OngoingLoan, 'pledgeCoin' | 'loanCoin' | 'loanAmount' | 'interestAmount' | 'pledgeAmount' | 'supRate' | 'forceRate'>;

/** The loan's prices with its collateral (or `pledgeAmount`, what it would hold after a change) at server time `now`:
 * the marks from its own figures (loans/prices.ts loanMarkPrices). */
export function loanPrices(prices: PriceRead, loan: PricedLoan, now: number, pledgeAmount = loan.pledgeAmount): LoanPrices {
	const price = quotePrice(prices, loan.pledgeCoin, loan.loanCoin, now);
	const shown = priceWithAge(loan.pledgeCoin, loan.loanCoin, price);
	if (price.status !== 'ok') return {price, now: shown};
	const marks = loanMarkPrices(loan, price.price, pledgeAmount);
	return {
		price,
		now: shown,
		marginCall: markPrice(marks.marginCallPrice, marks.marginCallDistance, loan.loanCoin),
		liquidation: markPrice(marks.liquidationPrice, marks.liquidationDistance, loan.loanCoin),
	};
}

/** A collateral review's prices: today's, and the margin-call and liquidation prices before → after the change (the
 * collateral after it: `pledgeAfter`)
 * (label, value); only today's (or why there is none) without a price. */
export function collateralPriceRows(prices: PriceRead, loan: PricedLoan, now: number, pledgeAfter: string | undefined): Array<[string, string]> {
	const before = loanPrices(prices, loan, now);
	if (before.marginCall === undefined) return [['price', before.now]];
	const after = pledgeAfter === undefined || !new Big(pledgeAfter).gt(0) ? undefined : loanPrices(prices, loan, now, pledgeAfter);
	return [
		['price', before.now],
		['margin call at', after === undefined ? before.marginCall : `${before.marginCall} → ${after.marginCall}`],
		['liquidation at', after === undefined ? before.liquidation! : `${before.liquidation} → ${after.liquidation}`],
	];
}

/** A total (debts' loanInfos or pledgeInfos item) as people read it: the amount in its coin and, when it says something
 * more, its value in USDT at the price of the tickers read with the loans — the price the table's PRICE column shows,
 * not another (Bitget's amountUsdt is valued at its own). None for USDT itself (it would say the same again), none
 * without a price. `--json` keeps debts as Bitget sent them. */
export function totalItem(item: DebtLine, prices: PriceRead | undefined, now: number): {amount: string; usdt?: string} {
	const amount = withCoin(item.amount, sanitize(item.coin));
	if (item.coin === 'USDT' || prices === undefined) return {amount};
	const price = quotePrice(prices, item.coin, 'USDT', now);
	if (price.status !== 'ok') return {amount};
	return {amount, usdt: `≈ ${withCoin(new Big(item.amount).times(price.price).toFixed(), 'USDT')}`};
}
