// The app's adapter to the money pipeline (operations/money-pipeline.ts): the review's state (operations/money-post.ts)
// plus its one side effect. The confirmation itself runs the pipeline, once per attempt the reducer starts, under the
// shell's money guard (Ctrl+C and signals abort it, quitting stops its check), and the screen follows what it reports
// as it comes: the answer, then — when unknown — each read of the check. The top line is told in the same turn as the
// outcome, exactly once: when the attempt leaves 'posting'.
import {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import {createMoneyGuard} from '../../operations/money-guard.js';
import {initialMoneyPost, moneyPostReducer, type MoneyPostAction, type MoneyPostState} from '../../operations/money-post.js';
import {sendMoney, type MoneyAnswer, type MoneyIntent, type MoneyOutcome, type MoneyResult} from '../../operations/money-pipeline.js';
import {errorLine} from '../../format/describe-error.js';
import {createStore} from '../../services/store.js';
import type {LastError} from '../../services/last-error.js';
import {useServices} from '../services.js';
import {useStore} from '../use-store.js';

export interface MoneyPost<Request> {
	state: MoneyPostState<Request, MoneyResult>;
	/** While true, every key but Ctrl+C is to be ignored: the screen shows that the request is out. */
	busy: boolean;
	/** An explicit confirmation (a typed y) of `intent`, as the screen built it at the key: the review shows `request`,
	 * and `body` is what "the same values" means (a second y for a body whose outcome is unknown). Sends at most once:
	 * nothing while an attempt is out. Resolves with the attempt's outcome once it is recorded (and, when unknown,
	 * checked); undefined when nothing was started. */
	confirm(intent: MoneyIntent, request: Request, body: string): Promise<MoneyOutcome | undefined>;
	decline(): void;
	/** From the outcome-unknown notice back to the review. */
	review(): void;
}

type Report<Request> = {source: string; what: (request: Request) => string};

export interface MoneyPostOptions<Request> {
	/** The top line's source, and what was posted ("Borrow", "Repay"): a refusal or an unknown outcome stays there
	 * until one succeeds. */
	report?: Report<Request>;
}

type State<Request> = MoneyPostState<Request, MoneyResult>;
type Settled = MoneyOutcome | Exclude<MoneyAnswer, {status: 'unknown'}>;

export function useMoneyPost<Request>(options: MoneyPostOptions<Request> = {}): MoneyPost<Request> {
	// A store, not useReducer: the confirmation reads the state it changes in the same call, so a second y before a
	// render cannot start a second attempt.
	const [store] = useState(() => createStore<State<Request>>(initialMoneyPost<Request, MoneyResult>()));
	const state = useStore(store);
	const {money, journal, client, lastError, reconcileMs} = useServices();
	// Screens rendered without the shell's guard (tests) still get the pipeline's rules.
	const guard = useMemo(() => money ?? createMoneyGuard(), [money]);
	// Read when the outcome is told: a confirmation stays the same function while the screen's words may change.
	const reportRef = useRef(options.report);
	reportRef.current = options.report;

	const confirm = useCallback(
		(intent: MoneyIntent, request: Request, body: string) => {
			const before = store.get();
			const after = moneyPostReducer(before, {type: 'confirm', request, body});
			store.set(after);
			if (after.attempt === before.attempt) return Promise.resolve(undefined);
			const {attempt} = after;
			// Applies what the pipeline reported about this attempt; the attempt that leaves 'posting' here is told.
			const apply = (action: MoneyPostAction<Request, MoneyResult>, status: MoneyOutcome['status'], error?: unknown) => {
				const was = store.get();
				store.set(moneyPostReducer(was, action));
				const report = reportRef.current;
				if (was.phase === 'posting' && store.get().phase !== 'posting' && report) tell(lastError, report, request, status, error);
			};
			const settle = (outcome: Settled) => apply(settledAction(attempt, outcome), outcome.status, 'error' in outcome ? outcome.error : undefined);
			return sendMoney(
				intent,
				{client, guard, journal, checkMs: reconcileMs},
				{
					onProgress: (progress) => {
						// The answer is shown as soon as it is in, while its record is still being written: a Ctrl+C pressed at
						// the outcome on screen quits (the guard knows the answer is in) instead of waiting for the disk.
						if (progress.phase === 'finishing' && progress.answer && progress.answer.status !== 'unknown') settle(progress.answer);
						if (progress.phase !== 'checking' || !progress.unknown) return;
						apply(
							{type: 'checking', attempt, failure: progress.unknown, sent: progress.sent, recorded: journal !== undefined, finding: progress.finding},
							'unknown',
						);
					},
				},
			).then((outcome) => {
				// An answer settled when it came in changes nothing here; an unknown one settles with its check, and what
				// never reached the POST (refused before it, interrupted) settles here.
				settle(outcome);
				if (outcome.recordProblem) lastError.set(`Could not update the local money record: ${outcome.recordProblem}`);
				return outcome;
			});
		},
		[store, client, guard, journal, reconcileMs, lastError],
	);

	// Leaving the screen takes its refusal off the top line (an unknown outcome stays until a success).
	useEffect(
		() => () => {
			const source = reportRef.current?.source;
			if (source) lastError.left(source);
		},
		[lastError],
	);

	const decline = useCallback(() => store.set((current) => moneyPostReducer(current, {type: 'decline'})), [store]);
	const review = useCallback(() => store.set((current) => moneyPostReducer(current, {type: 'review'})), [store]);
	return useMemo(() => ({state, busy: state.phase === 'posting', confirm, decline, review}), [state, confirm, decline, review]);
}

function settledAction<Request>(attempt: number, outcome: Settled): MoneyPostAction<Request, MoneyResult> {
	switch (outcome.status) {
		case 'done':
			return {type: 'succeeded', attempt, result: outcome.result};
		case 'refused':
		case 'not-sent':
			return {type: 'refused', attempt, error: outcome.error};
		case 'unknown':
			return {type: 'outcome-unknown', attempt, error: outcome.error, sent: outcome.sent, recorded: outcome.record !== undefined, check: outcome.check};
	}
}

/** The outcome on the top line. */
function tell<Request>(lastError: LastError, report: Report<Request>, request: Request, outcome: MoneyOutcome['status'], error?: unknown): void {
	if (outcome === 'done') lastError.succeeded(report.source);
	else if (outcome === 'unknown') lastError.report(report.source, `${report.what(request)}: outcome unknown — check before sending again`);
	else if (outcome === 'refused') lastError.report(report.source, `${report.what(request)} refused: ${errorLine(error)}`, {untilLeft: true});
	// Nothing left this machine: not a refusal ("Borrow not sent: could not reach api.bitget.com: host not found").
	else lastError.report(report.source, `${report.what(request)} not sent: ${errorLine(error).replace(/^not sent: /i, '')}`, {untilLeft: true});
}
