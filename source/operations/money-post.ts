// A money POST on a review screen, as plain state (the app's hook, ui/money/use-money-post.ts, runs it through the
// pipeline). The rules live here once:
// - one POST per explicit confirmation: `confirm` starts an attempt only from `ready`, never while one is out;
// - a refusal (or nothing sent) returns to `ready` with the reason shown (nothing moved, sending again is safe);
// - an outcome that is not known is `unknown`: never retried by itself, and confirming the very same body again needs
//   a second, explicit confirmation (`confirmAgain`);
// - what the pipeline reports belongs to one attempt: a late report of an earlier attempt changes nothing.
import type {OutcomeUnknownError} from '../api/errors.js';
import type {CheckResult} from './check-outcome.js';
import type {SentValues} from './money-pipeline.js';
import type {Finding} from '../loans/evidence.js';

type MoneyPostPhase = 'ready' | 'posting' | 'done' | 'unknown';

/** The check after an unknown outcome: running (with what the last read found), or over. */
export type CheckState = {status: 'idle'} | {status: 'checking'; finding?: Finding} | {status: 'done'; result: CheckResult};

export interface MoneyPostState<Request, Result> {
	phase: MoneyPostPhase;
	/** Increments once per POST: the confirmation that starts a new number sends it (ui/money/use-money-post.ts). */
	attempt: number;
	/** What the current (or last) attempt sends, and its exact body: what "the same values" means. */
	request?: Request;
	body?: string;
	result?: Result;
	/** Why the last attempt did not move money: the server's refusal, or a failure before anything was sent. */
	refusal?: unknown;
	/** Why the outcome of the last attempt is unknown, what it sent, and whether a record of it is kept. */
	failure?: OutcomeUnknownError;
	sent?: SentValues;
	recorded?: boolean;
	check: CheckState;
	/** Body of an attempt whose outcome is unknown. */
	unknownBody?: string;
	/** A confirmation for `unknownBody` was given once; one more sends it again. */
	confirmAgain: boolean;
}

export type MoneyPostAction<Request, Result> =
	| {type: 'confirm'; request: Request; body: string}
	/** "No" on the review: drops a pending second confirmation. */
	| {type: 'decline'}
	/** The answer was unknown and the check began, or a read of the check found something. */
	| {type: 'checking'; attempt: number; failure: OutcomeUnknownError; sent: SentValues; recorded: boolean; finding?: Finding}
	| {type: 'succeeded'; attempt: number; result: Result}
	| {type: 'refused'; attempt: number; error: unknown}
	| {type: 'outcome-unknown'; attempt: number; error: OutcomeUnknownError; sent: SentValues; recorded: boolean; check?: CheckResult}
	/** From the outcome-unknown notice back to the review (the unknown body stays remembered). */
	| {type: 'review'};

export function initialMoneyPost<Request, Result>(): MoneyPostState<Request, Result> {
	return {phase: 'ready', attempt: 0, confirmAgain: false, check: {status: 'idle'}};
}

export function moneyPostReducer<Request, Result>(
	state: MoneyPostState<Request, Result>,
	action: MoneyPostAction<Request, Result>,
): MoneyPostState<Request, Result> {
	switch (action.type) {
		case 'confirm':
			if (state.phase !== 'ready') return state;
			if (state.unknownBody !== undefined && state.unknownBody === action.body && !state.confirmAgain) return {...state, confirmAgain: true};
			return {
				...state,
				phase: 'posting',
				attempt: state.attempt + 1,
				request: action.request,
				body: action.body,
				confirmAgain: false,
				refusal: undefined,
				check: {status: 'idle'},
			};
		case 'decline':
			return state.confirmAgain ? {...state, confirmAgain: false} : state;
		case 'review':
			return state.phase === 'unknown' ? {...state, phase: 'ready', confirmAgain: false} : state;
	}
	// The rest report on one attempt: only the current one, while it is shown.
	if (action.attempt !== state.attempt) return state;
	switch (action.type) {
		case 'checking':
			if (state.phase !== 'posting' && state.phase !== 'unknown') return state;
			return {
				...state,
				phase: 'unknown',
				failure: action.failure,
				sent: action.sent,
				recorded: action.recorded,
				unknownBody: state.body,
				check: {status: 'checking', finding: action.finding},
			};
		case 'succeeded':
			return state.phase === 'posting' ? {...state, phase: 'done', result: action.result, unknownBody: undefined} : state;
		case 'refused':
			return state.phase === 'posting' ? {...state, phase: 'ready', refusal: action.error} : state;
		case 'outcome-unknown':
			if (state.phase !== 'posting' && state.phase !== 'unknown') return state;
			return {
				...state,
				phase: 'unknown',
				failure: action.error,
				sent: action.sent,
				recorded: action.recorded,
				unknownBody: state.body,
				check: action.check ? {status: 'done', result: action.check} : {status: 'idle'},
			};
	}
}
