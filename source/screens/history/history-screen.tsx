// The History screen: loans, repayments, collateral changes and liquidations over a chosen window (default 30
// days, at most 90), newest first, a page at a time.
import React, {useLayoutEffect, useMemo, useReducer, useState} from 'react';
import {Box, Text} from 'ink';
import type {BorrowRecord} from '../../api/loan-types.js';
import {loanStatusClosed, loanStatusWords} from '../../format/loan-words.js';
import {filterTerms, rowMatches} from '../../format/row-filter.js';
import {unreadableNote} from '../../format/unreadable.js';
import {wrapLines} from '../../format/wrap.js';
import {copiedMessage} from '../../services/clipboard.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {ListFilter} from '../../ui/components/list-filter.js';
import {Spinner} from '../../ui/components/spinner.js';
import {filterBindings} from '../../ui/components/list-filter-bindings.js';
import {pasteEdit} from '../../ui/fields/text-editing.js';
import type {Binding} from '../../ui/keys/binding.js';
import {copyBinding, refreshBinding} from '../../ui/keys/shared-bindings.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useBodySize} from '../../ui/layout.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {historyRoute, loanRoute, type HistoryKept} from '../routes.js';
import {historyLines} from './history-rows.js';
import {HISTORY_TABS, historyReducer, keptHistory, recordKey} from './reducer.js';
import {useHistoryRecords, type AnyRecord} from './use-history-records.js';

/** Rows around the table besides the lines that wrap (tabs, page line, unreadable note): the heading. */
const HEADING = 1;
/** The selection marker before each line. */
const MARK = 2;

