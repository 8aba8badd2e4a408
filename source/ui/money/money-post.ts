// A money-moving POST (borrow now; repay and collateral changes next) as plain state. The rules live here once:
// - one POST per explicit confirmation: `confirm` starts an attempt only from `ready`, never while one is out;
// - the server's refusal returns to `ready` with the refusal shown (nothing moved, sending again is safe);
// - a failure after the request may have reached the server is `unknown`: it is never retried by itself, and
//   confirming the very same body again needs a second, explicit confirmation (`confirmAgain`).

export type MoneyPostPhase = 'ready' | 'posting' | 'done' | 'unknown';

export interface MoneyPostState<Request, Result> {
	phase: MoneyPostPhase;
	/** Increments once per POST; the hook sends when it sees a new number. */
	attempt: number;
	/** What the current (or last) attempt sends, and its exact body: what "the same values" means. */
	request?: Request;
	body?: string;
	result?: Result;
	/** The server refused the last attempt. */
	refusal?: unknown;
	/** Why the outcome of the last attempt is unknown. */
	failure?: unknown;
	/** Body of an attempt whose outcome is unknown. */
	unknownBody?: string;
	/** A confirmation for `unknownBody` was given once; one more sends it again. */
	confirmAgain: boolean;
}

export type MoneyPostAction<Request, Result> =
	| {type: 'confirm'; request: Request; body: string}
	/** "No" on the review: drops a pending second confirmation. */
	| {type: 'decline'}
	| {type: 'succeeded'; result: Result}
	| {type: 'refused'; error: unknown}
	| {type: 'outcome-unknown'; error: unknown}
	/** From the outcome-unknown notice back to the review (the unknown body stays remembered). */
	| {type: 'review'};

export function initialMoneyPost<Request, Result>(): MoneyPostState<Request, Result> {
	return {phase: 'ready', attempt: 0, confirmAgain: false};
}

export function moneyPostReducer<Request, Result>(state: MoneyPostState<Request, Result>, action: MoneyPostAction<Request, Result>): MoneyPostState<Request, Result> {
	switch (action.type) {
		case 'confirm':
			if (state.phase !== 'ready') return state;
			if (state.unknownBody !== undefined && state.unknownBody === action.body && !state.confirmAgain) return {...state, confirmAgain: true};
			return {...state, phase: 'posting', attempt: state.attempt + 1, request: action.request, body: action.body, confirmAgain: false, refusal: undefined};
		case 'decline':
			return state.confirmAgain ? {...state, confirmAgain: false} : state;
		case 'succeeded':
			return state.phase === 'posting' ? {...state, phase: 'done', result: action.result, unknownBody: undefined} : state;
		case 'refused':
			return state.phase === 'posting' ? {...state, phase: 'ready', refusal: action.error} : state;
		case 'outcome-unknown':
			return state.phase === 'posting' ? {...state, phase: 'unknown', failure: action.error, unknownBody: state.body} : state;
		case 'review':
			return state.phase === 'unknown' ? {...state, phase: 'ready', confirmAgain: false} : state;
	}
}
