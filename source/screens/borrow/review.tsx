// Every value that will be sent, as the exact string sent, the live estimate in pledge mode, and the y/N question (ui/money). A view: the
// estimate comes from use-review-estimate.ts, the refusal and second-confirmation state from the money post.
import React from 'react';
import {Box, Text} from 'ink';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {withCoin} from '../../format/money.js';
import type {Theme} from '../../ui/theme.js';
import {errorLine} from '../../format/describe-error.js';
import {ReviewQuestion} from '../../ui/money/review-question.js';
import {Spinner} from '../../ui/components/spinner.js';
import type {CredentialsState} from '../../services/credentials-access.js';
import {maskKey} from '../../credentials/types.js';
import type {PeriodResult} from '../../ui/use-live-estimate.js';
import type {WizardValues} from './reducer.js';
import type {ReviewChecks} from './use-review-checks.js';

interface Props {
	values: WizardValues;
	/** Pledge mode only: the estimate for the chosen period, or 'loading'. */
	estimate: PeriodResult | 'loading' | undefined;
	/** The server's refusal of the last attempt. */
	refusal?: unknown;
	/** These exact values were sent before with an unknown outcome: one more y is needed. */
	confirmAgain: boolean;
	connectedTo: string;
	/** The API origin with its scheme, exactly where the request goes. */
	origin: string;
	credentials: CredentialsState;
	theme: Theme;
	/** Transport and limit checks, and the loan-amount cost (use-review-checks.ts). */
	checks?: ReviewChecks;
}

export function Review({values, estimate: fetched, refusal, confirmAgain, connectedTo, origin, credentials, theme, checks}: Props) {
	const pledgeMode = values.amountMode === 'pledge';
	const estimate = fetched === 'loading' ? undefined : fetched;
	const rows: Array<[string, string]> = [
		['Loan coin', values.loanCoin],
		['Pledge coin', values.pledgeCoin],
		['Period', `${values.daily} — ${PERIOD_LABEL[values.daily]}`],
		[pledgeMode ? 'Pledge amount' : 'Loan amount', `${values.amount} ${pledgeMode ? values.pledgeCoin : values.loanCoin}`],
		['Server', connectedTo === 'demo' ? `demo (embedded simulator, ${origin})` : origin],
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
							{withCoin(estimate.estimate.loanAmount, values.loanCoin)} (estimate)
						</Text>
						<Text wrap="truncate">
							{'  '}
							{'Hourly interest'.padEnd(17)}
							{withCoin(estimate.estimate.hourInterest, values.loanCoin)} (estimate)
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
			{checks?.cost ? <LoanCostRows cost={checks.cost} values={values} theme={theme} /> : null}
			{checks?.note ? (
				<Text wrap="wrap" dimColor>
					{'  '}Note: {checks.note}.
				</Text>
			) : null}
			{checks?.blocked ? (
				<Text wrap="wrap" color={theme.bad}>
					✗ Cannot borrow: {checks.blocked}. Nothing will be sent; n to change values.
				</Text>
			) : null}
			{checks?.checking ? <Spinner label="Checking Bitget's borrow limits…" color={theme.accent} /> : null}
			<ReviewQuestion refusal={refusal} nothingDone="Nothing was borrowed." confirmAgain={confirmAgain} mayExist="a loan may already exist" question="Borrow? [y/N]" theme={theme} />
		</Box>
	);
}

/** By loan amount: what the borrow takes as collateral and costs per hour, scaled from an estimate. */
function LoanCostRows({cost, values, theme}: {cost: NonNullable<ReviewChecks['cost']>; values: WizardValues; theme: Theme}) {
	if (cost.status === 'loading') return <Spinner label="Estimating the collateral and interest…" color={theme.accent} />;
	if (cost.status === 'error') {
		return (
			<Text wrap="truncate" color={theme.warn}>
				{'  '}Collateral and interest: no estimate ({errorLine(cost.error)})
			</Text>
		);
	}
	if (!cost.cost) {
		return (
			<Text wrap="truncate" color={theme.warn}>
				{'  '}Collateral and interest: no estimate (the estimate borrows nothing)
			</Text>
		);
	}
	return (
		<>
			<Text wrap="truncate">
				{'  '}
				{'Collateral'.padEnd(17)}
				about {withCoin(cost.cost.pledgeAmount, values.pledgeCoin)} (estimate)
			</Text>
			<Text wrap="truncate">
				{'  '}
				{'Hourly interest'.padEnd(17)}
				about {withCoin(cost.cost.hourInterest, values.loanCoin)} (estimate)
			</Text>
		</>
	);
}
