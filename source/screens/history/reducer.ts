// The History screen's choices as plain state: which history (loans, repayments, collateral, liquidations), over
// how many days (default 30, at most the API's 90), and which page. Pure.
import type {HistoryKind} from '../../api/loan-types.js';
import {nextChoice, type ChoiceMove} from '../../ui/fields/choice-field.js';

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
	/** 0-based page of the records on screen. */
	page: number;
}

export type HistoryAction =
	| {type: 'tab'; move: ChoiceMove}
	| {type: 'days'; by: number}
	| {type: 'page'; by: number; pages: number}
	| {type: 'page-to'; page: 'first' | 'last'; pages: number};

export const initialHistory: HistoryState = {tab: 0, days: DEFAULT_DAYS, page: 0};

export function historyReducer(state: HistoryState, action: HistoryAction): HistoryState {
	switch (action.type) {
		case 'tab': {
			const tab = nextChoice(state.tab, HISTORY_TABS.length, action.move);
			return tab === state.tab ? state : {...state, tab, page: 0};
		}
		case 'days': {
			const at = DAY_CHOICES.indexOf(state.days as (typeof DAY_CHOICES)[number]);
			const next = DAY_CHOICES[Math.min(DAY_CHOICES.length - 1, Math.max(0, at + action.by))]!;
			return next === state.days ? state : {...state, days: next, page: 0};
		}
		case 'page': {
			const page = Math.min(Math.max(0, state.page + action.by), Math.max(0, action.pages - 1));
			return page === state.page ? state : {...state, page};
		}
		case 'page-to':
			return {...state, page: action.page === 'first' ? 0 : Math.max(0, action.pages - 1)};
	}
}
