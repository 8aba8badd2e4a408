// What a reconciliation found, in words: the finding's status as a word, its message (which says what matched and
// never more), how long and how often the loans were read, and what to do next.
import React from 'react';
import {Box, Text} from 'ink';
import type {FindingStatus} from '../../loans/reconcile.js';
import {sanitize} from '../../format/sanitize.js';
import {Spinner} from '../components/spinner.js';
import type {Theme} from '../theme.js';
import type {ReconciliationState} from './use-reconciliation.js';

const HEADLINE: Record<FindingStatus, string> = {
	found: '✓ Found a match',
	ambiguous: '? More than one match',
	unclear: '? Unclear',
	'not-found': '✗ Nothing found',
	unchecked: '✗ Not checked',
};

export function ReconciliationView({state, theme}: {state: ReconciliationState; theme: Theme}) {
	if (state.status === 'idle') return null;
	if (state.status === 'checking') {
		return <Spinner label={`Checking your loans for what happened (reading again every 2 s, up to ${Math.round(state.totalMs / 1000)} s)…`} color={theme.accent} />;
	}
	const {result} = state;
	const color = result.status === 'found' ? theme.good : theme.warn;
	return (
		<Box flexDirection="column">
			<Text bold color={color} wrap="truncate">
				{HEADLINE[result.status]} — after {result.tries} read{result.tries === 1 ? '' : 's'} in {Math.round(result.elapsedMs / 1000)} s:
			</Text>
			<Text wrap="wrap">  {sanitize(result.message)}</Text>
			{result.status === 'found' || result.status === 'ambiguous' ? (
				<Text dimColor wrap="wrap">
					{'  '}A match is evidence, not proof: none of these requests carries a client id. Look at the loan before doing this again.
				</Text>
			) : null}
		</Box>
	);
}
