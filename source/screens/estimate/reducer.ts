// The estimate form as plain state: four fields in order, focus, and which fields were visited. The fourth is the
// pledge amount, or in the "by loan amount" mode the amount to borrow: each kept under its own name, so switching
// the mode never turns one into the other.
import {PERIODS, type Period} from '../../api/types.js';
import {nextChoice} from '../../ui/fields/choice-field.js';
import type {TextEdit} from '../../ui/fields/text-editing.js';
import {coinFieldReducer, type CoinFieldAction} from '../../ui/fields/coin-field-state.js';
import {NO_SUGGESTION, type CoinLike} from '../../ui/fields/coin-rules.js';
import {arrivedAt} from '../../ui/fields/text-field-state.js';

/** Focus arriving at a text field: cursor at the end, a value already there selected. */
const arrival = (value: string) => {
	const {cursor, selected} = arrivedAt(value);
	return {cursor, selected};
};

export type AmountMode = 'pledge' | 'loan';
type EstimateField = 'loanCoin' | 'pledgeCoin' | 'daily' | 'pledgeAmount' | 'loanAmount';
export type TextFieldName = Exclude<EstimateField, 'daily'>;

/** The amount field of a mode. */
export const amountField = (mode: AmountMode): 'pledgeAmount' | 'loanAmount' => (mode === 'pledge' ? 'pledgeAmount' : 'loanAmount');
/** The fields in order, as the mode shows them. */
const fieldsOf = (mode: AmountMode): readonly EstimateField[] => ['loanCoin', 'pledgeCoin', 'daily', amountField(mode)];

export interface EstimateFormState {
	loanCoin: string;
	pledgeCoin: string;
	daily: Period;
	amountMode: AmountMode;
	pledgeAmount: string;
	loanAmount: string;
	focus: EstimateField;
	/** Fields the user has left or submitted: their "required" errors show from then on. */
	visited: EstimateField[];
	/** Highlighted coin suggestion. */
	suggestion: number;
	/** Cursor in the focused text field. */
	cursor: number;
	/** The focused text field's value is selected (remembered, or there on arrival): typing replaces it. */
	selected: boolean;
}

export const initialEstimateForm: EstimateFormState = {
	loanCoin: '',
	pledgeCoin: '',
	daily: 'SEVEN',
	amountMode: 'pledge',
	pledgeAmount: '',
	loanAmount: '',
	focus: 'loanCoin',
	visited: [],
	suggestion: NO_SUGGESTION,
	cursor: 0,
	selected: false,
};

/** The form as it was left this session (or last run): values back, focus on the first field still empty. */
export function restoredEstimateForm(
	remembered: Partial<Pick<EstimateFormState, 'loanCoin' | 'pledgeCoin' | 'daily' | 'amountMode' | 'pledgeAmount' | 'loanAmount'>>,
): EstimateFormState {
	const form = {...initialEstimateForm, ...remembered};
	const focus = (['loanCoin', 'pledgeCoin', amountField(form.amountMode)] as const).find((name) => form[name].trim() === '') ?? 'loanCoin';
	return {...form, focus, ...arrival(form[focus])};
}

export type EstimateFormAction =
	| {type: 'text'; edit: TextEdit}
	| {type: 'period'; daily: Period}
	| {type: 'select-period'; move: {type: 'cycle'; by: number} | {type: 'pick'; index: number}}
	| {type: 'move'; by: 1 | -1}
	/** Ctrl+T: by pledge ↔ by loan amount; focus on the amount stays on the amount (the other one). */
	| {type: 'toggle-mode'}
	| {type: 'suggest'; by: number; coins: readonly CoinLike[]}
	/** Enter in a text field: a coin field takes the highlighted suggestion, then focus moves on. */
	| {type: 'submit-field'; coins: readonly CoinLike[]};

export function estimateFormReducer(state: EstimateFormState, action: EstimateFormAction): EstimateFormState {
	switch (action.type) {
		case 'text':
			return field(state, {type: 'edit', edit: action.edit});
		case 'period':
			return {...state, daily: action.daily};
		case 'select-period':
			return {...state, daily: PERIODS[nextChoice(PERIODS.indexOf(state.daily), PERIODS.length, action.move)]!};
		case 'move': {
			const fields = fieldsOf(state.amountMode);
			const index = fields.indexOf(state.focus);
			const next = fields[(index + action.by + fields.length) % fields.length]!;
			return {
				...state,
				focus: next,
				visited: visit(state.visited, state.focus),
				suggestion: NO_SUGGESTION,
				...(next === 'daily' ? {cursor: 0, selected: false} : arrival(state[next])),
			};
		}
		case 'toggle-mode': {
			const amountMode: AmountMode = state.amountMode === 'pledge' ? 'loan' : 'pledge';
			if (state.focus !== amountField(state.amountMode)) return {...state, amountMode};
			const focus = amountField(amountMode);
			return {...state, amountMode, focus, suggestion: NO_SUGGESTION, ...arrival(state[focus])};
		}
		case 'suggest':
			return isCoinField(state.focus) ? field(state, action) : state;
		case 'submit-field': {
			const completed = isCoinField(state.focus) ? field(state, {type: 'complete', coins: action.coins}) : state;
			return estimateFormReducer(completed, {type: 'move', by: 1});
		}
	}
}

function visit(visited: EstimateField[], field: EstimateField): EstimateField[] {
	return visited.includes(field) ? visited : [...visited, field];
}

const isCoinField = (focus: EstimateField): focus is 'loanCoin' | 'pledgeCoin' => focus === 'loanCoin' || focus === 'pledgeCoin';

/** The focused field's own reducer (a coin field; the amount is a plain text field, which has no suggestions). */
function field(state: EstimateFormState, action: CoinFieldAction): EstimateFormState {
	if (state.focus === 'daily') return state;
	const next = coinFieldReducer({value: state[state.focus], cursor: state.cursor, suggestion: state.suggestion, selected: state.selected}, action);
	return next.value === state[state.focus] && next.cursor === state.cursor && next.suggestion === state.suggestion && Boolean(next.selected) === state.selected
		? state
		: {...state, [state.focus]: next.value, cursor: next.cursor, suggestion: next.suggestion, selected: Boolean(next.selected)};
}
