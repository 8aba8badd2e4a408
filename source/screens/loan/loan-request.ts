// What the action state becomes on the wire: the repay or revise-pledge request, its exact body (what "the same
// values" means for the second-confirmation guard), and what a reconciliation needs to know about it.
import type {BitgetClient} from '../../api/client.js';
import {repayBody, revisePledgeBody} from '../../api/loan-requests.js';
import type {OngoingLoan, RepayRequest, RepayResult, RevisePledgeRequest, RevisePledgeResult} from '../../api/loan-types.js';
import type {SentRequest} from '../../loans/reconcile.js';
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

export async function sendLoanRequest(client: BitgetClient, request: LoanRequest, signal?: AbortSignal): Promise<LoanResult> {
	if (request.kind === 'repay') return {kind: 'repay', result: await client.repay(request.request, {signal})};
	return {kind: 'revisePledge', result: await client.revisePledge(request.request, {signal})};
}

/** What was sent, for reconcile.ts: the request, the server time it was sent at, and the loan as it was before. */
export function sentRequestOf(request: LoanRequest, sentAt: number, before: OngoingLoan | undefined): SentRequest {
	return request.kind === 'repay' ? {kind: 'repay', request: request.request, sentAt, before} : {kind: 'revisePledge', request: request.request, sentAt, before};
}