export function HistoryScreen({kept}: {kept?: HistoryKept}) {
	const {client, credentials, theme, clipboard} = useServices();
	const navigation = useNavigation();
	const {columns, rows} = useBodySize();
	const [state, dispatch] = useReducer(historyReducer, kept, keptHistory);
	const [reload, setReload] = useState(0);
	/** What the last Enter or c said (a closed loan, a copy), until the selection moves. */
	const [notice, setNotice] = useState<{text: string; at: number} | undefined>(undefined);
	const tab = HISTORY_TABS[state.tab]!;
	const read = useHistoryRecords(client, credentials, tab.kind, state.days, reload);
	const unreadable = read.status === 'ready' ? read.unreadable : 0;
	const filterShown = state.filtering || state.query !== '';
	const records = useMemo(() => (read.status === 'ready' ? read.records : []), [read]);
	const table = useMemo(() => historyLines(tab.kind, records, columns - 1 - MARK), [tab.kind, records, columns]);
	const matching = useMemo(() => {
		const terms = filterTerms(state.query);
		return table.texts.flatMap((text, i) => (rowMatches(text, terms) ? [i] : []));
	}, [table, state.query]);
	const count = matching.length;
	// Back from a record's loan: that record is selected again, found by its identity among the records read now (a
	// newer record may have come first), or by its order; the first frame with the records already shows it.
	const restoring = state.restore !== undefined && read.status === 'ready' ? restoredIndex(state.restore, matching.map((i) => records[i]!)) : undefined;
	const restorePending = state.restore !== undefined && read.status === 'ready';
	useLayoutEffect(() => {
		if (restorePending) dispatch({type: 'restored', selected: restoring});
	}, [restorePending, restoring]);
	const selected = Math.min(restoring ?? state.selected, Math.max(0, count - 1));
	const at = matching[selected];
	const orderId = at === undefined ? undefined : table.orderIds[at];
	const shownNotice = notice?.at === at ? notice?.text : undefined;
	// The lines around the table wrap at whole words (never cut): the page is what their rows leave.
	const tabsText = tabsLine(state.tab, state.days);
	const unreadableText = unreadable > 0 ? `${unreadableNote(unreadable)}.` : undefined;
	const rowsOf = (text: string | undefined) => (text === undefined ? 0 : wrapLines(text, columns).length);
	// The page line counted at its longest (every number at its largest): its rows do not change as the page moves.
	const longestPageLine = pageLine({page: count, pages: count, from: count, to: count, count, total: records.length, complete: read.status !== 'ready' || read.complete, left: table.left.length});
	const footRows = rowsOf(shownNotice ?? longestPageLine);
	const pageSize = Math.max(1, rows - rowsOf(tabsText) - HEADING - footRows - rowsOf(unreadableText) - (filterShown ? 1 : 0));
	const pages = Math.max(1, Math.ceil(count / pageSize));
	const page = Math.floor(selected / pageSize);

	const tabTo = (move: {type: 'cycle'; by: number} | {type: 'pick'; index: number}) => dispatch({type: 'tab', move});
	const move = (by: number) => dispatch({type: 'move', by, count});
	const open = () => {
		if (at === undefined || orderId === undefined) return;
		const record = records[at]!;
		// A loan record that says the loan is over has nothing to open: said here. Any other record's loan is read on
		// its own screen (which says so when it is closed).
		if (tab.kind === 'borrowHistory' && loanStatusClosed((record as BorrowRecord).status)) {
			setNotice({at, text: `${orderId}: closed (${loanStatusWords((record as BorrowRecord).status)}), nothing to open`});
			return;
		}
		// The screen keeps its history, window, filter and this record for the way back.
		navigation.replace(historyRoute({tab: state.tab, days: state.days, query: state.query, record: recordKey(record)}));
		navigation.push(loanRoute(orderId));
	};
	const copy = () => {
		if (orderId === undefined || at === undefined) return;
		clipboard?.copy(orderId);
		setNotice({at, text: copiedMessage(clipboard, 'Order ID')});
	};
	const some = count > 0;
	const several = count > 1;
	const moves: Binding[] = [
		{keys: state.filtering ? ['Up'] : ['Up', 'k'], description: 'the record above', group: 'move', footer: 1, when: several, handler: () => move(-1)},
		{keys: state.filtering ? ['Down'] : ['Down', 'j'], description: 'the record below', group: 'move', footer: 1, when: several, handler: () => move(1)},
	];
	const bindings: Binding[] = state.filtering
		? [
				...moves,
				...filterBindings(state.query, {close: () => dispatch({type: 'filtering', on: false}), edit: (edit) => dispatch({type: 'text', edit})}),
			]
		: [
				...moves,
				{keys: ['Enter'], description: 'open the loan of this record', short: 'open the loan', footer: 1, when: some, handler: open},
				{...copyBinding('order ID', copy, 3), when: some},
				{keys: ['/'], description: 'filter the records (every word must match)', short: 'filter', footer: 2, handler: () => dispatch({type: 'filtering', on: true})},
				{keys: ['Esc'], description: 'clear the filter (then Esc goes back)', short: 'clear filter', footer: 1, when: state.query !== '', handler: () => dispatch({type: 'text', edit: {op: 'clear'}})},
				{keys: ['Left', 'Shift+Tab'], description: 'previous history', group: 'history', footer: 1, handler: () => tabTo({type: 'cycle', by: -1})},
				{keys: ['Right', 'Tab'], description: 'next history', group: 'history', footer: 1, handler: () => tabTo({type: 'cycle', by: 1})},
				{keys: ['1-4'], description: 'loans, repayments, collateral, liquidations', handler: (input) => tabTo({type: 'pick', index: Number(input) - 1})},
				{keys: ['+', '='], label: '+', description: 'a longer window: 7, 30, 60 or 90 days', group: 'days', footer: 2, handler: () => dispatch({type: 'days', by: 1})},
				{keys: ['-'], description: 'a shorter window', group: 'days', footer: 2, handler: () => dispatch({type: 'days', by: -1})},
				{keys: ['PgDn', 'n', 'Space'], description: 'next page', group: 'page', footer: 3, when: pages > 1, handler: () => move(pageSize)},
				{keys: ['PgUp', 'p'], description: 'previous page', group: 'page', footer: 3, when: pages > 1, handler: () => move(-pageSize)},
				{keys: ['Home', 'g'], description: 'the first record', group: 'first or last record', when: several, handler: () => dispatch({type: 'move-to', to: 'first', count})},
				{keys: ['End', 'G'], description: 'the last record', group: 'first or last record', when: several, handler: () => dispatch({type: 'move-to', to: 'last', count})},
				refreshBinding(() => setReload((n) => n + 1)),
			];
	useScreenInput({
		mode: state.filtering ? 'text' : 'navigate',
		// Keys typed while a window is read (a page down, another tab) act once its records show.
		loading: read.status === 'loading',
		bindings,
		onPaste: (text) => {
			const edit = pasteEdit(text);
			if (edit && state.filtering) dispatch({type: 'text', edit});
		},
	});

	const shown = matching.slice(page * pageSize, (page + 1) * pageSize);
	const filter = filterShown ? <ListFilter query={state.query} cursor={state.cursor} focused={state.filtering} shown={count} total={records.length} theme={theme} /> : null;
	return (
		<Box flexDirection="column">
			<Text wrap="wrap">
				{HISTORY_TABS.map((t, i) => (
					<Text key={t.kind} bold={i === state.tab} color={i === state.tab ? theme.accent : undefined} inverse={i === state.tab && !theme.noColor}>
						{tabLabel(i, state.tab)}
					</Text>
				))}
				<Text dimColor>{daysWords(state.days)}</Text>
			</Text>
			{read.status === 'loading' ? (
				<Spinner label={`Reading ${tab.label.toLowerCase()} of the last ${state.days} days…`} color={theme.accent} />
			) : read.status === 'error' ? (
				<ErrorMessage error={read.error} color={theme.bad} action="Ctrl+R to retry" />
			) : records.length === 0 ? (
				<>
					<Text wrap="wrap">
						No {unreadable > 0 ? 'readable ' : ''}
						{tab.label.toLowerCase()} in the last {state.days} days.
					</Text>
					{unreadableText !== undefined ? <Text color={theme.warn} wrap="wrap">{unreadableText}</Text> : null}
				</>
			) : (
				<>
					{filter}
					<Text dimColor wrap="truncate">
						{' '.repeat(MARK)}
						{table.header}
					</Text>
					{shown.map((index, i) => {
						const chosen = page * pageSize + i === selected;
						return (
							<Text key={page * pageSize + i} wrap="truncate" bold={chosen}>
								{chosen ? '› ' : '  '}
								{table.lines[index]}
							</Text>
						);
					})}
					{count === 0 ? <Text wrap="truncate">  No record matches “{state.query}”. Esc clears the filter.</Text> : null}
					<Text dimColor={shownNotice === undefined} wrap="wrap">
						{shownNotice ?? pageLine({page: page + 1, pages, from: count === 0 ? 0 : page * pageSize + 1, to: page * pageSize + shown.length, count, total: records.length, complete: read.complete, left: table.left.length})}
					</Text>
					{unreadableText !== undefined ? <Text color={theme.warn} wrap="wrap">{unreadableText}</Text> : null}
				</>
			)}
		</Box>
	);
}

