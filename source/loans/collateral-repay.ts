// Repaying out of the collateral (unified accounts only: repay's method=collateral, reference Part E.1): Bitget sells
// pledge coin to pay the debt. How much, at today's price, from the loan's own figures: the LTV is debt ÷ (pledge ×
// price), so the price is debt ÷ (pledge × LTV) and paying `pay` takes pay ÷ price = pay × pledge × LTV ÷ debt.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {plain} from './ltv.js';

export interface CollateralRepay {
	/** Pledge coin sold to pay, at today's price (rounded up). */
	sold: string;
	/** What is left pledged (or released, when the loan is paid off). */
	left: string;
}

export function collateralForRepay(
	loan: Pick<OngoingLoan, 'loanAmount' | 'interestAmount' | 'pledgeAmount' | 'pledgeRate'>,
	pay: string,
): CollateralRepay | undefined {
	const debt = new Big(loan.loanAmount).plus(loan.interestAmount);
	const pledge = new Big(loan.pledgeAmount);
	if (debt.lte(0) || new Big(loan.pledgeRate).lte(0)) return undefined;
	const sold = new Big(pay).times(pledge).times(loan.pledgeRate).div(debt).round(8, Big.roundUp);
	return {sold: plain(sold), left: plain(pledge.minus(sold).gt(0) ? pledge.minus(sold) : new Big(0))};
}
