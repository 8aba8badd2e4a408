// One top-up of `loan-tui watch` (operations/watch-session.ts decides it) sent through the money pipeline like
// `collateral add`: recorded before it leaves, sent once, reconciled when its answer is lost, under the watch's signals.
import type {OngoingLoan, RevisePledgeRequest} from '../../api/loan-types.js';
import {failureText} from '../../operations/observe.js';
import type {SendReport} from '../../operations/top-up.js';
import {EXIT} from '../../runtime/exit-codes.js';
import type {Session} from '../../runtime/session.js';
import type {SignalOwner} from '../money-command.js';

export async function sendTopUp(session: Session, request: RevisePledgeRequest, loan: OngoingLoan, owner: SignalOwner): Promise<SendReport> {
	// The money pipeline loads only when a top-up is sent: a watch that only reads never needs it.
	const {runMoneyPost} = await import('../money-command.js');
	const sent = await runMoneyPost(session, {kind: 'revisePledge', request, loan}, owner);
	if ('result' in sent) {
		const after = sent.result.kind === 'revisePledge' ? sent.result.result.afterPledgeRate : undefined;
		return {status: 'done', ...(after === undefined ? {} : {ltvAfter: after})};
	}
	if (sent.exit === EXIT.outcomeUnknown) return {status: 'unknown', found: sent.found === true, reason: 'the outcome is unknown'};
	return {status: 'refused', reason: sent.error === undefined ? 'not sent' : failureText(sent.error)};
}
