// What the action state becomes on the wire: the repay or revise-pledge request, and its exact body (what "the same
// values" means for the second-confirmation guard).
import {repayBody, revisePledgeBody} from '../../api/loan-requests.js';
import type {OngoingLoan, RepayRequest, RepayResult, RevisePledgeRequest, RevisePledgeResult} from '../../api/loan-types.js';
import type {LoanActionState} from './reducer.js';

export type LoanRequest = {kind: 'repay'; request: RepayRequest} | {kind: 'revisePledge'; request: RevisePledgeRequest};
export type LoanResult = {kind: 'repay'; result: RepayResult} | {kind: 'revisePledge'; result: RevisePledgeResult};

export function loanRequestOf(state: LoanActionState, loan: OngoingLoan): LoanRequest {
	if (state.action === 'repay') {
		const request: RepayRequest = state.repayAll
			? {orderId: loan.orderId, repayAll: true, repayUnlock: true}
			: {orderId: loan.orderId, repayAll: false, amount: state.amount, repayUnlock: state.unlock};
		return {kind: 'repay', request};
	}
	return {kind: 'revisePledge', request: {orderId: loan.orderId, amount: state.amount, pledgeCoin: loan.pledgeCoin, reviseType: state.action === 'add' ? 'IN' : 'OUT'}};
}

/** The exact JSON that would be posted. */
export function loanRequestBody(request: LoanRequest): string {
	return request.kind === 'repay' ? repayBody(request.request) : revisePledgeBody(request.request);
}
