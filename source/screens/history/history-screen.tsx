// The History screen: loans, repayments, collateral changes and liquidations over a chosen window (default 30
// days, at most 90), newest first, a page at a time.
import React, {useMemo, useReducer, useState} from 'react';
import {Box, Text} from 'ink';
import {unreadableNote} from '../../format/unreadable.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {refreshBinding} from '../../ui/keys/shared-bindings.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useBodySize} from '../../ui/layout.js';
import {useServices} from '../../ui/services.js';
import {historyLines} from './history-rows.js';
import {HISTORY_TABS, historyReducer, initialHistory} from './reducer.js';
import {useHistoryRecords} from './use-history-records.js';

/** Rows around the table: tabs, window line, heading, page line (and one more when records could not be read). */
const CHROME = 4;

export function HistoryScreen() {
	const {client, credentials, theme} = useServices();
	const {rows} = useBodySize();
	const [state, dispatch] = useReducer(historyReducer, initialHistory);
	const [reload, setReload] = useState(0);
	const tab = HISTORY_TABS[state.tab]!;
	const read = useHistoryRecords(client, credentials, tab.kind, state.days, reload);
	const unreadable = read.status === 'ready' ? read.unreadable : 0;
	const pageSize = Math.max(1, rows - CHROME - (unreadable > 0 ? 1 : 0));
	const records = useMemo(() => (read.status === 'ready' ? read.records : []), [read]);
	const table = useMemo(() => historyLines(tab.kind, records), [tab.kind, records]);
	const pages = Math.max(1, Math.ceil(records.length / pageSize));
	const page = Math.min(state.page, pages - 1);

	const tabTo = (move: {type: 'cycle'; by: number} | {type: 'pick'; index: number}) => dispatch({type: 'tab', move});
	useScreenInput({
		mode: 'navigate',
		// Keys typed while a window is read (a page down, another tab) act once its records show.
		loading: read.status === 'loading',
		bindings: [
			{keys: ['Left', 'Shift+Tab'], description: 'previous history', group: 'history', footer: 1, handler: () => tabTo({type: 'cycle', by: -1})},
			{keys: ['Right', 'Tab'], description: 'next history', group: 'history', footer: 1, handler: () => tabTo({type: 'cycle', by: 1})},
			{keys: ['1-4'], description: 'loans, repayments, collateral, liquidations', handler: (input) => tabTo({type: 'pick', index: Number(input) - 1})},
			{keys: ['+', '='], label: '+', description: 'a longer window: 7, 30, 60 or 90 days', group: 'days', footer: 2, handler: () => dispatch({type: 'days', by: 1})},
			{keys: ['-'], description: 'a shorter window', group: 'days', footer: 2, handler: () => dispatch({type: 'days', by: -1})},
			{keys: ['PgDn', 'n', 'Space'], description: 'next page', group: 'page', footer: 3, when: pages > 1, handler: () => dispatch({type: 'page', by: 1, pages})},
			{keys: ['PgUp', 'p'], description: 'previous page', group: 'page', footer: 3, when: pages > 1, handler: () => dispatch({type: 'page', by: -1, pages})},
			{keys: ['Home'], description: 'first page', when: pages > 1, handler: () => dispatch({type: 'page-to', page: 'first', pages})},
			{keys: ['End'], description: 'last page', when: pages > 1, handler: () => dispatch({type: 'page-to', page: 'last', pages})},
			refreshBinding(() => setReload((n) => n + 1)),
		],
	});

	const shown = table.lines.slice(page * pageSize, (page + 1) * pageSize);
	return (
		<Box flexDirection="column">
			<Text wrap="truncate">
				{HISTORY_TABS.map((t, i) => (
					<Text key={t.kind} bold={i === state.tab} color={i === state.tab ? theme.accent : undefined} inverse={i === state.tab && !theme.noColor}>
						{i === state.tab ? `[${i + 1} ${t.label}]` : ` ${i + 1} ${t.label} `}
					</Text>
				))}
				<Text dimColor>  · last {state.days} days (+/- to change, at most 90)</Text>
			</Text>
			{read.status === 'loading' ? (
				<Spinner label={`Reading ${tab.label.toLowerCase()} of the last ${state.days} days…`} color={theme.accent} />
			) : read.status === 'error' ? (
				<ErrorMessage error={read.error} color={theme.bad} action="Ctrl+R to retry" />
			) : records.length === 0 ? (
				<>
					<Text wrap="truncate">
						No {unreadable > 0 ? 'readable ' : ''}
						{tab.label.toLowerCase()} in the last {state.days} days.
					</Text>
					{unreadable > 0 ? <Text color={theme.warn} wrap="truncate">{unreadableNote(unreadable)}.</Text> : null}
				</>
			) : (
				<>
					<Text dimColor wrap="truncate">
						{table.header}
					</Text>
					{shown.map((line, i) => (
						<Text key={page * pageSize + i} wrap="truncate">
							{line}
						</Text>
					))}
					<Text dimColor wrap="truncate">
						page {page + 1} of {pages} · records {page * pageSize + 1}-{page * pageSize + shown.length} of {records.length}, newest first
						{read.complete ? '' : ` (only the first ${records.length} were read)`}
					</Text>
					{unreadable > 0 ? <Text color={theme.warn} wrap="truncate">{unreadableNote(unreadable)}.</Text> : null}
				</>
			)}
		</Box>
	);
}
