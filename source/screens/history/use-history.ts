// The History screen's state and actions: the choices (reducer.ts), the records read for them
// (use-history-records.ts), the page on screen (history-page.ts), and what its keys do (keys.ts names them).
import {useMemo, useReducer, useState} from 'react';
import type {BorrowRecord} from '../../api/loan-types.js';
import {loanStatusClosed, loanStatusWords} from '../../format/loan-words.js';
import {filterTerms, rowMatches} from '../../format/row-filter.js';
import {copiedMessage} from '../../services/clipboard.js';
import {pasteEdit, type TextEdit} from '../../ui/fields/text-editing.js';
import type {ChoiceMove} from '../../ui/fields/choice-field.js';
import {useBodySize} from '../../ui/layout.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {historyRoute, loanRoute, type HistoryKept} from '../routes.js';
import {historyPage, MARK} from './history-page.js';
import {historyLines} from './history-rows.js';
import {HISTORY_TABS, historyReducer, keptHistory, recordKey, type HistoryAction} from './reducer.js';
import {useHistoryExport} from './use-history-export.js';
import {useHistoryRecords} from './use-history-records.js';

export interface HistoryActions {
	/** The selection by `by` records (a page is pageSize of them). */
	move(by: number): void;
	moveTo(to: 'first' | 'last'): void;
	/** Enter: the selected record's loan (a closed loan is said here instead). */
	open(): void;
	/** c: the selected record's order id to the clipboard. */
	copy(): void;
	/** The filter takes the keys (true) or gives them back to the list. */
	filtering(on: boolean): void;
	edit(edit: TextEdit): void;
	paste(text: string): void;
	tab(move: ChoiceMove): void;
	/** A longer (1) or shorter (-1) window. */
	days(by: number): void;
	/** Ctrl+R: the records read again. */
	refresh(): void;
	/** e: this history's records read for the window to a CSV file (use-history-export.ts). */
	exportCsv(): void;
}

export type HistoryScreenState = ReturnType<typeof useHistory>['state'];

export function useHistory(kept?: HistoryKept) {
	const {client, credentials, clipboard, exportPlaces} = useServices();
	const navigation = useNavigation();
	const {columns, rows} = useBodySize();
	const [choices, dispatch] = useReducer(historyReducer, kept, keptHistory);
	/** What the last Enter or c said (a closed loan, a copy), until the selection moves. */
	const [notice, setNotice] = useState<{text: string; at: number} | undefined>(undefined);
	const tab = HISTORY_TABS[choices.tab]!;
	const {read, load} = useHistoryRecords(client, credentials, tab.kind, choices.days);
	const records = useMemo(() => (read.status === 'ready' ? read.records : []), [read]);
	const table = useMemo(() => historyLines(tab.kind, records, columns - 1 - MARK), [tab.kind, records, columns]);
	const matching = useMemo(() => {
		const terms = filterTerms(choices.query);
		return table.texts.flatMap((text, i) => (rowMatches(text, terms) ? [i] : []));
	}, [table, choices.query]);
	const exported = useHistoryExport({kind: tab.kind, days: choices.days, records: read.status === 'ready' ? records : undefined, places: exportPlaces});
	const ready = read.status === 'ready' ? read : undefined;
	const page = historyPage({choices, ready, table, matching, notice, exportText: exported.note?.text, columns, rows});

	// Each key first settles the record found back from its loan (shown meanwhile: history-page.ts restoring) as the
	// selection it moves from; a new history or window is read at once.
	const settle = () => {
		if (choices.restore !== undefined && read.status === 'ready') dispatch({type: 'restored', selected: page.restoring});
	};
	const act = (action: HistoryAction) => {
		settle();
		dispatch(action);
		const next = historyReducer(choices, action);
		if (next.tab !== choices.tab || next.days !== choices.days) load(HISTORY_TABS[next.tab]!.kind, next.days);
	};
	const {at, orderId, count} = page;
	const actions: HistoryActions = {
		move: (by) => act({type: 'move', by, count}),
		moveTo: (to) => act({type: 'move-to', to, count}),
		open() {
			if (at === undefined || orderId === undefined) return;
			const record = records[at]!;
			// A loan record that says the loan is over has nothing to open: said here. Any other record's loan is read on
			// its own screen (which says so when it is closed).
			if (tab.kind === 'borrowHistory' && loanStatusClosed((record as BorrowRecord).status)) {
				setNotice({at, text: `${orderId}: closed (${loanStatusWords((record as BorrowRecord).status)}), nothing to open`});
				return;
			}
			// The screen keeps its history, window, filter and this record for the way back.
			navigation.replace(historyRoute({tab: choices.tab, days: choices.days, query: choices.query, record: recordKey(record)}));
			navigation.push(loanRoute(orderId));
		},
		copy() {
			if (orderId === undefined || at === undefined) return;
			clipboard?.copy(orderId);
			setNotice({at, text: copiedMessage(clipboard, 'Order ID')});
		},
		filtering: (on) => act({type: 'filtering', on}),
		edit: (edit) => act({type: 'text', edit}),
		paste(text) {
			const edit = pasteEdit(text);
			if (edit && choices.filtering) act({type: 'text', edit});
		},
		tab: (move) => act({type: 'tab', move}),
		days: (by) => act({type: 'days', by}),
		refresh() {
			settle();
			load(tab.kind, choices.days);
		},
		exportCsv: exported.exportCsv,
	};
	return {state: {...page, choices, tab, read, records, table, exportNote: exported.note}, actions};
}
