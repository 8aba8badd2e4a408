import {useEffect} from 'react';
import {useServices} from '../services.js';
import {errorLine} from '../describe-error.js';
import type {MoneyPostState} from './money-post.js';

/** Tells the status line how a money POST ended: a refusal or an unknown outcome stays there until one succeeds. */
export function useReportPost(state: MoneyPostState<unknown, unknown>, source: string, what: string): void {
	const {lastError} = useServices();
	const {phase, refusal, failure} = state;
	useEffect(() => {
		if (phase === 'done') lastError.succeeded(source);
		else if (phase === 'unknown') lastError.report(source, `${what}: outcome unknown — check before sending again`);
		else if (phase === 'ready' && refusal !== undefined) lastError.report(source, `${what} refused: ${errorLine(refusal)}`);
	}, [lastError, source, what, phase, refusal, failure]);
}
