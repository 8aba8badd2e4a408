// Loan maths from a loan's own figures (fractions, see api/loan-types.ts). Pure: no I/O, big.js throughout.
//
// The LTV is debt ÷ (pledge × price of the pledge coin in the loan coin), so with the debt and the pledge fixed it
// scales as 1/price: the pledge coin's price may fall by 1 − current/target before the LTV reaches `target`.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';

const HOURS_PER_YEAR = 24 * 365;

/** Plain decimal text, no exponent, no trailing zeros. */
export function plain(value: Big, places = 8): string {
	const fixed = value.round(places, Big.roundHalfUp).toFixed(places);
	return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** How far (fraction) the pledge coin may fall against the loan coin before the LTV reaches `targetLtv`; 0 when already
 * there. A loan's falls use it only without a price (loans/prices.ts markFalls): with one, they come from its mark prices. */
export function priceMoveTo(currentLtv: string, targetLtv: string): string {
	const target = new Big(targetLtv);
	if (target.lte(0)) throw new RangeError('a target LTV must be positive');
	const move = new Big(1).minus(new Big(currentLtv).div(target));
	return move.lte(0) ? '0' : plain(move, 8);
}

/** Annual rate (simple, not compounded) from an hourly rate: × 24 × 365, as Bitget's rate7D is to hourRate7D. */
export function annualRate(hourlyRate: string): string {
	return plain(new Big(hourlyRate).times(HOURS_PER_YEAR), 8);
}

/** Riskiest first: the smallest price move to liquidation; ties by order id, so the order is stable. */
export function byRisk(a: OngoingLoan, b: OngoingLoan): number {
	const move = (loan: OngoingLoan) => new Big(loan.pledgeRate).div(loan.forceRate);
	const order = move(b).cmp(move(a));
	return order !== 0 ? order : a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0;
}

export type CollateralChange = 'add' | 'withdraw';

/** `before`/`after`: the LTV; `pledgeAfter`: the collateral the loan holds after the change (in the pledge coin). */
export type CollateralCheck =
	{ok: true; before: string; after: string; pledgeAfter: string} | {ok: false; before: string; after?: string; pledgeAfter?: string; reason: string};

/**
 * The LTV after adding or withdrawing `amount` of the pledge coin, from the loan's own figures (same debt and
 * price: LTV × pledge ÷ new pledge). A withdrawal that would put the LTV at or above the margin-call LTV is refused.
 */
export function checkCollateralChange(
	loan: Pick<OngoingLoan, 'pledgeRate' | 'pledgeAmount' | 'supRate' | 'pledgeCoin'>,
	change: CollateralChange,
	amount: string,
): CollateralCheck {
	const before = loan.pledgeRate;
	const pledge = new Big(loan.pledgeAmount);
	const delta = new Big(amount);
	if (delta.lte(0)) return {ok: false, before, reason: 'the amount must be greater than zero'};
	const after = change === 'add' ? pledge.plus(delta) : pledge.minus(delta);
	if (after.lte(0)) return {ok: false, before, reason: `the loan holds only ${plain(pledge)} ${loan.pledgeCoin} of collateral`};
	const afterLtv = plain(new Big(before).times(pledge).div(after), 6);
	if (change === 'withdraw' && new Big(afterLtv).gte(loan.supRate)) {
		return {
			ok: false,
			before,
			after: afterLtv,
			pledgeAfter: plain(after),
			reason: `the LTV would be ${percent(afterLtv)}, at or above the margin-call LTV of ${percent(loan.supRate)}`,
		};
	}
	return {ok: true, before, after: afterLtv, pledgeAfter: plain(after)};
}

/** A fraction as a percentage for people: "0.6475" → "64.75%". */
export function percent(fraction: string, places = 2): string {
	// As format/money.ts writes an LTV: a fixed number of decimals ("80.00%"), so a message and a table agree.
	return `${new Big(fraction).times(100).toFixed(places, Big.roundHalfUp)}%`;
}
