// The explorer's keys as one table (ui/keys/binding.ts), by stage: the detail view, the list, the filter. The same
// rows dispatch the keys and make the footer and the ? help. Built per render: a handful of small rows, nothing
// that grows with the number of pairs.
import type {Dispatch} from 'react';
import type {Binding} from '../../ui/keys/binding.js';
import {refreshBinding} from '../../ui/keys/shared-bindings.js';
import {scrollBindings, type ScrollWindow} from '../../ui/components/scroll-window.js';
import {textRow} from '../../ui/fields/field-bindings.js';
import type {ExplorerAction, ExplorerState} from './reducer.js';

export interface ExplorerKeyContext {
	state: ExplorerState;
	dispatch: Dispatch<ExplorerAction>;
	total: number;
	pageSize: number;
	/** The open detail view's rows and the window over them (PgUp/PgDn scroll it when they do not fit). */
	detail?: {rows: number; window: ScrollWindow};
	reload(): void;
	/** Leave the explorer (the shell's way back). */
	back(): void;
}

export function explorerBindings(context: ExplorerKeyContext): Binding[] {
	const {state, dispatch, total, pageSize, detail} = context;
	const move = (by: number) => () => dispatch({type: 'move', by, total, pageSize});
	const first = () => dispatch({type: 'first'});
	const last = () => dispatch({type: 'last', total, pageSize});
	const reload = refreshBinding(context.reload, 'reload', 3);

	if (state.detailOpen) {
		// ↑/↓ move to the previous or next pair here; the details scroll by pages (ui/components/scroll-window.tsx).
		const scroll = (by: number) => {
			if (detail) dispatch({type: 'scroll-detail', by, rows: detail.rows, page: detail.window.page});
		};
		return [
			{keys: ['Up'], description: 'previous pair', group: 'previous or next pair', footer: 1, handler: move(-1)},
			{keys: ['Down'], description: 'next pair', group: 'previous or next pair', footer: 1, handler: move(1)},
			...(detail ? scrollBindings(scroll, detail.window, detail.rows) : []),
			{keys: ['Home'], description: 'first pair', group: 'first or last pair', handler: first},
			{keys: ['End'], description: 'last pair', group: 'first or last pair', handler: last},
			{keys: ['Esc'], description: 'back to the list (filter and selection kept)', short: 'back', footer: 1, handler: () => dispatch({type: 'close'})},
		];
	}

	const list = state.focus === 'list';
	const open: Binding = {
		keys: ['Enter'],
		description: 'details of the pair',
		short: 'details',
		footer: 1,
		handler: () => dispatch({type: 'open'}),
		when: total > 0,
	};
	const paging: Binding[] = [
		{keys: ['PgUp'], description: 'a page up', group: 'page', handler: move(-pageSize)},
		{keys: ['PgDn'], description: 'a page down', group: 'page', handler: move(pageSize)},
		{keys: list ? ['Home', 'g'] : ['Home'], description: 'first pair', group: 'first or last pair', handler: first},
		{keys: list ? ['End', 'G'] : ['End'], description: 'last pair', group: 'first or last pair', handler: last},
	];

	if (list) {
		return [
			{keys: ['Up', 'k'], description: 'previous pair', group: 'move', footer: 1, handler: move(-1)},
			{keys: ['Down', 'j'], description: 'next pair', group: 'move', footer: 1, handler: move(1)},
			...paging,
			open,
			{
				keys: ['/', 'Tab', 'Shift+Tab'],
				label: '/ or Tab',
				description: 'type in the filter',
				short: 'filter',
				footer: 2,
				handler: () => dispatch({type: 'focus', focus: 'filter'}),
			},
			{keys: ['Esc'], description: 'back, the filter kept for the next visit', short: 'back', footer: 1, handler: context.back, when: state.query !== ''},
			reload,
		];
	}

	// The filter has focus: Up/Down, pages and Home/End stay the list's; every other editing key edits the filter.
	return [
		{keys: ['Up'], description: 'previous pair', group: 'move', footer: 1, handler: move(-1)},
		{keys: ['Down'], description: 'next pair', group: 'move', footer: 1, handler: move(1)},
		...paging,
		open,
		{keys: ['Tab', 'Shift+Tab'], label: 'Tab', description: 'focus the list (then ? for help)', handler: () => dispatch({type: 'focus', focus: 'list'})},
		// While typing, Esc clears what is typed first; with nothing typed the shell's Esc goes back. From the list
		// (Tab) Esc goes back with the filter kept for the next visit.
		{
			keys: ['Esc'],
			description: 'clear the filter (then Esc goes back; from the list, Esc goes back and keeps it)',
			short: 'clear filter',
			footer: 1,
			handler: () => dispatch({type: 'text', edit: {op: 'clear'}}),
			when: state.query !== '',
		},
		{keys: ['Ctrl+u'], description: 'clear the filter', handler: () => dispatch({type: 'text', edit: {op: 'clear'}})},
		reload,
		{
			...textRow((edit) => dispatch({type: 'text', edit})),
			description: 'filter: every word must match, / - _ ignored; ←/→ Ctrl+A/E move, Ctrl+W a word',
			short: 'filter',
			footer: 2,
		},
	];
}
