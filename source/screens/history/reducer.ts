// The History screen's choices as plain state: which history (loans, repayments, collateral, liquidations), over
// how many days (default 30, at most the API's 90), the record selected (its page follows), and the filter. Pure.
import type {HistoryKind} from '../../api/loan-types.js';
import type {AnyHistoryRecord} from '../../operations/history-window.js';
import type {HistoryKept} from '../routes.js';
import {nextChoice, type ChoiceMove} from '../../ui/fields/choice-field.js';
import {applyTextEdit, type TextEdit} from '../../ui/fields/text-editing.js';

export const HISTORY_TABS: ReadonlyArray<{kind: HistoryKind; label: string}> = [
	{kind: 'borrowHistory', label: 'Loans'},
	{kind: 'repayHistory', label: 'Repayments'},
	{kind: 'reviseHistory', label: 'Collateral'},
	{kind: 'reduces', label: 'Liquidations'},
];
/** Windows to choose from; 90 days is as far back as the API answers. */
const DAY_CHOICES = [7, 30, 60, 90] as const;
const DEFAULT_DAYS = 30;

export interface HistoryState {
	tab: number;
	days: number;
	/** 0-based index of the selected record among those the filter lets through; its page is on screen. */
	selected: number;
	/** The filter (every word must match) and its cursor; `filtering` while it has the keys. */
	query: string;
	cursor: number;
	filtering: boolean;
	/** The record to select once the records are read (recordKey), coming back from its loan. */
	restore?: string;
}

export type HistoryAction =
	| {type: 'tab'; move: ChoiceMove}
	| {type: 'days'; by: number}
	/** Move the selection by `by` records (a page is pageSize of them) over `count` records. */
	| {type: 'move'; by: number; count: number}
	| {type: 'move-to'; to: 'first' | 'last'; count: number}
	/** The filter takes the keys (true) or gives them back to the list. */
	| {type: 'filtering'; on: boolean}
	| {type: 'text'; edit: TextEdit}
	/** The record to restore was looked for among the records read: select it (its index) or keep the selection. */
	| {type: 'restored'; selected?: number};

export const initialHistory: HistoryState = {tab: 0, days: DEFAULT_DAYS, selected: 0, query: '', cursor: 0, filtering: false};

/** The screen as it was left for a record's loan (routes.ts HistoryKept), or as it first opens. */
export function keptHistory(kept?: HistoryKept): HistoryState {
	if (!kept) return initialHistory;
	const tab = Math.min(Math.max(0, kept.tab), HISTORY_TABS.length - 1);
	const days = (DAY_CHOICES as readonly number[]).includes(kept.days) ? kept.days : DEFAULT_DAYS;
	return {...initialHistory, tab, days, query: kept.query, cursor: kept.query.length, restore: kept.record};
}

/** A record's identity across reads: its order id and its time (several records can share an order). */
export function recordKey(record: AnyHistoryRecord): string {
	const r = record as {orderId: string; borrowTime?: string; repayTime?: string; reviseTime?: string; reduceTime?: string};
	return `${r.orderId}@${r.borrowTime ?? r.repayTime ?? r.reviseTime ?? r.reduceTime ?? ''}`;
}

export function historyReducer(state: HistoryState, action: HistoryAction): HistoryState {
	switch (action.type) {
		case 'tab': {
			const tab = nextChoice(state.tab, HISTORY_TABS.length, action.move);
			return tab === state.tab ? state : {...state, tab, selected: 0};
		}
		case 'days': {
			const at = DAY_CHOICES.indexOf(state.days as (typeof DAY_CHOICES)[number]);
			const next = DAY_CHOICES[Math.min(DAY_CHOICES.length - 1, Math.max(0, at + action.by))]!;
			return next === state.days ? state : {...state, days: next, selected: 0};
		}
		case 'move': {
			const selected = Math.min(Math.max(0, Math.min(state.selected, action.count - 1) + action.by), Math.max(0, action.count - 1));
			return selected === state.selected ? state : {...state, selected};
		}
		case 'move-to':
			return {...state, selected: action.to === 'first' ? 0 : Math.max(0, action.count - 1)};
		case 'filtering':
			return {...state, filtering: action.on};
		case 'text': {
			const next = applyTextEdit({value: state.query, cursor: state.cursor}, action.edit);
			return {...state, query: next.value, cursor: next.cursor, selected: next.value === state.query ? state.selected : 0};
		}
		case 'restored':
			return {...state, restore: undefined, selected: action.selected ?? state.selected};
	}
}
