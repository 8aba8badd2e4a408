// The app's adapter to the money pipeline (operations/money-pipeline.ts): the review's state (operations/money-post.ts)
// plus its one side effect. Each confirmed attempt runs the pipeline once, under the shell's money guard (Ctrl+C and
// signals abort it, quitting stops its check), and the screen follows what it reports: the answer, then — when
// unknown — each read of the check. The top line is told in the same render as the outcome.
import {useCallback, useEffect, useMemo, useReducer, useRef} from 'react';
import {createMoneyGuard} from '../../operations/money-guard.js';
import {initialMoneyPost, moneyPostReducer, type MoneyPostAction, type MoneyPostState} from '../../operations/money-post.js';
import {sendMoney, type MoneyAnswer, type MoneyIntent, type MoneyOutcome, type MoneyResult} from '../../operations/money-pipeline.js';
import {errorLine} from '../../format/describe-error.js';
import {useServices} from '../services.js';

export interface MoneyPost<Request> {
	state: MoneyPostState<Request, MoneyResult>;
	/** While true, every key but Ctrl+C is to be ignored: the screen shows that the request is out. */
	busy: boolean;
	/** An explicit confirmation (a typed y) for exactly this request and body. */
	confirm(request: Request, body: string): void;
	decline(): void;
	/** From the outcome-unknown notice back to the review. */
	review(): void;
}

export interface MoneyPostOptions<Request> {
	/** The top line's source, and what was posted ("Borrow", "Repay"): a refusal or an unknown outcome stays there
	 * until one succeeds. */
	report?: {source: string; what: (request: Request) => string};
}

export function useMoneyPost<Request>(intentOf: (request: Request) => MoneyIntent, options: MoneyPostOptions<Request> = {}): MoneyPost<Request> {
	const [state, dispatch] = useReducer(
		moneyPostReducer as (state: MoneyPostState<Request, MoneyResult>, action: MoneyPostAction<Request, MoneyResult>) => MoneyPostState<Request, MoneyResult>,
		undefined,
		() => initialMoneyPost<Request, MoneyResult>(),
	);
	const {money, journal, client, lastError, reconcileMs} = useServices();
	// Screens rendered without the shell's guard (tests) still get the pipeline's rules.
	const guard = useMemo(() => money ?? createMoneyGuard(), [money]);
	const intentRef = useRef(intentOf);
	intentRef.current = intentOf;
	const reportRef = useRef(options.report);
	reportRef.current = options.report;
	const posted = useRef(0);

	useEffect(() => {
		if (state.phase !== 'posting' || posted.current === state.attempt) return;
		const attempt = state.attempt;
		posted.current = attempt;
		const request = state.request as Request;
		const tell = (outcome: MoneyOutcome['status'], error?: unknown) => {
			const report = reportRef.current;
			if (!report) return;
			if (outcome === 'done') lastError.succeeded(report.source);
			else if (outcome === 'unknown') lastError.report(report.source, `${report.what(request)}: outcome unknown — check before sending again`);
			else if (outcome === 'refused') lastError.report(report.source, `${report.what(request)} refused: ${errorLine(error)}`, {untilLeft: true});
			// Nothing left this machine: not a refusal ("Borrow not sent: could not reach api.bitget.com: host not found").
			else lastError.report(report.source, `${report.what(request)} not sent: ${errorLine(error).replace(/^not sent: /i, '')}`, {untilLeft: true});
		};
		// The outcome and its top line are told in one place, in the same tick, so React draws both in one render.
		let told = false;
		const settle = (outcome: MoneyOutcome | Exclude<MoneyAnswer, {status: 'unknown'}>) => {
			switch (outcome.status) {
				case 'done':
					dispatch({type: 'succeeded', attempt, result: outcome.result});
					break;
				case 'refused':
				case 'not-sent':
					dispatch({type: 'refused', attempt, error: outcome.error});
					break;
				case 'unknown':
					dispatch({type: 'outcome-unknown', attempt, error: outcome.error, sent: outcome.sent, recorded: outcome.record !== undefined, check: outcome.check});
					break;
			}
			if (!told) tell(outcome.status, 'error' in outcome ? outcome.error : undefined);
			told = true;
		};
		void sendMoney(intentRef.current(request), {client, guard, journal, checkMs: reconcileMs}, {
			onProgress: (progress) => {
				// The answer is shown as soon as it is in, while its record is still being written: a Ctrl+C pressed at
				// the outcome on screen quits (the guard knows the answer is in) instead of waiting for the disk.
				if (progress.phase === 'finishing' && progress.answer && progress.answer.status !== 'unknown' && !told) settle(progress.answer);
				if (progress.phase !== 'checking' || !progress.unknown) return;
				dispatch({type: 'checking', attempt, failure: progress.unknown, sent: progress.sent, recorded: journal !== undefined, finding: progress.finding});
				if (!told) tell('unknown');
				told = true;
			},
		}).then((outcome) => {
			// A done or refused answer was settled when it came in; an unknown one settles here, with its check.
			if (outcome.status === 'unknown' || !told) settle(outcome);
			if (outcome.recordProblem) lastError.set(`Could not update the local money record: ${outcome.recordProblem}`);
		});
	}, [state.phase, state.attempt, state.request, guard, journal, client, lastError, reconcileMs]);

	// Leaving the screen takes its refusal off the top line (an unknown outcome stays until a success).
	useEffect(() => () => {
		const source = reportRef.current?.source;
		if (source) lastError.left(source);
	}, [lastError]);

	const confirm = useCallback((request: Request, body: string) => dispatch({type: 'confirm', request, body}), []);
	const decline = useCallback(() => dispatch({type: 'decline'}), []);
	const review = useCallback(() => dispatch({type: 'review'}), []);
	return useMemo(() => ({state, busy: state.phase === 'posting', confirm, decline, review}), [state, confirm, decline, review]);
}
