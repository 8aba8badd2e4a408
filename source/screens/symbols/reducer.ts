// The explorer's state: filter text, which field has focus, the selection and the window over the matches.
// Pure: every transition is tested without rendering.
import {applyTextEdit, type TextEdit} from '../../ui/fields/text-editing.js';

export interface ExplorerState {
	query: string;
	/** Cursor inside the filter text. */
	cursor: number;
	focus: 'filter' | 'list';
	/** Index into the filtered matches. */
	selected: number;
	/** First match shown in the window. */
	offset: number;
	/** The detail view of the selected pair is open. */
	detailOpen: boolean;
	/** First detail row shown when the details are taller than the screen (PgUp/PgDn). */
	detailScroll?: number;
}

export const initialExplorer: ExplorerState = {query: '', cursor: 0, focus: 'filter', selected: 0, offset: 0, detailOpen: false};

/** What the explorer keeps for the session when it is left: the filter and the row selected. */
export interface KeptExplorer {
	query?: string;
	selected?: number;
}

/** The explorer as it opens: as it was left (the filter focused, its cursor at the end), or new. */
export function openExplorer(kept: KeptExplorer = {}): ExplorerState {
	const query = kept.query ?? '';
	return {...initialExplorer, query, cursor: query.length, selected: Math.max(0, kept.selected ?? 0)};
}

export type ExplorerAction =
	| {type: 'text'; edit: TextEdit}
	| {type: 'move'; by: number; total: number; pageSize: number}
	| {type: 'first'}
	| {type: 'last'; total: number; pageSize: number}
	| {type: 'focus'; focus: ExplorerState['focus']}
	| {type: 'open'}
	| {type: 'close'}
	/** PgUp/PgDn in the details: `rows` detail rows, `page` of them fit. */
	| {type: 'scroll-detail'; by: number; rows: number; page: number};

export function explorerReducer(state: ExplorerState, action: ExplorerAction): ExplorerState {
	switch (action.type) {
		case 'text': {
			const edited = applyTextEdit({value: state.query, cursor: state.cursor}, action.edit);
			if (edited.value === state.query) return edited.cursor === state.cursor ? state : {...state, cursor: edited.cursor};
			// A new filter starts at the best match.
			return {...state, query: edited.value, cursor: edited.cursor, selected: 0, offset: 0};
		}
		case 'move':
			return select(state, state.selected + action.by, action.total, action.pageSize);
		case 'first':
			return {...state, selected: 0, offset: 0};
		case 'last':
			return select(state, action.total - 1, action.total, action.pageSize);
		case 'focus':
			return {...state, focus: action.focus};
		case 'open':
			return {...state, detailOpen: true, detailScroll: 0};
		case 'scroll-detail': {
			const detailScroll = clamp((state.detailScroll ?? 0) + action.by, 0, Math.max(0, action.rows - action.page));
			return detailScroll === (state.detailScroll ?? 0) ? state : {...state, detailScroll};
		}
		case 'close':
			return {...state, detailOpen: false, detailScroll: undefined};
	}
}

function select(state: ExplorerState, target: number, total: number, pageSize: number): ExplorerState {
	if (total === 0) return {...state, selected: 0, offset: 0};
	const selected = clamp(target, 0, total - 1);
	return {...state, selected, offset: windowOffset(selected, state.offset, total, pageSize)};
}

/** The smallest scroll that keeps the selection inside a window of pageSize rows. */
export function windowOffset(selected: number, offset: number, total: number, pageSize: number): number {
	const size = Math.max(1, pageSize);
	let next = offset;
	if (selected < next) next = selected;
	if (selected >= next + size) next = selected - size + 1;
	return clamp(next, 0, Math.max(0, total - size));
}

export function clamp(value: number, min: number, max: number): number {
	return Math.min(Math.max(value, min), max);
}
