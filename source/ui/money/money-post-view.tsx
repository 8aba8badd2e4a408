// What every money screen shows while its request is out and when the outcome is not known: the "sending" line
// (keys wait for the answer) and the outcome-unknown box. Its keys are money-review-bindings.ts's, in the footer.
import React from 'react';
import type {MoneyPostState} from '../../operations/money-post.js';
import {Spinner} from '../components/spinner.js';
import {useServices} from '../services.js';
import {OutcomeUnknownView} from './outcome-unknown-view.js';

export interface MoneyPostViewProps {
	post: MoneyPostState<unknown, unknown>;
	/** What is being sent, after "Sending": "the borrow request". */
	sending: string;
}

export function MoneyPostView({post, sending}: MoneyPostViewProps) {
	const {theme, reconcileMs} = useServices();
	if (post.phase === 'posting') return <Spinner label={`Sending ${sending}… (keys are ignored until the server answers)`} color={theme.accent} />;
	if (post.phase === 'unknown') return <OutcomeUnknownView post={post} checkMs={reconcileMs} theme={theme} />;
	return null;
}
