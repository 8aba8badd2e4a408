// The borrow wizard's input steps as plain state, up to the review. Every transition is here and tested; what
// happens once the review is confirmed (the one POST, its outcome) is ui/money's, through use-money-post.ts.
import {PERIODS, type EstimateRequest, type Period} from '../../api/types.js';
import {nextChoice} from '../../ui/components/choice-list.js';
import {checkAmount, checkCoin} from '../../api/validate.js';
import {applyTextEdit, type TextEdit} from '../../ui/fields/text-editing.js';
import {suggestCoins} from '../../ui/fields/coin-rules.js';

export type WizardStep =
	| 'loanCoin'
	| 'pledgeCoin'
	| 'period'
	| 'amountMode'
	| 'amount'
	| 'credentials'
	| 'review';

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
	/** Highlighted coin suggestion on a coin step. */
	suggestion: number;
	/** Why the current text step's value was not accepted. */
	error?: string;
	/** No credentials were found: a step before review asks for them. */
	needsCredentials: boolean;
	/** Left the wizard (Esc on the first step). */
	exit: boolean;
}

export type WizardAction =
	| {type: 'edit'; value: string}
	| {type: 'text'; edit: TextEdit}
	/** Enter on a text step; on a coin step the highlighted suggestion from `coins` is taken first. */
	| {type: 'submit'; coins?: readonly string[]}
	| {type: 'suggest'; by: number; coins: readonly string[]}
	/** On the period and amount-mode steps: move the selection (Enter is `submit`). */
	| {type: 'select'; move: {type: 'cycle'; by: number} | {type: 'pick'; index: number}}
	| {type: 'choose-period'; daily: Period}
	| {type: 'choose-mode'; mode: AmountMode}
	| {type: 'back'}
	| {type: 'credentials-needed'; needed: boolean}
	| {type: 'credentials-ready'}
	/** "n" on the review: back to the amount. */
	| {type: 'decline'};

const TEXT_STEPS = {loanCoin: 'loanCoin', pledgeCoin: 'pledgeCoin', amount: 'amount'} as const;

export function initialWizard(prefill?: Partial<EstimateRequest>): WizardState {
	const values: WizardValues = {
		loanCoin: prefill?.loanCoin ?? '',
		pledgeCoin: prefill?.pledgeCoin ?? '',
		daily: prefill?.daily ?? 'SEVEN',
		amountMode: 'pledge',
		amount: prefill?.pledgeAmount ?? '',
	};
	const complete = checkCoin(values.loanCoin).ok && checkCoin(values.pledgeCoin).ok && checkAmount(values.amount).ok;
	// Values carried from the estimate land on the amount step: one Enter to review, Esc to change anything.
	const step = complete ? 'amount' : 'loanCoin';
	return {step, values, cursor: values[step].length, suggestion: 0, needsCredentials: false, exit: false};
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
	const next = reduce(state, action);
	// Arriving on a text step puts the cursor after what is already there.
	if (next.step !== state.step && next.step in TEXT_STEPS) {
		return {...next, cursor: next.values[TEXT_STEPS[next.step as keyof typeof TEXT_STEPS]].length, suggestion: 0};
	}
	return next;
}

function reduce(state: WizardState, action: WizardAction): WizardState {
	switch (action.type) {
		case 'edit': {
			const field = TEXT_STEPS[state.step as keyof typeof TEXT_STEPS];
			if (!field) return state;
			return {...state, values: {...state.values, [field]: action.value}, cursor: action.value.length, error: undefined};
		}
		case 'text': {
			const field = TEXT_STEPS[state.step as keyof typeof TEXT_STEPS];
			if (!field) return state;
			const edited = applyTextEdit({value: state.values[field], cursor: state.cursor}, action.edit);
			if (edited.value === state.values[field] && edited.cursor === state.cursor) return state;
			const changed = edited.value !== state.values[field];
			return {...state, values: {...state.values, [field]: edited.value}, cursor: edited.cursor, error: changed ? undefined : state.error, suggestion: changed ? 0 : state.suggestion};
		}
		case 'suggest': {
			if (state.step !== 'loanCoin' && state.step !== 'pledgeCoin') return state;
			const count = suggestCoins(action.coins, state.values[state.step]).length;
			return count === 0 ? state : {...state, suggestion: (state.suggestion + action.by + count) % count};
		}
		case 'submit':
			return submitText(action.coins ? completeCoin(state, action.coins) : state);
		case 'select': {
			if (state.step === 'period') {
				const daily = PERIODS[nextChoice(PERIODS.indexOf(state.values.daily), PERIODS.length, action.move)]!;
				return {...state, values: {...state.values, daily}};
			}
			if (state.step === 'amountMode') {
				const amountMode = AMOUNT_MODES[nextChoice(AMOUNT_MODES.indexOf(state.values.amountMode), AMOUNT_MODES.length, action.move)]!;
				return {...state, values: {...state.values, amountMode}};
			}
			return state;
		}
		case 'choose-period':
			return state.step === 'period' ? {...state, values: {...state.values, daily: action.daily}, step: 'amountMode'} : state;
		case 'choose-mode':
			return state.step === 'amountMode' ? {...state, values: {...state.values, amountMode: action.mode}, step: 'amount', error: undefined} : state;
		case 'back':
			return back(state);
		case 'credentials-needed':
			return {...state, needsCredentials: action.needed};
		case 'credentials-ready':
			return state.step === 'credentials' ? {...state, needsCredentials: false, step: 'review'} : {...state, needsCredentials: false};
		case 'decline':
			return state.step === 'review' ? {...state, step: 'amount'} : state;
	}
}

function completeCoin(state: WizardState, coins: readonly string[]): WizardState {
	if (state.step !== 'loanCoin' && state.step !== 'pledgeCoin') return state;
	const suggestions = suggestCoins(coins, state.values[state.step]);
	const chosen = suggestions[state.suggestion] ?? suggestions[0];
	return chosen === undefined ? state : {...state, values: {...state.values, [state.step]: chosen}};
}

function submitText(state: WizardState): WizardState {
	const {values} = state;
	switch (state.step) {
		case 'period':
			return {...state, step: 'amountMode'};
		case 'amountMode':
			return {...state, step: 'amount', error: undefined};
		case 'loanCoin': {
			const coin = checkCoin(values.loanCoin, 'loan coin');
			return coin.ok ? {...state, values: {...values, loanCoin: coin.value}, step: 'pledgeCoin', error: undefined} : {...state, error: coin.message};
		}
		case 'pledgeCoin': {
			const coin = checkCoin(values.pledgeCoin, 'pledge coin');
			if (!coin.ok) return {...state, error: coin.message};
			if (coin.value === values.loanCoin) return {...state, error: 'pledge coin must differ from the loan coin'};
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

function back(state: WizardState): WizardState {
	const to = (step: WizardStep): WizardState => ({...state, step, error: undefined});
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
