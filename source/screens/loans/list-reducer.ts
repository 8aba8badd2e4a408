// The Loans list's own state: which loan is selected (by order id, so a refresh that reorders the list keeps it),
// the window over the rows, the filter, and whether the "Sent from here" section is shown. Pure.
import {applyTextEdit, type TextEdit} from '../../ui/fields/text-editing.js';

export interface LoanListState {
	selected?: string;
	/** First loan shown in the window. */
	offset: number;
	showSent: boolean;
	/** The filter (every word must match) and its cursor; `filtering` while it has the keys. */
	query: string;
	cursor: number;
	filtering: boolean;
}

export type LoanListAction =
	| {type: 'move'; by: number; ids: readonly string[]; pageSize: number}
	| {type: 'first'; ids: readonly string[]}
	| {type: 'last'; ids: readonly string[]; pageSize: number}
	| {type: 'toggle-sent'}
	| {type: 'filtering'; on: boolean}
	| {type: 'text'; edit: TextEdit};

export function initialLoanList(selected?: string): LoanListState {
	return {selected, offset: 0, showSent: false, query: '', cursor: 0, filtering: false};
}

/** The selected row's index in `ids` (the first row when the selected loan is gone). */
export function selectedIndex(state: LoanListState, ids: readonly string[]): number {
	const at = state.selected === undefined ? -1 : ids.indexOf(state.selected);
	return at < 0 ? 0 : at;
}

/** The filter line has the keys: it is open on the loans (not on what was sent from here). */
export function typingFilter(state: LoanListState): boolean {
	return state.filtering && !state.showSent;
}

export function loanListReducer(state: LoanListState, action: LoanListAction): LoanListState {
	switch (action.type) {
		case 'move':
			return select(state, selectedIndex(state, action.ids) + action.by, action.ids, action.pageSize);
		case 'first':
			return select(state, 0, action.ids, 1);
		case 'last':
			return select(state, action.ids.length - 1, action.ids, action.pageSize);
		case 'toggle-sent':
			return {...state, showSent: !state.showSent};
		case 'filtering':
			return {...state, filtering: action.on};
		case 'text': {
			const next = applyTextEdit({value: state.query, cursor: state.cursor}, action.edit);
			return {...state, query: next.value, cursor: next.cursor, offset: next.value === state.query ? state.offset : 0};
		}
	}
}

function select(state: LoanListState, target: number, ids: readonly string[], pageSize: number): LoanListState {
	if (ids.length === 0) return state;
	const index = Math.min(Math.max(target, 0), ids.length - 1);
	return {...state, selected: ids[index], offset: windowStart(index, state.offset, ids.length, pageSize)};
}

/** The smallest scroll that keeps row `index` inside a window of `pageSize` rows. */
export function windowStart(index: number, offset: number, total: number, pageSize: number): number {
	const size = Math.max(1, pageSize);
	let start = offset;
	if (index < start) start = index;
	if (index >= start + size) start = index - size + 1;
	return Math.min(Math.max(start, 0), Math.max(0, total - size));
}
