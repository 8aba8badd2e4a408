// A money-moving POST whose outcome is unknown: read the loans again (bounded, within the limits) and attach what
// was found to the error, which still exits 3. Every POST sent this way is recorded in the local history
// (state/local-history.ts), whatever its outcome, so its order id is never lost.
import {borrowBody} from '../../api/client.js';
import {InputError, InterruptedError, OutcomeUnknownError} from '../../api/errors.js';
import {repayBody, revisePledgeBody} from '../../api/loan-requests.js';
import {observerFor} from '../../loans/observe.js';
import {reconcile, type SentRequest} from '../../loans/reconcile.js';
import {reconcileBudgetMs} from '../../runtime/reconcile-budget.js';
import type {Session} from '../../runtime/session.js';
import {sanitize} from '../../format/sanitize.js';
import {fileLocalHistory, localHistoryFile} from '../../state/local-history.js';
import {moneyRecord, type MoneyOperation, type RecordedOutcome} from '../../state/money-record.js';
import {withInterrupts} from '../money-call.js';

/** The one way the CLI sends a money-moving POST: interrupts reported as outcome unknown (money-call.ts), then the
 * reconciliation. After Ctrl+C or a signal the person wants out: the error is reported at once, unchecked. */
export async function postWithReconciliation<T>(session: Session, describe: (sentAt: number) => SentRequest, post: (signal: AbortSignal) => Promise<T>): Promise<T> {
	const totalMs = reconcileBudgetMs(session.env);
	const sentAt = session.client.clock.now();
	const time = Date.now();
	const sent = describe(sentAt);
	try {
		const result = await withInterrupts(post);
		await record(session, sent, time, {outcome: 'done', result});
		return result;
	} catch (error) {
		if (!(error instanceof OutcomeUnknownError)) {
			// A local refusal (bad input, plain http) sent nothing: not part of what this app sent.
			if (!(error instanceof InputError)) await record(session, sent, time, {outcome: 'refused', error});
			throw error;
		}
		if (!(error.failure instanceof InterruptedError)) {
			const stderr = session.out.stderr as NodeJS.WritableStream & {isTTY?: boolean};
			if (!session.out.json && stderr.isTTY) stderr.write(`Outcome unknown: checking your loans (up to ${Math.round(totalMs / 1000)} s)…\n`);
			const found = await reconcile(sent, observerFor(session.client, sent), {totalMs});
			error.reconciliation = {message: found.message, details: found};
		}
		await record(session, sent, time, {outcome: 'unknown', error});
		throw error;
	}
}

const OPERATION: Record<SentRequest['kind'], MoneyOperation> = {borrow: 'borrow', repay: 'repay', revisePledge: 'collateral'};

function bodyOf(sent: SentRequest): string {
	switch (sent.kind) {
		case 'borrow':
			return borrowBody(sent.request);
		case 'repay':
			return repayBody(sent.request);
		case 'revisePledge':
			return revisePledgeBody(sent.request);
	}
}

/** Appends to the local history (not in demo mode: the simulator's orders end with the run). A failure to write is
 * said on stderr and changes nothing else. */
async function record(session: Session, sent: SentRequest, time: number, outcome: RecordedOutcome): Promise<void> {
	if (session.settings.demo) return;
	try {
		const entry = moneyRecord({time, operation: OPERATION[sent.kind], origin: session.client.origin, body: bodyOf(sent), ...outcome});
		await fileLocalHistory(localHistoryFile(session.env)).append(entry);
	} catch (error) {
		session.out.stderr.write(`Note: could not write the local history (${sanitize(error instanceof Error ? error.message : String(error))}).\n`);
	}
}
