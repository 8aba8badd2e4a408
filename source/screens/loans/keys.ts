// The Loans screen's keys as one table (ui/keys/binding.ts): the list's, the filter line's while it has the keys,
// and those of "sent from here". The same rows dispatch the keys and make the footer and the ? help. Pure: the
// screen's state in, its actions (use-loans.ts) called by the handlers.
import type {Binding} from '../../ui/keys/binding.js';
import {copyBinding, refreshBinding} from '../../ui/keys/shared-bindings.js';
import {filterBindings} from '../../ui/fields/filter-bindings.js';
import {typingFilter} from './list-reducer.js';
import type {LoansActions, LoansState} from './use-loans.js';

/** What the keys depend on: the list's state, the loans read, and the rows the filter keeps with the window over them. */
export type LoansKeyState = Pick<LoansState, 'list' | 'loans' | 'ids' | 'selectedId' | 'pageSize'>;

export function loansBindings(state: LoansKeyState, actions: LoansActions): Binding[] {
	const {list, ids, selectedId, pageSize} = state;
	const onList = !list.showSent;
	// The moves only where there are loans to move over (with none they change nothing).
	const moving = onList && ids.length > 0;
	const several = onList && ids.length > 1;
	const move = (by: number) => () => actions.move(by);

	if (typingFilter(list)) {
		// ↑/↓ still move over the rows the filter keeps; every other key edits the filter.
		return [
			{keys: ['Up'], description: 'the loan above', group: 'move', footer: 1, handler: move(-1), when: several},
			{keys: ['Down'], description: 'the loan below', group: 'move', footer: 1, handler: move(1), when: several},
			...filterBindings(list.query, {close: () => actions.filter(false), edit: (edit) => actions.edit(edit)}),
		];
	}

	const chosen = onList && selectedId !== undefined;
	return [
		{keys: ['Up', 'k'], description: 'the loan above', group: 'move', footer: 1, handler: move(-1), when: several},
		{keys: ['Down', 'j'], description: 'the loan below', group: 'move', footer: 1, handler: move(1), when: several},
		{keys: ['Enter'], description: 'open the loan (repay, collateral)', footer: 1, handler: () => actions.open(selectedId!), when: chosen},
		{...copyBinding('order ID', () => actions.copy(selectedId!), 3), when: chosen},
		{
			keys: ['/'],
			description: 'filter the loans (every word must match)',
			short: 'filter',
			footer: 2,
			when: onList && state.loans.length > 0,
			handler: () => actions.filter(true),
		},
		{
			keys: ['Esc'],
			description: 'clear the filter (then Esc goes back)',
			short: 'clear filter',
			footer: 1,
			when: onList && list.query !== '',
			handler: () => actions.edit({op: 'clear'}),
		},
		{keys: ['PgUp'], description: 'a page up', group: 'page', handler: move(-pageSize), when: moving},
		{keys: ['PgDn'], description: 'a page down', group: 'page', handler: move(pageSize), when: moving},
		{keys: ['Home', 'g'], description: 'the first loan', group: 'first or last loan', handler: () => actions.first(), when: several},
		{keys: ['End', 'G'], description: 'the last loan', group: 'first or last loan', handler: () => actions.last(), when: several},
		refreshBinding(() => actions.refresh(), onList ? 'read the loans again' : 'read the loans and what was sent again', 2),
		onList
			? {keys: ['s'], description: 'what was sent from here', short: 'sent from here', footer: 2, handler: () => actions.toggleSent()}
			: {keys: ['s'], description: 'hide what was sent', handler: () => actions.toggleSent()},
		// Esc on "sent from here" goes back to the list, not off the screen.
		{keys: ['Esc'], description: 'back to the loans', footer: 1, handler: () => actions.toggleSent(), when: !onList},
		{keys: ['h'], description: 'loan history (loans, repayments, collateral, liquidations)', handler: () => actions.history()},
	];
}
