// The one way the app sends money-moving POSTs: the state of money-post.ts plus its single side effect. The
// request goes out once per attempt (an attempt is one explicit confirmation); an OutcomeUnknownError from the
// client (the request may have reached the server) becomes `unknown`, any other failure a refusal.
// Every attempt runs under the shell's money guard (money-guard.ts): `send` receives the signal that Ctrl+C or
// SIGTERM aborts (pass it to the client: `client.repay(request, {signal})`), and the outcome is recorded in the
// local history of what this app sent (done, refused or unknown, with the order id when there is one).
import {useCallback, useEffect, useMemo, useReducer, useRef} from 'react';
import {InputError, InterruptedError, OutcomeUnknownError} from '../../api/errors.js';
import {useServices} from '../services.js';
import {errorLine} from '../describe-error.js';
import {initialMoneyPost, moneyPostReducer, type MoneyPostAction, type MoneyPostState} from './money-post.js';
import type {MoneyFlight, MoneyOperation} from './money-guard.js';
import {moneyRecord, operationOfBody, type RecordedOutcome} from '../../state/money-record.js';

export interface MoneyPost<Request, Result> {
	state: MoneyPostState<Request, Result>;
	/** While true, every key but Ctrl+C is to be ignored: the screen shows that the request is out. */
	busy: boolean;
	/** An explicit confirmation (a typed y) for exactly this request and body. */
	confirm(request: Request, body: string): void;
	decline(): void;
	/** From the outcome-unknown notice back to the review. */
	review(): void;
}

export interface MoneyPostOptions<Request> {
	/** For the local history; without it, told from the body's fields (repay and revise-pledge have their own). */
	operation?: MoneyOperation;
	/** The top line's source, and what was posted ("Borrow", "Repay"): a refusal or an unknown outcome stays there
	 * until one succeeds. Told in the same render as the outcome, so no frame shows the outcome beside a stale line. */
	report?: {source: string; what: (request: Request) => string};
}

/** The client's operation names, for an outcome-unknown error the hook has to make itself. */
const WIRE_OPERATION: Record<MoneyOperation, string> = {borrow: 'borrow', repay: 'repay', collateral: 'revisePledge'};
/** After Ctrl+C, how long the client has to report the interruption itself before the hook says it. */
const INTERRUPT_GRACE_MS = 200;

export function useMoneyPost<Request, Result>(
	send: (request: Request, call: {signal: AbortSignal}) => Promise<Result>,
	options: MoneyPostOptions<Request> = {},
): MoneyPost<Request, Result> {
	const [state, dispatch] = useReducer(
		moneyPostReducer as (state: MoneyPostState<Request, Result>, action: MoneyPostAction<Request, Result>) => MoneyPostState<Request, Result>,
		undefined,
		() => initialMoneyPost<Request, Result>(),
	);
	const {money, localHistory, client, lastError} = useServices();
	const sendRef = useRef(send);
	sendRef.current = send;
	const operationRef = useRef(options.operation);
	operationRef.current = options.operation;
	const reportRef = useRef(options.report);
	reportRef.current = options.report;
	const posted = useRef(0);

	useEffect(() => {
		if (state.phase !== 'posting' || posted.current === state.attempt) return;
		posted.current = state.attempt;
		const body = state.body ?? '';
		const operation = operationRef.current ?? operationOfBody(body);
		const request = state.request as Request;
		// The top line, told in the same tick as the outcome is dispatched.
		const reportOutcome = (outcome: RecordedOutcome) => {
			const report = reportRef.current;
			if (!report) return;
			if (outcome.outcome === 'done') lastError.succeeded(report.source);
			else if (outcome.outcome === 'unknown') lastError.report(report.source, `${report.what(request)}: outcome unknown — check before sending again`);
			else lastError.report(report.source, `${report.what(request)} refused: ${errorLine(outcome.error)}`);
		};
		let flight: MoneyFlight | undefined;
		try {
			flight = money?.begin(operation);
		} catch (error) {
			dispatch({type: 'refused', error});
			reportOutcome({outcome: 'refused', error});
			return;
		}
		const signal = flight?.signal ?? new AbortController().signal;
		const time = Date.now();
		const settle = async (outcome: RecordedOutcome) => {
			// Answered before it is shown: a Ctrl+C pressed once the outcome is on screen quits, even while the local
			// history is still being written.
			flight?.answered();
			if (outcome.outcome === 'done') dispatch({type: 'succeeded', result: outcome.result as Result});
			else if (outcome.outcome === 'unknown') dispatch({type: 'outcome-unknown', error: outcome.error});
			else dispatch({type: 'refused', error: outcome.error});
			reportOutcome(outcome);
			// A local refusal (bad input, a limit, plain http) sent nothing: it is not part of what this app sent.
			const sentNothing = outcome.outcome === 'refused' && outcome.error instanceof InputError;
			try {
				if (!sentNothing) await localHistory?.append(moneyRecord({time, operation, origin: client.origin, body, ...outcome}));
			} catch (error) {
				lastError.set(`Could not write the local history: ${error instanceof Error ? error.message : String(error)}`);
			}
			flight?.end(outcome.outcome === 'unknown');
		};
		void interruptible(sendRef.current(request, {signal}), signal, () => unknownAfterInterrupt(signal, operation, body)).then(
			(result) => settle({outcome: 'done', result}),
			(error: unknown) => settle(error instanceof OutcomeUnknownError ? {outcome: 'unknown', error} : {outcome: 'refused', error}),
		);
	}, [state.phase, state.attempt, state.request, state.body, money, localHistory, client, lastError]);

	const confirm = useCallback((request: Request, body: string) => dispatch({type: 'confirm', request, body}), []);
	const decline = useCallback(() => dispatch({type: 'decline'}), []);
	const review = useCallback(() => dispatch({type: 'review'}), []);
	return useMemo(() => ({state, busy: state.phase === 'posting', confirm, decline, review}), [state, confirm, decline, review]);
}

/** `sent`, unless the signal aborts and the caller's send does not report it itself within a moment (a send that
 * did not pass the signal on): then the interruption is an unknown outcome, said at once. */
function interruptible<T>(sent: Promise<T>, signal: AbortSignal, interrupted: () => OutcomeUnknownError): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		let timer: ReturnType<typeof setTimeout> | undefined;
		const onAbort = () => {
			timer = setTimeout(() => reject(interrupted()), INTERRUPT_GRACE_MS);
		};
		if (signal.aborted) onAbort();
		else signal.addEventListener('abort', onAbort, {once: true});
		sent.then(
			(value) => {
				clearTimeout(timer);
				signal.removeEventListener('abort', onAbort);
				resolve(value);
			},
			(error: unknown) => {
				clearTimeout(timer);
				signal.removeEventListener('abort', onAbort);
				reject(error);
			},
		);
	});
}

function unknownAfterInterrupt(signal: AbortSignal, operation: MoneyOperation, body: string): OutcomeUnknownError {
	const reason: unknown = signal.reason;
	let sent: Record<string, unknown> | undefined;
	try {
		sent = JSON.parse(body) as Record<string, unknown>;
	} catch {
		sent = undefined;
	}
	return new OutcomeUnknownError(reason instanceof InterruptedError ? reason : new InterruptedError(), {operation: WIRE_OPERATION[operation], sent});
}
