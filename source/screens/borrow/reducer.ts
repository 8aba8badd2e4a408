// The borrow wizard's input steps as plain state, up to the review. Every transition is here and tested; what
// happens once the review is confirmed (the one POST, its outcome) is ui/money's, through ui/money/use-money-post.ts.
import {PERIODS, type EstimateRequest, type Period} from '../../api/types.js';
import {nextChoice} from '../../ui/fields/choice-field.js';
import {checkAmount, checkCoin} from '../../api/validate.js';
import type {TextEdit} from '../../ui/fields/text-editing.js';
import {coinFieldReducer, type CoinFieldAction} from '../../ui/fields/coin-field-state.js';
import {coinListProblem, NO_SUGGESTION, pairProblem, type CoinLike} from '../../ui/fields/coin-rules.js';
import {arrivedAt} from '../../ui/fields/text-field-state.js';

export type WizardStep = 'loanCoin' | 'pledgeCoin' | 'period' | 'amountMode' | 'amount' | 'credentials' | 'review';

export const AMOUNT_MODES = ['pledge', 'loan'] as const;
export type AmountMode = (typeof AMOUNT_MODES)[number];

export interface WizardValues {
	loanCoin: string;
	pledgeCoin: string;
	daily: Period;
	amountMode: AmountMode;
	amount: string;
}

export interface WizardState {
	step: WizardStep;
	values: WizardValues;
	/** Cursor in the current text step's field. */
	cursor: number;
	/** The text step's value is selected (remembered, carried, or there on arriving back): typing replaces it. */
	selected?: boolean;
	/** Highlighted coin suggestion on a coin step. */
	suggestion: number;
	/** Why the current text step's value was not accepted. */
	error?: string;
	/** No credentials were found: a step before review asks for them. */
	needsCredentials: boolean;
	/** Left the wizard (Esc on the first step). */
	exit: boolean;
	/** The amount typed for the mode not chosen now: a mode switch brings it back and never carries the other over. */
	otherAmount?: string;
	/** The step values carried in (Estimate's Ctrl+B, a Plan row's Enter) opened on: Esc there leaves the wizard, back to
	 * the screen that opened it, one Esc for the one screen pushed (the values are changed there). */
	carriedTo?: WizardStep;
}

export type WizardAction =
	| {type: 'edit'; value: string}
	| {type: 'text'; edit: TextEdit}
	/** Enter on a text step; on a coin step the highlighted suggestion from `coins` is taken first, and the coin must be
	 * one of `allowed` (Bitget's loanable or pledgeable coins) when that list is known. */
	| {type: 'submit'; coins?: readonly CoinLike[]; allowed?: readonly string[]}
	| {type: 'suggest'; by: number; coins: readonly CoinLike[]}
	/** On the period and amount-mode steps: move the selection (Enter is `submit`). */
	| {type: 'select'; move: {type: 'cycle'; by: number} | {type: 'pick'; index: number}}
	/** On the period step: that period (a key that names it), staying on the step. */
	| {type: 'period'; daily: Period}
	| {type: 'choose-period'; daily: Period}
	| {type: 'choose-mode'; mode: AmountMode}
	| {type: 'back'}
	| {type: 'credentials-needed'; needed: boolean}
	| {type: 'credentials-ready'}
	/** "n" on the review: back to the step holding the value refused (`to`), else to the amount. */
	| {type: 'decline'; to?: 'loanCoin' | 'pledgeCoin'};

const TEXT_STEPS = {loanCoin: 'loanCoin', pledgeCoin: 'pledgeCoin', amount: 'amount'} as const;

/** What the wizard remembers of an earlier visit (this session or the last run): each amount under its own name. */
export interface RememberedBorrow {
	loanCoin?: string;
	pledgeCoin?: string;
	daily?: Period;
	amountMode?: AmountMode;
	pledgeAmount?: string;
	loanAmount?: string;
}

/** The remembered values as they are kept: both amounts, whichever mode is chosen now. */
export function borrowMemoryOf(state: WizardState): Required<RememberedBorrow> {
	const {values} = state;
	const other = state.otherAmount ?? '';
	return {
		loanCoin: values.loanCoin,
		pledgeCoin: values.pledgeCoin,
		daily: values.daily,
		amountMode: values.amountMode,
		pledgeAmount: values.amountMode === 'pledge' ? values.amount : other,
		loanAmount: values.amountMode === 'loan' ? values.amount : other,
	};
}

