// A loan's prices for the commands: today's price of the pledge coin in the loan coin (with its age), and the
// margin-call and liquidation prices, P × L / T (loans/prices.ts). A tickers read that fails says "unavailable".
import type {OngoingLoan} from '../../api/loan-types.js';
import {markPrice, priceWithAge} from '../../format/price.js';
import {ltvPrices, quotePrice, type PriceQuote, type PriceRead} from '../../loans/prices.js';
import {readPrices} from '../../operations/prices.js';
import type {Session} from '../../runtime/session.js';

export interface LoanPrices {
	price: PriceQuote;
	/** "BTC 26,800 USDT, 2 s ago" */
	now: string;
	marginCall?: string;
	liquidation?: string;
}

export function loanPrices(prices: PriceRead, loan: Pick<OngoingLoan, 'pledgeCoin' | 'loanCoin' | 'pledgeRate' | 'supRate' | 'forceRate'>, now: number, ltv = loan.pledgeRate): LoanPrices {
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

/** The collateral review's price lines: today's price, and the margin-call and liquidation prices before and after. */
export async function collateralPriceLines(session: Session, loan: OngoingLoan, ltvAfter: string): Promise<string[]> {
	const prices = await readPrices(session.client);
	const now = session.client.clock.now();
	const before = loanPrices(prices, loan, now);
	if (before.marginCall === undefined) return [`  price: ${before.now}`];
	const after = loanPrices(prices, loan, now, ltvAfter);
	return [`  price: ${before.now}`, `  margin call at ${before.marginCall} → ${after.marginCall}`, `  liquidation at ${before.liquidation} → ${after.liquidation}`];
}
