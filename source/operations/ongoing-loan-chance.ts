// The chance of an ongoing loan reaching its margin call and its liquidation before its term ends: today's price, the
// loan's own mark prices (loans/prices.ts loanMarkPrices, as the list and the detail show them) and what is left of
// its term (loans/chance.ts loanHorizon: a flexible loan 30 days, said so) put to its pair's history
// (operations/loan-chance.ts). One place for the Loans list, a loan's detail and `loan-tui loans`.
import type {OngoingLoan} from '../api/loan-types.js';
import {loanHorizon} from '../loans/chance.js';
import {loanMarkPrices} from '../loans/prices.js';
import {chanceFrom, type ChanceRead} from './loan-chance.js';
import type {PriceHistory} from './price-history.js';

/** The pair a loan's price is (reference D.4): the pledge coin in the loan coin. */
export function loanPair(loan: Pick<OngoingLoan, 'pledgeCoin' | 'loanCoin'>): {base: string; quote: string} {
	return {base: loan.pledgeCoin, quote: loan.loanCoin};
}

/** The loan's chance at today's `price` (undefined: none known) from its pair's `history` (undefined: still read),
 * at server time `serverNow`: 'reading' until the history is there; undefined when the loan's expiry cannot be read
 * (no horizon: nothing is shown rather than a guess). */
export function ongoingLoanChance(
	loan: OngoingLoan,
	price: string | undefined,
	history: PriceHistory | undefined,
	serverNow: number,
): ChanceRead | 'reading' | undefined {
	const horizon = loanHorizon(loan.expireTime, serverNow);
	if (horizon === undefined) return undefined;
	if (history === undefined) return 'reading';
	// Without a price there are no marks to put: chanceFrom says "no history" or "unavailable" from the history alone,
	// and "no price to start from" when the history is there.
	if (price === undefined || !(Number(price) > 0)) return chanceFrom(history, {price: '0', marginCallPrice: '0', liquidationPrice: '0', horizon});
	const marks = loanMarkPrices(loan, price);
	return chanceFrom(history, {price, marginCallPrice: marks.marginCallPrice, liquidationPrice: marks.liquidationPrice, horizon});
}
