// What a borrow by loan amount will take and cost. The estimate endpoint answers for a pledge; its borrowable
// amount and hourly interest are linear in the pledge, so one estimate scales to any loan amount. Results are
// estimates (the server rounds, and prices move) and are always shown as such.
import Big from 'big.js';
import type {Estimate} from '../api/types.js';
import {plain} from './ltv.js';

export interface LoanCost {
	/** Collateral needed, rounded up to 8 decimals (never too little). */
	pledgeAmount: string;
	/** Interest per hour on the loan amount. */
	hourInterest: string;
}

/** Scales `estimate` (made for `pledgeAmount`) to borrowing `loanAmount`; undefined when the estimate borrows nothing. */
export function costOfLoanAmount(pledgeAmount: string, estimate: Estimate, loanAmount: string): LoanCost | undefined {
	const borrowable = new Big(estimate.loanAmount);
	if (borrowable.lte(0)) return undefined;
	const ratio = new Big(loanAmount).div(borrowable);
	return {
		pledgeAmount: plain(new Big(pledgeAmount).times(ratio).round(8, Big.roundUp)),
		hourInterest: plain(new Big(estimate.hourInterest).times(ratio)),
	};
}

/**
 * A reference pledge whose estimate is large enough not to be rounding noise: start from 1 coin and, when that
 * borrows little, ask again with the pledge the first answer suggests.
 */
export async function estimateLoanCost(estimate: (pledgeAmount: string) => Promise<Estimate>, loanAmount: string): Promise<LoanCost | undefined> {
	const first = await estimate('1');
	const rough = costOfLoanAmount('1', first, loanAmount);
	if (rough === undefined) return undefined;
	if (new Big(first.loanAmount).gte(new Big(loanAmount).div(1000))) return rough;
	return costOfLoanAmount(rough.pledgeAmount, await estimate(rough.pledgeAmount), loanAmount);
}
