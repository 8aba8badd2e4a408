// Every value that will be sent, the live estimate in pledge mode, and the y/N question.
import React, {useMemo} from 'react';
import {Box, Text} from 'ink';
import {PERIOD_LABEL} from '../../format/estimate.js';
import type {Theme} from '../../ui/theme.js';
import {describeError, errorLine} from '../../ui/describe-error.js';
import {Spinner} from '../../ui/components/spinner.js';
import type {BitgetClient} from '../../api/client.js';
import type {CredentialsState} from '../../ui/credentials-access.js';
import {maskKey} from '../../credentials/types.js';
import {useLiveEstimate} from '../estimate/use-live-estimate.js';
import type {WizardState} from './reducer.js';

interface Props {
	state: WizardState;
	client: BitgetClient;
	connectedTo: string;
	credentials: CredentialsState;
	theme: Theme;
}

export function Review({state, client, connectedTo, credentials, theme}: Props) {
	const {values} = state;
	const pledgeMode = values.amountMode === 'pledge';
	const query = useMemo(
		() => (pledgeMode ? {loanCoin: values.loanCoin, pledgeCoin: values.pledgeCoin, pledgeAmount: values.amount} : undefined),
		[pledgeMode, values.loanCoin, values.pledgeCoin, values.amount],
	);
	const periods = useMemo(() => [values.daily], [values.daily]);
	const live = useLiveEstimate(client, query, periods, 0);
	const estimate = live.status === 'ready' ? live.results[values.daily] : undefined;
	const rows: Array<[string, string]> = [
		['Loan coin', values.loanCoin],
		['Pledge coin', values.pledgeCoin],
		['Period', `${values.daily} — ${PERIOD_LABEL[values.daily]}`],
		[pledgeMode ? 'Pledge amount' : 'Loan amount', `${values.amount} ${pledgeMode ? values.pledgeCoin : values.loanCoin}`],
		['Server', connectedTo === 'demo' ? 'demo (embedded simulator)' : connectedTo],
		['Credentials', credentials.status === 'ready' ? `${credentials.resolved.source}, key ${maskKey(credentials.resolved.credentials.apiKey)}` : 'none'],
	];
	return (
		<Box flexDirection="column">
			<Text bold wrap="truncate">
				Review — this is exactly what will be sent:
			</Text>
			{rows.map(([label, value]) => (
				<Text key={label} wrap="truncate">
					{'  '}
					{label.padEnd(17)}
					<Text bold>{value}</Text>
				</Text>
			))}
			{pledgeMode ? (
				estimate?.ok ? (
					<>
						<Text wrap="truncate">
							{'  '}
							{'Borrowable'.padEnd(17)}
							{estimate.estimate.loanAmount} {values.loanCoin} (estimate)
						</Text>
						<Text wrap="truncate">
							{'  '}
							{'Hourly interest'.padEnd(17)}
							{estimate.estimate.hourInterest} {values.loanCoin} (estimate)
						</Text>
					</>
				) : estimate && !estimate.ok ? (
					<Text wrap="truncate" color={theme.warn}>
						{'  '}Estimate unavailable: {errorLine(estimate.error)}
					</Text>
				) : (
					<Spinner label="Fetching the estimate…" color={theme.accent} />
				)
			) : null}
			{state.refusal ? (
				<Text wrap="wrap" color={theme.bad}>
					✗ {refusalLine(state.refusal)}. Nothing was borrowed.
				</Text>
			) : null}
			{state.confirmAgain ? (
				<Box flexDirection="column">
					<Text wrap="truncate" color={theme.warn} bold>
						⚠ These exact values were sent before and the outcome is unknown: a loan may already exist.
					</Text>
					<Text wrap="truncate" color={theme.warn} bold>
						Press y again to send a second request, n to go back.
					</Text>
				</Box>
			) : null}
			<Text wrap="truncate" bold color={theme.accent}>
				Borrow? [y/N]
			</Text>
		</Box>
	);
}

/** Short enough to leave the question on screen in a 60x16 terminal: "Refused: 43012 Insufficient balance (HTTP 400)". */
function refusalLine(error: unknown): string {
	const view = describeError(error);
	if (!view.detail) return view.title;
	return `${view.title === 'The server refused the request' ? 'Refused' : view.title}: ${view.detail}`;
}
