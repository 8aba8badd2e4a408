// The estimate's keys as one table (ui/keys/binding.ts): the focused field's rows (the period's choice, or the text
// field's), moving between fields, the mode, Ctrl+B to the borrow wizard and Ctrl+R. The same rows dispatch the keys
// and make the footer and the ? help.
import type {Binding} from '../../ui/keys/binding.js';
import {refreshBinding} from '../../ui/keys/shared-bindings.js';
import {textBindings} from '../../ui/fields/field-bindings.js';
import {periodBindings} from '../../ui/fields/period-choices.js';
import type {BorrowPrefill} from '../routes.js';
import type {EstimateActions, EstimateState} from './use-estimate.js';

/** What the keys depend on. */
export type EstimateKeyState = Pick<EstimateState, 'form' | 'loanMode' | 'checks' | 'coinField' | 'suggestions' | 'asked'>;

export function estimateBindings(state: EstimateKeyState, actions: EstimateActions): Binding[] {
	const {form, loanMode, coinField} = state;
	// The focused field's rows: the period's choice, or the text field's (a coin field's Enter takes the highlighted coin).
	const fieldRows: Binding[] =
		form.focus === 'daily'
			? periodBindings({choose: actions.choosePeriod, move: actions.movePeriod, submit: () => actions.moveField(1)}, {submit: 'next field'})
			: textBindings(
					{
						submit: actions.submitField,
						// ↑/↓ are the field's only while a coin field shows suggestions (in the amount they do nothing).
						...(coinField && state.suggestions.length > 0 ? {suggest: actions.suggest} : {}),
						edit: actions.edit,
					},
					{submit: coinField ? 'next field (takes the highlighted coin)' : 'next field', suggestion: 'a suggested coin'},
				);
	// Typing takes every key the rows before it did not: it stays last.
	const typing = fieldRows.filter((row) => row.keys.includes('text'));
	return [
		...fieldRows.filter((row) => !typing.includes(row)),
		{keys: ['Tab'], description: 'next field', group: 'move between fields', footer: 3, handler: () => actions.moveField(1)},
		{keys: ['Shift+Tab'], description: 'previous field', group: 'move between fields', footer: 3, handler: () => actions.moveField(-1)},
		// A control key, so it works while a text field has focus.
		{
			keys: ['Ctrl+t'],
			description: 'by pledge / by loan amount',
			short: loanMode ? 'by pledge' : 'by loan amount',
			footer: 2,
			handler: () => actions.toggleMode(),
		},
		{keys: ['Ctrl+b'], description: 'borrow with these values', footer: 2, handler: () => actions.borrow(borrowPrefill(state))},
		// Only once every field is valid is there an estimate to fetch.
		{...refreshBinding(() => actions.refresh(), 'fetch the estimate again'), when: state.asked !== undefined},
		...typing,
	];
}

/** The values the borrow wizard opens with: the coins as checked (as typed when not valid) and the period. */
function borrowPrefill({form, loanMode, checks}: EstimateKeyState): BorrowPrefill {
	const {loanCoin, pledgeCoin, amount} = checks;
	return {
		loanCoin: loanCoin.ok ? loanCoin.value : form.loanCoin,
		pledgeCoin: pledgeCoin.ok ? pledgeCoin.value : form.pledgeCoin,
		daily: form.daily,
		// The same request: by loan amount, the amount to borrow (the wizard opens in its loan-amount mode and its
		// review shows the collateral that takes), with the pledge amount kept apart under its own name; never the one
		// turned into the other.
		...(!loanMode
			? {pledgeAmount: amount.ok ? amount.value : form.pledgeAmount}
			: {loanAmount: amount.ok ? amount.value : form.loanAmount, pledgeAmount: form.pledgeAmount}),
	};
}
