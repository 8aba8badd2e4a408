// The borrow wizard: loan coin → pledge coin → period → amount mode → amount → (credentials) → review → result.
// The input steps are the wizard reducer's; from the review on, the one POST and its outcome are useMoneyPost's,
// with the keys and views every money screen shares (ui/money).
import React, {useEffect, useReducer, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import type {BorrowRequest} from '../../api/types.js';
import type {BorrowPrefill} from '../routes.js';
import type {Binding} from '../../ui/keys/binding.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {useStore} from '../../ui/use-store.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {TextField} from '../../ui/fields/text-field.js';
import {PERIOD_CHOICES, PERIOD_HOTKEYS, periodBindings} from '../../ui/fields/period-choices.js';
import {ChoiceList} from '../../ui/fields/choice-list.js';
import {choiceBindings} from '../../ui/fields/field-bindings.js';
import {useTextField} from '../../ui/fields/use-text-field.js';
import {useCoinSuggestions} from '../../ui/fields/use-coin-suggestions.js';
import {useCredentialsForm} from '../../ui/credentials/credentials-form.js';
import {canSaveTo} from '../../services/credentials-access.js';
import {errorLine} from '../../format/describe-error.js';
import {AMOUNT_MODES, backLeaves, borrowMemoryOf, refusedCoinStep, initialWizard, wizardReducer, type AmountMode, type WizardState, type WizardStep} from './reducer.js';
import {useMoneyPost} from '../../ui/money/use-money-post.js';
import {MONEY_STAGE_TITLES, moneyInputMode, moneyReviewBindings, moneyStage, type MoneyStage} from '../../ui/money/money-review-bindings.js';
import {MoneyPostView} from '../../ui/money/money-post-view.js';
import type {MoneyResult} from '../../operations/money-pipeline.js';
import {borrowRequestOf, requestBody} from './borrow-request.js';
import {useReviewEstimate} from './use-review-estimate.js';
import {Review} from './review.js';
import {useReviewChecks} from './use-review-checks.js';
import {copiedMessage} from '../../services/clipboard.js';
import {sanitize} from '../../format/sanitize.js';
import {coinsFromInfos, type CoinInfoState} from '../../services/coin-info-store.js';
import {createStore} from '../../services/store.js';
import {usePrices} from '../../ui/use-prices.js';
import {useBodySize} from '../../ui/layout.js';
import {useNow} from '../../ui/use-now.js';

const NO_COIN_INFOS = createStore<CoinInfoState>({status: 'idle'});

/** What the screen shows: a wizard step, or where the borrow request is once the review was confirmed. */
type Stage = WizardStep | MoneyStage;

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
	const {client, theme, credentials, connectedTo, coinInfos, clipboard, journal, inputs} = useServices();
	const credentialsState = useStore(credentials);
	const keychain = useStore(credentials.keychain);
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
	const money = moneyStage(post.state.phase, state.step === 'review');
	const stage: Stage = money ?? state.step;
	const estimate = useReviewEstimate(client, state.values, stage === 'review');
	const checks = useReviewChecks(client, coinInfos, state.values, stage === 'review', estimate);
	// Read once as the review opens (again when it opens again, after a change of values); the age ticks on.
	const prices = usePrices(client, stage === 'review');
	useNow();
	const {rows: bodyRows, columns} = useBodySize();
	// The server accepted these values (its estimate answered for them, or the borrow went through): the next run
	// opens with them. Values it refused stay this session's only.
	const answered = state.values.amountMode === 'pledge' ? estimate !== 'loading' && estimate?.ok === true : checks.cost?.status === 'ready' && checks.cost.cost !== undefined;
	const accepted = stage === 'result' || (stage === 'review' && !checks.blocked && answered);
	const acceptedMemory = accepted ? JSON.stringify(borrowMemoryOf(state)) : undefined;
	useEffect(() => {
		if (acceptedMemory) inputs.acceptBorrow(JSON.parse(acceptedMemory) as ReturnType<typeof borrowMemoryOf>);
	}, [acceptedMemory, inputs]);

	const textField = state.step === 'loanCoin' || state.step === 'pledgeCoin' || state.step === 'amount' ? state.step : undefined;
	const coinField = textField === 'loanCoin' || textField === 'pledgeCoin';
	const {coins, shown: suggestions} = useCoinSuggestions(coinField ? state.values[textField] : undefined, textField === 'pledgeCoin' ? 'pledge' : 'loan');

	const form = useCredentialsForm({
		active: state.step === 'credentials',
		theme,
		profile: credentials.profile,
		canSave: connectedTo !== 'demo' && canSaveTo(keychain),
		notSavedBecause: keychain.status === 'unavailable' ? sanitize(keychain.reason) : undefined,
		onKeep: async (entered, choice) => {
			if (choice === 'save') await credentials.save(entered);
			else credentials.useForSession(entered);
			dispatch({type: 'credentials-ready'});
		},
		onCancel: () => dispatch({type: 'back'}),
	});

	// A coin step checks the coin against Bitget's loanable (or pledgeable) coins when that list is there; an Enter
	// while it loads waits for it (a failed lookup checks nothing here: the review's check and the server do).
	const infos = useStore(coinInfos ?? NO_COIN_INFOS);
	const allowed = coinField && infos.status === 'ready' ? coinsFromInfos(infos.infos, textField === 'pledgeCoin' ? 'pledge' : 'loan') : undefined;
	const [submitWaiting, setSubmitWaiting] = useState(false);
	const submit = () => {
		if (coinField && coinInfos && (infos.status === 'loading' || infos.status === 'idle')) return setSubmitWaiting(true);
		dispatch({type: 'submit', coins, allowed});
	};
	useEffect(() => {
		if (!submitWaiting || infos.status === 'loading' || infos.status === 'idle') return;
		setSubmitWaiting(false);
		dispatch({type: 'submit', coins, allowed});
	}, [submitWaiting, infos.status, coins, allowed]);
	const textInput = useTextField({
		focused: textField !== undefined,
		submit,
		// ↑/↓ move a suggestion only while the coin field shows some (the amount has none).
		...(coinField && suggestions.length > 0 ? {suggest: (by: number) => dispatch({type: 'suggest', by, coins})} : {}),
		edit: (edit) => dispatch({type: 'text', edit}),
	});
	// The wizard steps back inside itself; it leaves from the first step, or from the step carried values opened it on
	// (reducer.ts backLeaves). Leaving goes back at once, with this key: the next Esc of the same read then acts on the
	// screen below, not on a wizard still waiting for an effect to take it away.
	const leaves = backLeaves(state);
	const back: Binding = {keys: ['Esc'], description: leaves ? 'leave the borrow' : 'back a step', handler: () => (leaves ? navigation.back() : dispatch({type: 'back'}))};
	const stepRows = (): Binding[] => {
		switch (state.step) {
			case 'credentials':
				return form.bindings;
			case 'period':
				return [...periodBindings({choose: (daily) => dispatch({type: 'period', daily}), move: (by) => dispatch({type: 'select', move: {type: 'cycle', by}}), submit: () => dispatch({type: 'submit'})}, {submit: 'next'}), back];
			case 'amountMode':
				return [...choiceBindings({submit: () => dispatch({type: 'submit'}), move: (move) => dispatch({type: 'select', move})}, {count: MODE_CHOICES.length, submit: 'next'}), back];
			default:
				// Esc first: the text row comes last and takes every other key.
				return [back, ...textInput.bindings({submit: state.step === 'amount' ? 'review' : 'next', suggestion: 'a suggested coin'})];
		}
	};
	const bindings = money
		? moneyReviewBindings(post, {
				verb: 'borrow',
				// A y the checks refuse (plain http to another host, outside Bitget's limits) sends nothing.
				blocked: Boolean(checks.blocked),
				send: () => {
					prechecked.current = !checks.checking;
					post.confirm(borrowRequestOf(state.values), requestBody(state.values));
				},
				change: () =>
					dispatch({
						type: 'decline',
						to: refusedCoinStep(state.values, [
							post.state.refusal === undefined ? undefined : errorLine(post.state.refusal),
							checks.blocked,
							estimate !== 'loading' && estimate && !estimate.ok ? errorLine(estimate.error) : undefined,
							checks.cost?.status === 'error' ? errorLine(checks.cost.error) : undefined,
						]),
					}),
				home: () => navigation.home(),
				copy: {
					what: 'order ID',
					handler: () => {
						clipboard?.copy(orderIdOf(post.state.result));
						setCopied(copiedMessage(clipboard, 'Order ID'));
					},
				},
			})
		: stepRows();
	const active = useScreenInput({
		mode: money ? moneyInputMode(money) : state.step === 'credentials' ? form.mode : textField ? 'text' : 'navigate',
		bindings,
		// An Enter that waits for the coin list holds the keys typed after it: they belong to the next step, not this field.
		loading: submitWaiting,
		// Pasted text goes into the step's text field; on the review (or any other step) it is dropped: only a typed y sends.
		onPaste: (text) => {
			if (stage === 'credentials') return form.onPaste(text);
			textInput.onPaste(text);
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
					selected={state.selected}
					focused={active}
					theme={theme}
					error={state.error}
					suggestions={suggestions}
					highlighted={state.suggestion}
				/>
			) : null}
			{state.step === 'period' ? <ChoiceList choices={PERIOD_CHOICES} selected={PERIOD_CHOICES.findIndex((c) => c.value === state.values.daily)} focused={active} color={theme.accent} keys={PERIOD_HOTKEYS} /> : null}
			{state.step === 'amountMode' ? <ChoiceList choices={MODE_CHOICES} selected={AMOUNT_MODES.indexOf(state.values.amountMode)} focused={active} color={theme.accent} keys="numbers" /> : null}
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
					prices={prices}
					pledgeInfo={infos.status === 'ready' ? infos.infos.pledgeInfos.find((info) => info.coin === state.values.pledgeCoin) : undefined}
					now={client.clock.now()}
					rows={bodyRows}
					columns={columns}
				/>
			) : null}
			<MoneyPostView post={post.state} sending="the borrow request" />
			{stage === 'result' ? <Result orderId={orderIdOf(post.state.result)} state={state} color={theme.good} copied={copied} kept={journal !== undefined} /> : null}
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

function orderIdOf(result: MoneyResult | undefined): string {
	return result?.kind === 'borrow' ? result.result.orderId : '';
}
