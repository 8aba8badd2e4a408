// A money-moving POST whose outcome is unknown: read the loans again (bounded, within the limits) and attach what
// was found to the error, which still exits 3.
import {InterruptedError, OutcomeUnknownError} from '../../api/errors.js';
import {observerFor} from '../../loans/observe.js';
import {reconcile, type SentRequest} from '../../loans/reconcile.js';
import {reconcileBudgetMs} from '../../runtime/reconcile-budget.js';
import type {Session} from '../../runtime/session.js';
import {withInterrupts} from '../money-call.js';

/** The one way the CLI sends a money-moving POST: interrupts reported as outcome unknown (money-call.ts), then the
 * reconciliation. After Ctrl+C or a signal the person wants out: the error is reported at once, unchecked. */
export async function postWithReconciliation<T>(session: Session, describe: (sentAt: number) => SentRequest, post: (signal: AbortSignal) => Promise<T>): Promise<T> {
	const totalMs = reconcileBudgetMs(session.env);
	const sentAt = session.client.clock.now();
	try {
		return await withInterrupts(post);
	} catch (error) {
		if (!(error instanceof OutcomeUnknownError) || error.failure instanceof InterruptedError) throw error;
		const sent = describe(sentAt);
		const stderr = session.out.stderr as NodeJS.WritableStream & {isTTY?: boolean};
		if (!session.out.json && stderr.isTTY) stderr.write(`Outcome unknown: checking your loans (up to ${Math.round(totalMs / 1000)} s)…\n`);
		const found = await reconcile(sent, observerFor(session.client, sent), {totalMs});
		error.reconciliation = {message: found.message, details: found};
		throw error;
	}
}