/** Values carried from the estimate win; without them the wizard opens on its first step with what was remembered. */
export function initialWizard(prefill?: Partial<EstimateRequest> & {loanAmount?: string}, remembered?: RememberedBorrow): WizardState {
	if (!prefill && remembered) {
		const amountMode = remembered.amountMode ?? 'pledge';
		const values: WizardValues = {
			loanCoin: remembered.loanCoin ?? '',
			pledgeCoin: remembered.pledgeCoin ?? '',
			daily: remembered.daily ?? 'SEVEN',
			amountMode,
			amount: (amountMode === 'pledge' ? remembered.pledgeAmount : remembered.loanAmount) ?? '',
		};
		const otherAmount = (amountMode === 'pledge' ? remembered.loanAmount : remembered.pledgeAmount) ?? '';
		return {step: 'loanCoin', values, ...arrivedAt(values.loanCoin), suggestion: NO_SUGGESTION, needsCredentials: false, exit: false, otherAmount};
	}
	const values: WizardValues = {
		loanCoin: prefill?.loanCoin ?? '',
		pledgeCoin: prefill?.pledgeCoin ?? '',
		daily: prefill?.daily ?? 'SEVEN',
		// An amount to borrow carried over (a plan's row) opens the loan-amount mode; a pledge amount, the pledge mode.
		amountMode: prefill?.loanAmount === undefined ? 'pledge' : 'loan',
		amount: prefill?.loanAmount ?? prefill?.pledgeAmount ?? '',
	};
	const complete = checkCoin(values.loanCoin).ok && checkCoin(values.pledgeCoin).ok && checkAmount(values.amount).ok;
	// Values carried from the estimate land on the amount step: one Enter to review, Esc back to change anything.
	const step = complete ? 'amount' : 'loanCoin';
	const otherAmount = prefill?.loanAmount === undefined ? undefined : (prefill.pledgeAmount ?? '');
	return {
		step,
		values,
		...arrivedAt(values[step]),
		suggestion: NO_SUGGESTION,
		needsCredentials: false,
		exit: false,
		...(otherAmount === undefined ? {} : {otherAmount}),
		...(prefill && step !== 'loanCoin' ? {carriedTo: step} : {}),
	};
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
	const next = reduce(state, action);
	// Arriving on a text step puts the cursor after what is already there, selected: typing replaces it.
	if (next.step !== state.step && next.step in TEXT_STEPS) {
		const {cursor, selected} = arrivedAt(next.values[TEXT_STEPS[next.step as keyof typeof TEXT_STEPS]]);
		return {...next, cursor, selected, suggestion: NO_SUGGESTION};
	}
	return next;
}

function reduce(state: WizardState, action: WizardAction): WizardState {
	switch (action.type) {
		case 'edit':
			return field(state, {type: 'set', value: action.value}, true);
		case 'text':
			return field(state, {type: 'edit', edit: action.edit});
		case 'suggest':
			return state.step === 'loanCoin' || state.step === 'pledgeCoin' ? field(state, action) : state;
		case 'submit':
			return submitText(
				action.coins && (state.step === 'loanCoin' || state.step === 'pledgeCoin') ? field(state, {type: 'complete', coins: action.coins}) : state,
				action.allowed,
			);
		case 'select': {
			if (state.step === 'period') {
				const daily = PERIODS[nextChoice(PERIODS.indexOf(state.values.daily), PERIODS.length, action.move)]!;
				return {...state, values: {...state.values, daily}};
			}
			if (state.step === 'amountMode') {
				return withMode(state, AMOUNT_MODES[nextChoice(AMOUNT_MODES.indexOf(state.values.amountMode), AMOUNT_MODES.length, action.move)]!);
			}
			return state;
		}
		case 'period':
			return state.step === 'period' && state.values.daily !== action.daily ? {...state, values: {...state.values, daily: action.daily}} : state;
		case 'choose-period':
			return state.step === 'period' ? {...state, values: {...state.values, daily: action.daily}, step: 'amountMode'} : state;
		case 'choose-mode':
			return state.step === 'amountMode' ? {...withMode(state, action.mode), step: 'amount', error: undefined} : state;
		case 'back':
			return back(state);
		case 'credentials-needed':
			return {...state, needsCredentials: action.needed};
		case 'credentials-ready':
			return state.step === 'credentials' ? {...state, needsCredentials: false, step: 'review'} : {...state, needsCredentials: false};
		case 'decline':
			return state.step === 'review' ? {...state, step: action.to ?? 'amount'} : state;
	}
}

