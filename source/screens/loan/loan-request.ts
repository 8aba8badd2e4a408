// What the action state becomes on the wire: the repay or revise-pledge request, and its exact body (what "the same
// values" means for the second-confirmation guard).
import {repayBody, revisePledgeBody} from '../../api/money-bodies.js';
import type {OngoingLoan, RepayRequest, RepayResult, RevisePledgeRequest, RevisePledgeResult} from '../../api/loan-types.js';
import type {AccountFamily} from '../../api/types.js';
import type {LoanActionState} from './reducer.js';

export type LoanRequest = {kind: 'repay'; request: RepayRequest} | {kind: 'revisePledge'; request: RevisePledgeRequest};
export type LoanResult = {kind: 'repay'; result: RepayResult} | {kind: 'revisePledge'; result: RevisePledgeResult};

export function loanRequestOf(state: LoanActionState, loan: OngoingLoan): LoanRequest {
	if (state.action === 'repay') {
		const method = state.fromCollateral ? {method: 'collateral' as const} : {};
		const request: RepayRequest = state.repayAll
			? {orderId: loan.orderId, repayAll: true, repayUnlock: true, ...method}
			: {orderId: loan.orderId, repayAll: false, amount: state.amount, repayUnlock: state.unlock, ...method};
		return {kind: 'repay', request};
	}
	return {
		kind: 'revisePledge',
		request: {orderId: loan.orderId, amount: state.amount, pledgeCoin: loan.pledgeCoin, reviseType: state.action === 'add' ? 'IN' : 'OUT'},
	};
}

/** The exact JSON that would be posted to an account of this family. */
export function loanRequestBody(request: LoanRequest, family?: AccountFamily): string {
	return request.kind === 'repay' ? repayBody(request.request, family) : revisePledgeBody(request.request);
}
