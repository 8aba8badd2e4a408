// The collateral prompt's price lines: the tickers read once, then the rows every review shows (format/loan-prices.ts).
import type {OngoingLoan} from '../../api/loan-types.js';
import {collateralPriceRows} from '../../format/loan-prices.js';
import {readPrices} from '../../operations/prices.js';
import type {Session} from '../../runtime/session.js';

/** The collateral review's price lines: today's price, and the margin-call and liquidation prices before and after. */
export async function collateralPriceLines(session: Session, loan: OngoingLoan, pledgeAfter: string): Promise<string[]> {
	const prices = await readPrices(session.client);
	const rows = collateralPriceRows(prices, loan, session.client.clock.now(), pledgeAfter);
	return rows.map(([label, value]) => (label === 'price' ? `  price: ${value}` : `  ${label} ${value}`));
}
