// The borrow wizard: loan coin → pledge coin → period → amount mode → amount → (credentials) → review → result.
// State, reads and actions are use-borrow.ts's, the keys keys.ts's; this file draws them. From the review on, the
// views are the ones every money screen shares (ui/money).
import React from 'react';
import {Box, Text} from 'ink';
import type {BorrowPrefill} from '../routes.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useServices} from '../../ui/services.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {TextField} from '../../ui/fields/text-field.js';
import {PERIOD_CHOICES, PERIOD_HOTKEYS} from '../../ui/fields/period-choices.js';
import {ChoiceList} from '../../ui/fields/choice-list.js';
import {AMOUNT_MODES, type AmountMode, type WizardState, type WizardStep} from './reducer.js';
import {MONEY_STAGE_TITLES} from '../../ui/money/money-review-bindings.js';
import {MoneyPostView} from '../../ui/money/money-post-view.js';
import {Review} from './review.js';
import {borrowBindings, borrowInputMode} from './keys.js';
import {orderIdOf, useBorrow, type BorrowState, type Stage} from './use-borrow.js';

/** The step's name in the title, which reads "Borrow · n of N · Step". */
const STEP_TITLES: Record<Stage, string> = {
	loanCoin: 'Loan coin',
	pledgeCoin: 'Pledge coin',
	period: 'Period',
	amountMode: 'Amount type',
	amount: 'Amount',
	credentials: 'API credentials (none were found)',
	review: 'Review: exactly what will be sent',
	...MONEY_STAGE_TITLES,
};
const INPUT_STEPS: Stage[] = ['loanCoin', 'pledgeCoin', 'period', 'amountMode', 'amount'];

const MODE_CHOICES: Array<{label: string; value: AmountMode}> = [
	{label: 'Pledge amount — how much collateral you put up', value: 'pledge'},
	{label: 'Loan amount — how much you want to borrow', value: 'loan'},
];

export function BorrowScreen({prefill}: {prefill?: BorrowPrefill}) {
	const {state, actions} = useBorrow(prefill);
	const {theme} = useServices();
	const active = useScreenInput({
		mode: borrowInputMode(state),
		bindings: borrowBindings(state, actions),
		// An Enter that waits for the coin list holds the keys typed after it: they belong to the next step, not this field.
		loading: state.coinStep.waiting,
		onPaste: actions.paste,
	});
	const {stage, wizard, post} = state;
	// The review is the last of the numbered steps.
	const stepNumber = stage === 'review' ? INPUT_STEPS.length : INPUT_STEPS.indexOf(stage);
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				Borrow · {stepNumber >= 0 ? `${stepNumber + 1} of ${INPUT_STEPS.length + 1} · ` : ''}
				{STEP_TITLES[stage]}
			</Text>
			{/* The review lists every value itself; above it the summary would only repeat them. */}
			{INPUT_STEPS.includes(stage) || stage === 'credentials' ? (
				<>
					<Summary state={wizard} />
					<Text> </Text>
				</>
			) : null}
			<InputStep state={state} active={active} />
			{stage === 'review' ? <BorrowReview state={state} /> : null}
			<MoneyPostView post={post} sending="the borrow request" />
			{stage === 'result' ? <Result orderId={orderIdOf(post.result)} state={wizard} color={theme.good} copied={state.copied} kept={state.kept} /> : null}
		</Box>
	);
}

/** The wizard's own step: a text field, a list to choose from, or the credentials form. */
function InputStep({state, active}: {state: BorrowState; active: boolean}) {
	const {theme} = useServices();
	const {wizard, coinStep} = state;
	const {textField} = coinStep;
	if (textField) {
		return (
			<TextField
				label={fieldLabel(wizard, textField)}
				labelWidth={16}
				value={wizard.values[textField]}
				cursor={wizard.cursor}
				selected={wizard.selected}
				focused={active}
				theme={theme}
				error={wizard.error}
				suggestions={coinStep.suggestions}
				highlighted={wizard.suggestion}
			/>
		);
	}
	switch (wizard.step) {
		case 'period':
			return (
				<ChoiceList
					choices={PERIOD_CHOICES}
					selected={PERIOD_CHOICES.findIndex((c) => c.value === wizard.values.daily)}
					focused={active}
					color={theme.accent}
					keys={PERIOD_HOTKEYS}
				/>
			);
		case 'amountMode':
			return (
				<ChoiceList choices={MODE_CHOICES} selected={AMOUNT_MODES.indexOf(wizard.values.amountMode)} focused={active} color={theme.accent} keys="numbers" />
			);
		case 'credentials':
			return state.form.view;
		default:
			return null;
	}
}

function fieldLabel(wizard: WizardState, field: 'loanCoin' | 'pledgeCoin' | 'amount'): string {
	if (field === 'amount') return wizard.values.amountMode === 'pledge' ? `Pledge (${wizard.values.pledgeCoin})` : `Loan (${wizard.values.loanCoin})`;
	return field === 'loanCoin' ? 'Loan coin' : 'Pledge coin';
}

function BorrowReview({state}: {state: BorrowState}) {
	const {client, theme, connectedTo} = useServices();
	const {wizard, review, coinStep} = state;
	const {infos} = coinStep;
	return (
		<Review
			values={wizard.values}
			estimate={review.estimate}
			refusal={state.post.refusal}
			confirmAgain={state.post.confirmAgain}
			connectedTo={connectedTo}
			origin={client.origin}
			credentials={state.credentials}
			theme={theme}
			checks={review.checks}
			prices={review.prices}
			pledgeInfo={infos.status === 'ready' ? infos.infos.pledgeInfos.find((info) => info.coin === wizard.values.pledgeCoin) : undefined}
			now={client.clock.now()}
			rows={state.body.rows}
			columns={state.body.columns}
			history={review.history}
			chart={state.chart}
		/>
	);
}

function Summary({state}: {state: WizardState}) {
	const {values} = state;
	const parts: string[] = [];
	const at = INPUT_STEPS.indexOf(state.step);
	const past = (step: WizardStep) => at < 0 || INPUT_STEPS.indexOf(step) < at;
	if (past('loanCoin')) parts.push(`borrow ${values.loanCoin}`);
	if (past('pledgeCoin')) parts.push(`pledge ${values.pledgeCoin}`);
	if (past('period')) parts.push(PERIOD_LABEL[values.daily]);
	if (past('amountMode')) parts.push(values.amountMode === 'pledge' ? 'by pledge amount' : 'by loan amount');
	if (parts.length === 0) return null;
	return (
		<Text dimColor wrap="wrap">
			{parts.join(' · ')}
		</Text>
	);
}

function Result({orderId, state, color, copied, kept}: {orderId: string; state: WizardState; color?: string; copied?: string; kept: boolean}) {
	const {values} = state;
	return (
		<Box flexDirection="column">
			<Box borderStyle="double" paddingX={2} flexDirection="column">
				<Text bold color={color} wrap="truncate">
					✓ Loan order created
				</Text>
				<Text bold wrap="truncate">
					Order ID: {orderId}
				</Text>
			</Box>
			<Text wrap="wrap">
				Borrowed {values.loanCoin} against {values.pledgeCoin}, {PERIOD_LABEL[values.daily]},{' '}
				{values.amountMode === 'pledge' ? `pledging ${values.amount} ${values.pledgeCoin}` : `${values.amount} ${values.loanCoin}`}.
			</Text>
			{kept ? <Text wrap="wrap">Kept in this app's history: loan-tui history --local</Text> : null}
			{copied ? <Text wrap="wrap">{copied}</Text> : null}
		</Box>
	);
}