/**
 * Which coin the review's refusals are about, if one is: the server's "Parameter X does not exist" (40034) naming a
 * coin, or a check saying a coin is not loanable or not pledgeable. `n` then goes back to that coin's step.
 */
export function refusedCoinStep(values: WizardValues, messages: ReadonlyArray<string | undefined>): 'loanCoin' | 'pledgeCoin' | undefined {
	for (const message of messages) {
		if (!message) continue;
		const named = /Parameter (\S+) does not exist/i.exec(message)?.[1]?.toUpperCase();
		if (named === values.loanCoin || (message.includes(`${values.loanCoin} is not`) && message.includes('loanable'))) return 'loanCoin';
		if (named === values.pledgeCoin || (message.includes(`${values.pledgeCoin} is not`) && message.includes('pledgeable'))) return 'pledgeCoin';
	}
	return undefined;
}

/** Switches the amount mode: the amount typed for the old mode is put aside, the one for the new mode comes back. */
function withMode(state: WizardState, amountMode: AmountMode): WizardState {
	if (amountMode === state.values.amountMode) return state;
	return {...state, values: {...state.values, amountMode, amount: state.otherAmount ?? ''}, otherAmount: state.values.amount};
}

/** The current text step's field reducer (a coin field; the amount has no suggestions). A changed value clears the
 * step's error; `clearError` clears it anyway. */
function field(state: WizardState, action: CoinFieldAction, clearError = false): WizardState {
	const name = TEXT_STEPS[state.step as keyof typeof TEXT_STEPS];
	if (!name) return state;
	const next = coinFieldReducer({value: state.values[name], cursor: state.cursor, suggestion: state.suggestion, selected: state.selected}, action);
	const changed = next.value !== state.values[name];
	const selected = Boolean(next.selected);
	if (!changed && next.cursor === state.cursor && next.suggestion === state.suggestion && selected === Boolean(state.selected) && !clearError) return state;
	return {
		...state,
		values: {...state.values, [name]: next.value},
		cursor: next.cursor,
		suggestion: next.suggestion,
		selected,
		error: changed || clearError ? undefined : state.error,
	};
}

function submitText(state: WizardState, allowed?: readonly string[]): WizardState {
	const {values} = state;
	const notAllowed = (coin: string, kind: 'loan' | 'pledge') => coinListProblem(coin, kind, allowed);
	switch (state.step) {
		case 'period':
			return {...state, step: 'amountMode'};
		case 'amountMode':
			return {...state, step: 'amount', error: undefined};
		case 'loanCoin': {
			const coin = checkCoin(values.loanCoin, 'loan coin');
			if (!coin.ok) return {...state, error: coin.message};
			const refused = notAllowed(coin.value, 'loan');
			if (refused) return {...state, error: refused};
			return {...state, values: {...values, loanCoin: coin.value}, step: 'pledgeCoin', error: undefined};
		}
		case 'pledgeCoin': {
			const coin = checkCoin(values.pledgeCoin, 'pledge coin');
			if (!coin.ok) return {...state, error: coin.message};
			const problem = pairProblem(values.loanCoin, coin.value) ?? notAllowed(coin.value, 'pledge');
			if (problem) return {...state, error: problem};
			return {...state, values: {...values, pledgeCoin: coin.value}, step: 'period', error: undefined};
		}
		case 'amount': {
			const amount = checkAmount(values.amount, values.amountMode === 'pledge' ? 'pledge amount' : 'loan amount');
			if (!amount.ok) return {...state, error: amount.message};
			return {...state, values: {...values, amount: amount.value}, step: state.needsCredentials ? 'credentials' : 'review', error: undefined};
		}
		default:
			return state;
	}
}

/** Esc leaves the wizard from here: its first step, or the step carried values opened it on. */
export function backLeaves(state: WizardState): boolean {
	return state.step === 'loanCoin' || state.step === state.carriedTo;
}

function back(state: WizardState): WizardState {
	const to = (step: WizardStep): WizardState => ({...state, step, error: undefined});
	if (backLeaves(state)) return {...state, exit: true};
	switch (state.step) {
		case 'loanCoin':
			return {...state, exit: true};
		case 'pledgeCoin':
			return to('loanCoin');
		case 'period':
			return to('pledgeCoin');
		case 'amountMode':
			return to('period');
		case 'amount':
			return to('amountMode');
		case 'credentials':
			return to('amount');
		case 'review':
			return to('amount');
	}
}