/** A tab's name on the tabs line: the chosen one in brackets. */
function tabLabel(index: number, chosen: number): string {
	const label = HISTORY_TABS[index]!.label;
	return index === chosen ? `[${index + 1} ${label}]` : ` ${index + 1} ${label} `;
}

function daysWords(days: number): string {
	return `  · last ${days} days (+/- to change, at most 90)`;
}

/** The tabs line as text (what it takes on screen). */
function tabsLine(chosen: number, days: number): string {
	return HISTORY_TABS.map((_, i) => tabLabel(i, chosen)).join('') + daysWords(days);
}

/** "page 1 of 3 · records 1-10 of 25, newest first · 4 more columns when wider". */
function pageLine(at: {page: number; pages: number; from: number; to: number; count: number; total: number; complete: boolean; left: number}): string {
	const of = at.count === at.total ? '' : ` (of ${at.total})`;
	const partial = at.complete ? '' : ` (only the first ${at.total} were read)`;
	const left = at.left > 0 ? ` · ${at.left} more column${at.left === 1 ? '' : 's'} when wider` : '';
	return `page ${at.page} of ${at.pages} · records ${at.from}-${at.to} of ${at.count}${of}, newest first${partial}${left}`;
}

/** Where the record `key` is among `records` (recordKey), else the first record of its order; undefined when gone. */
function restoredIndex(key: string, records: readonly AnyRecord[]): number | undefined {
	const exact = records.findIndex((record) => recordKey(record) === key);
	if (exact >= 0) return exact;
	const order = key.slice(0, key.lastIndexOf('@'));
	const same = records.findIndex((record) => (record as {orderId: string}).orderId === order);
	return same >= 0 ? same : undefined;
}
