// The one way the app sends money-moving POSTs: the state of money-post.ts plus its single side effect. The
// request goes out once per attempt (an attempt is one explicit confirmation); an OutcomeUnknownError from the
// client (the request may have reached the server) becomes `unknown`, any other failure a refusal.
import {useCallback, useEffect, useMemo, useReducer, useRef} from 'react';
import {OutcomeUnknownError} from '../../api/errors.js';
import {initialMoneyPost, moneyPostReducer, type MoneyPostAction, type MoneyPostState} from './money-post.js';

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

export function useMoneyPost<Request, Result>(send: (request: Request) => Promise<Result>): MoneyPost<Request, Result> {
	const [state, dispatch] = useReducer(
		moneyPostReducer as (state: MoneyPostState<Request, Result>, action: MoneyPostAction<Request, Result>) => MoneyPostState<Request, Result>,
		undefined,
		() => initialMoneyPost<Request, Result>(),
	);
	const sendRef = useRef(send);
	sendRef.current = send;
	const posted = useRef(0);

	useEffect(() => {
		if (state.phase !== 'posting' || posted.current === state.attempt) return;
		posted.current = state.attempt;
		sendRef.current(state.request as Request).then(
			(result) => dispatch({type: 'succeeded', result}),
			(error: unknown) => dispatch(error instanceof OutcomeUnknownError ? {type: 'outcome-unknown', error} : {type: 'refused', error}),
		);
	}, [state.phase, state.attempt, state.request]);

	const confirm = useCallback((request: Request, body: string) => dispatch({type: 'confirm', request, body}), []);
	const decline = useCallback(() => dispatch({type: 'decline'}), []);
	const review = useCallback(() => dispatch({type: 'review'}), []);
	return useMemo(() => ({state, busy: state.phase === 'posting', confirm, decline, review}), [state, confirm, decline, review]);
}
