// What a finished repayment or collateral change did, in words: a headline ("Repaid in full — the loan is closed;
// 20 ETH released") and the figures under it with a person's names for them, never the API's field names. The
// loan read again after the action (when there is one) says whether it is still open. Amounts and the LTV are
// written by their one formatter (format/money.ts), as everywhere else.
import type {OngoingLoan} from '../../api/loan-types.js';
import {ltvPercent, withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import type {LoanResult} from './loan-request.js';

export interface ActionOutcome {
	/** One sentence: what happened and what it left. */
	headline: string;
	/** The figures of the answer, label and value. */
	rows: Array<[string, string]>;
}

/**
 * `action` is what was asked (repay all or part, add, withdraw, with the amount asked for); `after` is the loan as
 * read again after the answer: an OngoingLoan when still open, null when no longer open, undefined while unread.
 */
export function actionOutcome(
	result: LoanResult,
	action: {kind: 'repay' | 'add' | 'withdraw'; repayAll: boolean; amount: string},
	after: OngoingLoan | null | undefined,
): ActionOutcome {
	if (result.kind === 'repay') {
		const r = result.result;
		const coin = sanitize(r.loanCoin);
		const pledgeCoin = sanitize(r.pledgeCoin);
		const releasedSome = /^\d+(\.\d+)?$/.test(r.repayUnlockAmount) && Number(r.repayUnlockAmount) > 0;
		const released = releasedSome ? `${withCoin(r.repayUnlockAmount, pledgeCoin)} released` : 'no collateral released';
		const closed = after === null || (after === undefined && action.repayAll);
		const headline = closed
			? `Repaid in full — the loan is closed; ${released}`
			: `Repaid ${withCoin(r.repayAmount, coin)} — the loan stays open; ${releasedSome ? released : 'collateral kept'}`;
		return {
			headline,
			rows: [
				['Paid', withCoin(r.repayAmount, coin)],
				['Interest paid', withCoin(r.payInterest, coin)],
				['Principal paid', withCoin(r.repayLoanAmount, coin)],
				['Released', releasedSome ? withCoin(r.repayUnlockAmount, pledgeCoin) : `none (the ${pledgeCoin} stays pledged)`],
			],
		};
	}
	const pledgeCoin = sanitize(result.result.pledgeCoin);
	const ltv = ltvPercent(result.result.afterPledgeRate);
	const verb = action.kind === 'add' ? 'Added' : 'Withdrew';
	return {
		headline: `${verb} ${withCoin(action.amount, pledgeCoin)} of collateral — LTV now ${ltv}`,
		rows: [
			[action.kind === 'add' ? 'Added' : 'Withdrawn', withCoin(action.amount, pledgeCoin)],
			['LTV now', ltv],
		],
	};
}
