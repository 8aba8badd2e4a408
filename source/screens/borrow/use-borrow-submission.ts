// The wizard's one side effect: a POST each time the state enters `submitting` with a new attempt number.
// However fast keys arrive, the reducer moves to `submitting` once per confirmation, so this posts once per `y`.
import {useEffect, useRef, type Dispatch} from 'react';
import type {BitgetClient} from '../../api/client.js';
import {OutcomeUnknownError} from '../../api/errors.js';
import {borrowRequestOf, type WizardAction, type WizardState} from './reducer.js';

export function useBorrowSubmission(client: BitgetClient, state: WizardState, dispatch: Dispatch<WizardAction>): void {
	const posted = useRef(0);
	useEffect(() => {
		if (state.step !== 'submitting' || posted.current === state.attempt) return;
		posted.current = state.attempt;
		client.borrow(borrowRequestOf(state.values)).then(
			(order) => dispatch({type: 'succeeded', orderId: order.orderId}),
			(error: unknown) => dispatch(error instanceof OutcomeUnknownError ? {type: 'outcome-unknown', error} : {type: 'refused', error}),
		);
	}, [client, state.step, state.attempt, state.values, dispatch]);
}
