// The History screen's keys as one table (ui/keys/binding.ts): the list's, or the filter's while it has the keys.
// Pure: the same rows dispatch the keys and make the footer and the ? help.
import {filterBindings} from '../../ui/fields/filter-bindings.js';
import type {Binding} from '../../ui/keys/binding.js';
import {copyBinding, refreshBinding} from '../../ui/keys/shared-bindings.js';
import type {HistoryActions} from './use-history.js';

export interface HistoryKeyState {
	filtering: boolean;
	query: string;
	/** The records the filter lets through. */
	count: number;
	pages: number;
	pageSize: number;
}

export function historyBindings(state: HistoryKeyState, actions: HistoryActions): Binding[] {
	const {count, pages, pageSize} = state;
	const some = count > 0;
	const several = count > 1;
	const moves: Binding[] = [
		{keys: state.filtering ? ['Up'] : ['Up', 'k'], description: 'the record above', group: 'move', footer: 1, when: several, handler: () => actions.move(-1)},
		{
			keys: state.filtering ? ['Down'] : ['Down', 'j'],
			description: 'the record below',
			group: 'move',
			footer: 1,
			when: several,
			handler: () => actions.move(1),
		},
	];
	if (state.filtering) return [...moves, ...filterBindings(state.query, {close: () => actions.filtering(false), edit: actions.edit})];
	return [
		...moves,
		{keys: ['Enter'], description: 'open the loan of this record', short: 'open the loan', footer: 1, when: some, handler: actions.open},
		{...copyBinding('order ID', actions.copy, 3), when: some},
		{
			keys: ['e'],
			description: 'write every record of this history read for the window (the filter aside) to a CSV file',
			short: 'export CSV',
			footer: 3,
			handler: actions.exportCsv,
		},
		{keys: ['/'], description: 'filter the records (every word must match)', short: 'filter', footer: 2, handler: () => actions.filtering(true)},
		{
			keys: ['Esc'],
			description: 'clear the filter (then Esc goes back)',
			short: 'clear filter',
			footer: 1,
			when: state.query !== '',
			handler: () => actions.edit({op: 'clear'}),
		},
		{keys: ['Left', 'Shift+Tab'], description: 'previous history', group: 'history', footer: 1, handler: () => actions.tab({type: 'cycle', by: -1})},
		{keys: ['Right', 'Tab'], description: 'next history', group: 'history', footer: 1, handler: () => actions.tab({type: 'cycle', by: 1})},
		{keys: ['1-4'], description: 'loans, repayments, collateral, liquidations', handler: (input) => actions.tab({type: 'pick', index: Number(input) - 1})},
		{keys: ['+', '='], label: '+', description: 'a longer window: 7, 30, 60 or 90 days', group: 'days', footer: 2, handler: () => actions.days(1)},
		{keys: ['-'], description: 'a shorter window', group: 'days', footer: 2, handler: () => actions.days(-1)},
		{keys: ['PgDn', 'n', 'Space'], description: 'next page', group: 'page', footer: 3, when: pages > 1, handler: () => actions.move(pageSize)},
		{keys: ['PgUp', 'p'], description: 'previous page', group: 'page', footer: 3, when: pages > 1, handler: () => actions.move(-pageSize)},
		{keys: ['Home', 'g'], description: 'the first record', group: 'first or last record', when: several, handler: () => actions.moveTo('first')},
		{keys: ['End', 'G'], description: 'the last record', group: 'first or last record', when: several, handler: () => actions.moveTo('last')},
		refreshBinding(actions.refresh),
	];
}
