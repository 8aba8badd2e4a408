// What a repayment will do, from the loan's own figures, before it is sent. Interest is paid first, then principal
// (as Bitget's repay answer splits it: payInterest, repayLoanAmount).
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {plain} from './ltv.js';

export interface RepayPlan {
	all: boolean;
	/** Partial repayments only. */
	amount?: string;
	/** Release collateral (repayUnlock). */
	unlock: boolean;
	/** How the caller's person asks for all of it, named when an amount is more than owed (a flag in the CLI, a choice
	 * in the app). */
	allInstead?: string;
	/** How the caller writes an amount of a coin in that message (format/money.ts `withCoin`; this layer sits below it). */
	withCoin?: (amount: string, coin: string) => string;
}

type Release = {kind: 'all'; amount: string} | {kind: 'none'} | {kind: 'some'};

export type RepayPreview =
	| {
			ok: true;
			/** Principal plus interest owed now. */
			owed: string;
			pay: string;
			interest: string;
			principal: string;
			remainingPrincipal: string;
			remainingInterest: string;
			/** Full repayment: all collateral back. Partial with release: Bitget decides how much. Partial keeping it: none. */
			release: Release;
			/** LTV after a partial repayment that keeps the collateral (same price); undefined otherwise. */
			ltvAfter?: string;
	  }
	| {ok: false; reason: string};

export function repayPreview(loan: Pick<OngoingLoan, 'loanAmount' | 'interestAmount' | 'pledgeAmount' | 'pledgeRate' | 'loanCoin' | 'pledgeCoin'>, plan: RepayPlan): RepayPreview {
	const principalOwed = new Big(loan.loanAmount);
	const interestOwed = new Big(loan.interestAmount);
	const owed = principalOwed.plus(interestOwed);
	const pay = plan.all ? owed : new Big(plan.amount ?? '0');
	if (pay.lte(0)) return {ok: false, reason: 'the amount must be greater than zero'};
	if (pay.gt(owed)) return {ok: false, reason: `that is more than the ${(plan.withCoin ?? ((value, coin) => `${value} ${coin}`))(plain(owed), loan.loanCoin)} owed; repay all of it instead (${plan.allInstead ?? '--all'})`};
	const interest = pay.lt(interestOwed) ? pay : interestOwed;
	const principal = pay.minus(interest);
	const full = pay.eq(owed);
	const release: Release = full ? {kind: 'all', amount: loan.pledgeAmount} : plan.unlock ? {kind: 'some'} : {kind: 'none'};
	const preview: RepayPreview = {
		ok: true,
		owed: plain(owed),
		pay: plain(pay),
		interest: plain(interest),
		principal: plain(principal),
		remainingPrincipal: plain(principalOwed.minus(principal)),
		remainingInterest: plain(interestOwed.minus(interest)),
		release,
	};
	if (!full && !plan.unlock && owed.gt(0)) preview.ltvAfter = plain(new Big(loan.pledgeRate).times(owed.minus(pay)).div(owed), 6);
	return preview;
}
