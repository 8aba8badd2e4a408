// Every value that will be sent, the live estimate in pledge mode, and the y/N question. A view: the estimate
// comes from use-review-estimate.ts, the refusal and second-confirmation state from the money post.
import React from 'react';
import {Box, Text} from 'ink';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {groupThousands} from '../../format/money.js';
import type {Theme} from '../../ui/theme.js';
import {describeError, errorLine} from '../../ui/describe-error.js';
import {Spinner} from '../../ui/components/spinner.js';
import type {CredentialsState} from '../../ui/credentials-access.js';
import {maskKey} from '../../credentials/types.js';
import type {PeriodResult} from '../estimate/use-live-estimate.js';
import type {WizardValues} from './reducer.js';

interface Props {
	values: WizardValues;
	/** Pledge mode only: the estimate for the chosen period, or 'loading'. */
	estimate: PeriodResult | 'loading' | undefined;
	/** The server's refusal of the last attempt. */
	refusal?: unknown;
	/** These exact values were sent before with an unknown outcome: one more y is needed. */
	confirmAgain: boolean;
	connectedTo: string;
	credentials: CredentialsState;
	theme: Theme;
}

export function Review({values, estimate: fetched, refusal, confirmAgain, connectedTo, credentials, theme}: Props) {
	const pledgeMode = values.amountMode === 'pledge';
	const estimate = fetched === 'loading' ? undefined : fetched;
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
							{groupThousands(estimate.estimate.loanAmount)} {values.loanCoin} (estimate)
						</Text>
						<Text wrap="truncate">
							{'  '}
							{'Hourly interest'.padEnd(17)}
							{groupThousands(estimate.estimate.hourInterest)} {values.loanCoin} (estimate)
						</Text>
					</>
				) : estimate && !estimate.ok ? (
					<Text wrap="wrap" color={theme.warn}>
						{'  '}Estimate unavailable: {errorLine(estimate.error)}
					</Text>
				) : (
					<Spinner label="Fetching the estimate…" color={theme.accent} />
				)
			) : null}
			{refusal ? (
				<Text wrap="wrap" color={theme.bad}>
					✗ {refusalLine(refusal)}. Nothing was borrowed.
				</Text>
			) : null}
			{confirmAgain ? (
				<Box flexDirection="column">
					<Text wrap="wrap" color={theme.warn} bold>
						⚠ These exact values were sent before and the outcome is unknown: a loan may already exist.
					</Text>
					<Text wrap="wrap" color={theme.warn} bold>
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
