// After an outcome-unknown POST: read the loans again (loans/reconcile.ts through loans/observe.ts: a few GETs every
// 2 s, bounded by `totalMs`) and report what was found. Aborted when the screen goes away or the request changes.
import {useEffect, useState} from 'react';
import type {BitgetClient} from '../../api/client.js';
import {InterruptedError, OutcomeUnknownError} from '../../api/errors.js';
import {observerFor} from '../../loans/observe.js';
import {reconcile, type Reconciliation, type SentRequest} from '../../loans/reconcile.js';

export type ReconciliationState =
	| {status: 'idle'}
	| {status: 'checking'; totalMs: number}
	| {status: 'done'; result: Reconciliation};

/** `sent` undefined: nothing to check. A new `sent` object starts a new check. */
export function useReconciliation(client: BitgetClient, sent: SentRequest | undefined, totalMs: number): ReconciliationState {
	const [state, setState] = useState<ReconciliationState>({status: 'idle'});
	useEffect(() => {
		if (!sent) {
			setState({status: 'idle'});
			return;
		}
		const controller = new AbortController();
		setState({status: 'checking', totalMs});
		reconcile(sent, observerFor(client, sent), {totalMs, signal: controller.signal}).then(
			(result) => {
				if (!controller.signal.aborted) setState({status: 'done', result});
			},
			() => undefined, // aborted: the person left, nothing more to say
		);
		return () => controller.abort();
	}, [client, sent, totalMs]);
	return state;
}

/** Whether an unknown outcome is worth a check: not after Ctrl+C or a signal (the person wants out; as the CLI). */
export function worthChecking(failure: unknown): boolean {
	return !(failure instanceof OutcomeUnknownError && failure.failure instanceof InterruptedError);
}
