// The borrow screen's keys as one table (ui/keys/binding.ts), by stage: the wizard's input steps, then — from the
// review on — the rows every money screen shares (ui/money/money-review-bindings.ts). Pure: the state and the actions
// of use-borrow.ts in, the rows out; y builds the request from the values shown, at the key. The review's chart keys
// (g, t) only change what it shows: y sends the same values with the chart open or not.
import type {Binding} from '../../ui/keys/binding.js';
import type {InputMode} from '../../ui/keys/screen-input.js';
import {choiceBindings} from '../../ui/fields/field-bindings.js';
import {periodBindings} from '../../ui/fields/period-choices.js';
import {moneyInputMode, moneyReviewBindings} from '../../ui/money/money-review-bindings.js';
import {borrowRequestOf, requestBody} from './borrow-request.js';
import {AMOUNT_MODES, backLeaves} from './reducer.js';
import type {BorrowActions, BorrowState} from './use-borrow.js';

export function borrowBindings(state: BorrowState, actions: BorrowActions): Binding[] {
	if (state.money) return reviewBindings(state, actions);
	const {wizard} = state;
	const {dispatch} = actions;
	const back: Binding = {keys: ['Esc'], description: backLeaves(wizard) ? 'leave the borrow' : 'back a step', handler: () => actions.back()};
	switch (wizard.step) {
		case 'credentials':
			return state.form.bindings;
		case 'period':
			return [
				...periodBindings(
					{
						choose: (daily) => dispatch({type: 'period', daily}),
						move: (by) => dispatch({type: 'select', move: {type: 'cycle', by}}),
						submit: () => dispatch({type: 'submit'}),
					},
					{submit: 'next'},
				),
				back,
			];
		case 'amountMode':
			return [
				...choiceBindings(
					{submit: () => dispatch({type: 'submit'}), move: (move) => dispatch({type: 'select', move})},
					{count: AMOUNT_MODES.length, submit: 'next'},
				),
				back,
			];
		default:
			// Esc first: the text row comes last and takes every other key.
			return [back, ...actions.text.bindings({submit: wizard.step === 'amount' ? 'review' : 'next', suggestion: 'a suggested coin'})];
	}
}

function reviewBindings(state: BorrowState, actions: BorrowActions): Binding[] {
	const {checks} = state.review;
	const money = moneyReviewBindings(
		{state: state.post, decline: actions.decline, review: actions.review},
		{
			verb: 'borrow',
			// A y the checks refuse (plain http to another host, outside Bitget's limits) sends nothing.
			blocked: Boolean(checks.blocked),
			send: () => {
				const {values} = state.wizard;
				const request = borrowRequestOf(values);
				actions.confirm({kind: 'borrow', request, prechecked: state.prechecked}, request, requestBody(values));
			},
			change: () => actions.change(),
			home: () => actions.home(),
			copy: {what: 'order ID', handler: () => actions.copyOrderId()},
		},
	);
	return state.money === 'review' ? chartBindings(state, actions, money) : money;
}

/** The review's chart: g shows the last 7 days (and hides it again), t switches between 7 and 30 days, and Esc hides it
 * before it goes back. */
function chartBindings({chart}: BorrowState, actions: BorrowActions, money: Binding[]): Binding[] {
	const hide = () => actions.showChart(undefined);
	if (chart === undefined) {
		const show: Binding = {
			keys: ['g'],
			description: "the pair's price chart (last 7 days) with the margin-call and liquidation lines",
			short: 'chart',
			footer: 2,
			handler: () => actions.showChart(7),
		};
		return [...money, show];
	}
	const other = chart === 7 ? 30 : 7;
	return [
		{keys: ['Esc'], description: 'hide the chart', short: 'hide chart', footer: 1, handler: hide},
		// Esc hides the chart first: the review's own Esc (back to change the values) waits until it is hidden.
		...money.filter((row) => !row.keys.includes('Esc')),
		{keys: ['g'], description: 'hide the chart', handler: hide},
		{keys: ['t'], description: `the chart over ${other} days`, short: `${other} days`, footer: 2, handler: () => actions.showChart(other)},
	];
}

/** How the shell reads keys on this stage: none while the request is out, the field's while one has focus. */
export function borrowInputMode(state: BorrowState): InputMode {
	if (state.money) return moneyInputMode(state.money);
	if (state.wizard.step === 'credentials') return state.form.mode;
	return state.coinStep.textField ? 'text' : 'navigate';
}
