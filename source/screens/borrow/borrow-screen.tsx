// The borrow wizard: loan coin → pledge coin → period → amount mode → amount → (credentials) → review → result.
// The input steps are the wizard reducer's; from the review on, the one POST and its outcome are useMoneyPost's.
import React, {useEffect, useReducer, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import type {BorrowRequest, EstimateRequest} from '../../api/types.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {useStore} from '../../ui/use-store.js';
import type {KeyHelp} from '../../ui/keys/key-help.js';
import {Spinner} from '../../ui/components/spinner.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {TextField} from '../../ui/fields/text-field.js';
import {PERIOD_CHOICES} from '../../ui/fields/period-choices.js';
import {ChoiceList} from '../../ui/fields/choice-list.js';
import {useTextField} from '../../ui/fields/use-text-field.js';
import {routeChoiceKey} from '../../ui/fields/field-keys.js';
import {useCoinSuggestions} from '../../ui/fields/use-coin-suggestions.js';
import {useCredentialsForm} from '../../ui/credentials/credentials-form.js';
import {AMOUNT_MODES, borrowMemoryOf, initialWizard, wizardReducer, type AmountMode, type WizardState, type WizardStep} from './reducer.js';
import {useMoneyPost} from '../../ui/money/use-money-post.js';
import type {MoneyResult} from '../../operations/money-pipeline.js';
import {OutcomeUnknownView} from '../../ui/money/outcome-unknown-view.js';
import {borrowRequestOf, requestBody} from './borrow-request.js';
import {useReviewEstimate} from './use-review-estimate.js';
import {Review} from './review.js';
import {useReviewChecks} from './use-review-checks.js';
import {copiedMessage} from '../../services/clipboard.js';

/** What the screen shows: a wizard step, or where the borrow request is once the review was confirmed. */
type Stage = WizardStep | 'submitting' | 'result' | 'unknown';

/** The step's name in the title, which reads "Borrow · n of N · Step". */
const STEP_TITLES: Record<Stage, string> = {
	loanCoin: 'Loan coin',
	pledgeCoin: 'Pledge coin',
	period: 'Period',
	amountMode: 'Amount type',
	amount: 'Amount',
	credentials: 'API credentials (none were found)',
	review: 'Review: exactly what will be sent',
	submitting: 'Sending',
	result: 'Done',
	unknown: 'Outcome unknown',
};
const INPUT_STEPS: Stage[] = ['loanCoin', 'pledgeCoin', 'period', 'amountMode', 'amount'];

const MODE_CHOICES: Array<{label: string; value: AmountMode}> = [
	{label: 'Pledge amount — how much collateral you put up', value: 'pledge'},
	{label: 'Loan amount — how much you want to borrow', value: 'loan'},
];

const KEYS: Partial<Record<Stage, KeyHelp[]>> = {
	loanCoin: [{keys: 'Enter', action: 'next', footer: true}, {keys: '↑/↓', action: 'choose a suggested coin'}],
	pledgeCoin: [{keys: 'Enter', action: 'next', footer: true}, {keys: '↑/↓', action: 'choose a suggested coin'}],
	period: [{keys: '↑/↓', action: 'choose', footer: true}, {keys: 'Enter', action: 'next', footer: true}],
	amountMode: [{keys: '↑/↓', action: 'choose', footer: true}, {keys: 'Enter', action: 'next', footer: true}],
	amount: [{keys: 'Enter', action: 'review', footer: true}],
	credentials: [{keys: 'Enter', action: 'next field', footer: true}],
	review: [{keys: 'y', action: 'borrow (only y sends)', footer: true}, {keys: 'n', action: 'change values', footer: true}, {keys: 'Enter', action: 'does nothing here'}],
	submitting: [],
	result: [{keys: 'c', action: 'copy the order ID', footer: true}, {keys: 'Enter', action: 'home', footer: true}, {keys: 'Esc', action: 'home', footer: true}],
	unknown: [{keys: 'Esc', action: 'back to review (sending again needs a second y)', footer: true}, {keys: 'h', action: 'home', footer: true}],
};

export function BorrowScreen({prefill}: {prefill?: Partial<EstimateRequest>}) {
	const {client, theme, credentials, connectedTo, coinInfos, clipboard, journal, reconcileMs, inputs} = useServices();
	const credentialsState = useStore(credentials);
	const navigation = useNavigation();
	const [state, dispatch] = useReducer(wizardReducer, prefill, (carried) => initialWizard(carried, inputs.borrow()));
	// After every change (the memory ignores a render that changed no value): kept for the session and next run.
	useEffect(() => inputs.rememberBorrow(borrowMemoryOf(state)));

	useEffect(() => {
		void credentials.load().then((loaded) => dispatch({type: 'credentials-needed', needed: loaded.status !== 'ready'}));
	}, [credentials]);
	useEffect(() => {
		if (state.exit) navigation.back();
	}, [state.exit, navigation]);
	// A y typed while the review's own checks still load leaves the pre-check to the pipeline (operations/borrow-check.ts).
	const prechecked = useRef(false);
	const post = useMoneyPost((request: BorrowRequest) => ({kind: 'borrow', request, prechecked: prechecked.current}), {report: {source: 'borrow', what: () => 'Borrow'}});
	const [copied, setCopied] = useState<string | undefined>(undefined);
	const stage: Stage = post.state.phase === 'posting' ? 'submitting' : post.state.phase === 'done' ? 'result' : post.state.phase === 'unknown' ? 'unknown' : state.step;
	const estimate = useReviewEstimate(client, state.values, stage === 'review');
	const checks = useReviewChecks(client, coinInfos, state.values, stage === 'review', estimate);

	const textField = state.step === 'loanCoin' || state.step === 'pledgeCoin' || state.step === 'amount' ? state.step : undefined;
	const {coins, shown: suggestions} = useCoinSuggestions(
		textField === 'loanCoin' || textField === 'pledgeCoin' ? state.values[textField] : undefined,
		textField === 'pledgeCoin' ? 'pledge' : 'loan',
	);

	const form = useCredentialsForm({
		active: state.step === 'credentials',
		theme,
		profile: credentials.profile,
		canSave: connectedTo !== 'demo',
		onKeep: async (entered, choice) => {
			if (choice === 'save') await credentials.save(entered);
			else credentials.useForSession(entered);
			dispatch({type: 'credentials-ready'});
		},
		onCancel: () => dispatch({type: 'back'}),
	});

	const textInput = useTextField({
		focused: textField !== undefined,
		submit: () => dispatch({type: 'submit', coins}),
		suggest: (by) => dispatch({type: 'suggest', by, coins}),
		edit: (edit) => dispatch({type: 'text', edit}),
	});
	const mode = stage === 'submitting' ? 'busy' : state.step === 'credentials' ? form.mode : textField ? 'text' : 'navigate';
	const active = useScreenInput({
		mode,
		keys: KEYS[stage] ?? [],
		onKey: (input, key) => {
			// While the request is out, keys change nothing (Ctrl+C still quits, in the shell).
			if (stage === 'submitting') return;
			if (stage === 'review') {
				// Only a typed y sends (a paste never reaches here); n drops a pending second y, then goes back.
				// A y the checks refuse (plain http to another host, outside Bitget's limits) sends nothing.
				if (input === 'y' || input === 'Y') {
					if (checks.blocked) return;
					prechecked.current = !checks.checking;
					post.confirm(borrowRequestOf(state.values), requestBody(state.values));
				}
				else if (input === 'n' || input === 'N') {
					if (post.state.confirmAgain) post.decline();
					else dispatch({type: 'decline'});
				}
				return;
			}
			if (stage === 'result' && key.return) return navigation.home();
			if (stage === 'result' && (input === 'c' || input === 'C')) {
				const orderId = orderIdOf(post.state.result);
				clipboard?.copy(orderId);
				return setCopied(copiedMessage(clipboard, 'Order ID'));
			}
			if (stage === 'unknown' && input === 'h') return navigation.home();
			if (stage === 'unknown' || stage === 'result') return;
			if (state.step === 'credentials') return form.onKey(input, key);
			if (state.step === 'period' || state.step === 'amountMode') {
				return routeChoiceKey(input, key, {submit: () => dispatch({type: 'submit'}), move: (move) => dispatch({type: 'select', move})});
			}
			textInput.onKey(input, key);
		},
		// Pasted text goes into the step's text field; on the review (or any other step) it is dropped: only a typed y sends.
		onPaste: (text) => {
			if (stage === 'credentials') return form.onPaste(text);
			textInput.onPaste(text);
		},
		// The wizard steps back inside itself; it leaves (via state.exit) only from the first step or the result.
		onBack: () => {
			if (stage === 'submitting') return true;
			if (stage === 'credentials') return form.back();
			if (stage === 'result') {
				navigation.home();
				return true;
			}
			if (stage === 'unknown') post.review();
			else if (stage === 'review' && post.state.confirmAgain) post.decline();
			else dispatch({type: 'back'});
			return true;
		},
	});

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
					<Summary state={state} />
					<Text> </Text>
				</>
			) : null}
			{textField ? (
				<TextField
					label={textField === 'amount' ? (state.values.amountMode === 'pledge' ? `Pledge (${state.values.pledgeCoin})` : `Loan (${state.values.loanCoin})`) : textField === 'loanCoin' ? 'Loan coin' : 'Pledge coin'}
					labelWidth={16}
					value={state.values[textField]}
					cursor={state.cursor}
					focused={active}
					theme={theme}
					error={state.error}
					suggestions={suggestions}
					highlighted={state.suggestion}
				/>
			) : null}
			{state.step === 'period' ? <ChoiceList choices={PERIOD_CHOICES} selected={PERIOD_CHOICES.findIndex((c) => c.value === state.values.daily)} focused={active} color={theme.accent} /> : null}
			{state.step === 'amountMode' ? <ChoiceList choices={MODE_CHOICES} selected={AMOUNT_MODES.indexOf(state.values.amountMode)} focused={active} color={theme.accent} /> : null}
			{state.step === 'credentials' ? form.view : null}
			{stage === 'review' ? (
				<Review
					values={state.values}
					estimate={estimate}
					refusal={post.state.refusal}
					confirmAgain={post.state.confirmAgain}
					connectedTo={connectedTo}
					origin={client.origin}
					credentials={credentialsState}
					theme={theme}
					checks={checks}
				/>
			) : null}
			{stage === 'submitting' ? <Spinner label="Sending the borrow request… (keys are ignored until the server answers)" color={theme.accent} /> : null}
			{stage === 'result' ? <Result orderId={orderIdOf(post.state.result)} state={state} color={theme.good} copied={copied} kept={journal !== undefined} /> : null}
			{stage === 'unknown' ? <OutcomeUnknownView post={post.state} checkMs={reconcileMs} theme={theme} /> : null}
		</Box>
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
		<Text dimColor wrap="truncate">
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
			<Text wrap="truncate">
				Borrowed {values.loanCoin} against {values.pledgeCoin}, {PERIOD_LABEL[values.daily]},{' '}
				{values.amountMode === 'pledge' ? `pledging ${values.amount} ${values.pledgeCoin}` : `${values.amount} ${values.loanCoin}`}.
			</Text>
			{kept ? <Text wrap="truncate">Kept in this app's history: loan-tui history --local</Text> : null}
			{copied ? <Text wrap="wrap">{copied}</Text> : null}
		</Box>
	);
}

function orderIdOf(result: MoneyResult | undefined): string {
	return result?.kind === 'borrow' ? result.result.orderId : '';
}
