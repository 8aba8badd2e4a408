// Keys of the explorer, as one handler for the input router.
import type {Key} from '../../ui/keys/parse-key.js';
import type {Dispatch} from 'react';
import type {ExplorerAction, ExplorerState} from './reducer.js';
import {textEditFor} from '../../ui/fields/text-editing.js';

export interface ExplorerKeyContext {
	state: ExplorerState;
	dispatch: Dispatch<ExplorerAction>;
	total: number;
	pageSize: number;
	/** Rows of the open detail view and how many fit: PgUp/PgDn scroll it when it does not fit. */
	detail?: {rows: number; page: number};
	reload(): void;
}

export function handleExplorerKey(input: string, key: Key, context: ExplorerKeyContext): void {
	const {state, dispatch, total, pageSize} = context;
	const move = (by: number) => dispatch({type: 'move', by, total, pageSize});
	if (key.ctrl && input === 'r') return context.reload();
	if (state.detailOpen && context.detail && (key.pageUp || key.pageDown)) {
		const {rows, page} = context.detail;
		return dispatch({type: 'scroll-detail', by: key.pageUp ? -page : page, rows, page});
	}
	if (key.upArrow) return move(-1);
	if (key.downArrow) return move(1);
	if (key.pageUp) return move(-pageSize);
	if (key.pageDown) return move(pageSize);
	if (key.home) return dispatch({type: 'first'});
	if (key.end) return dispatch({type: 'last', total, pageSize});
	if (state.detailOpen) return;
	if (key.return) {
		if (total > 0) dispatch({type: 'open'});
		return;
	}
	if (key.tab) return dispatch({type: 'focus', focus: state.focus === 'filter' ? 'list' : 'filter'});
	if (state.focus === 'list') {
		if (input === 'j') return move(1);
		if (input === 'k') return move(-1);
		if (input === 'g') return dispatch({type: 'first'});
		if (input === 'G') return dispatch({type: 'last', total, pageSize});
		if (input === '/') return dispatch({type: 'focus', focus: 'filter'});
		return;
	}
	// Home/End stay with the list (above); every other editing key goes to the filter.
	const edit = textEditFor(input, key);
	if (edit) dispatch({type: 'text', edit});
}
