// The History screen: loans, repayments, collateral changes and liquidations over a chosen window (default 30
// days, at most 90), newest first, a page at a time; `e` writes the history read to a CSV file. State and actions:
// use-history.ts; keys: keys.ts.
import React from 'react';
import {Box, Text} from 'ink';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {ListFilter} from '../../ui/components/list-filter.js';
import {Spinner} from '../../ui/components/spinner.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useServices} from '../../ui/services.js';
import type {Theme} from '../../ui/theme.js';
import type {HistoryKept} from '../routes.js';
import {daysWords, MARK, tabLabel} from './history-page.js';
import {historyBindings} from './keys.js';
import {HISTORY_TABS} from './reducer.js';
import {useHistory, type HistoryScreenState} from './use-history.js';

export function HistoryScreen({kept}: {kept?: HistoryKept}) {
	const {theme} = useServices();
	const {state, actions} = useHistory(kept);
	const {choices, read, tab} = state;
	useScreenInput({
		mode: choices.filtering ? 'text' : 'navigate',
		// Keys typed while a window is read (a page down, another tab) act once its records show.
		loading: read.status === 'loading',
		bindings: historyBindings({filtering: choices.filtering, query: choices.query, count: state.count, pages: state.pages, pageSize: state.pageSize}, actions),
		onPaste: actions.paste,
	});
	const unreadable = read.status === 'ready' ? read.unreadable : 0;
	return (
		<Box flexDirection="column">
			<Text wrap="wrap">
				{HISTORY_TABS.map((t, i) => (
					<Text key={t.kind} bold={i === choices.tab} color={i === choices.tab ? theme.accent : undefined} inverse={i === choices.tab && !theme.noColor}>
						{tabLabel(i, choices.tab)}
					</Text>
				))}
				<Text dimColor>{daysWords(choices.days)}</Text>
			</Text>
			{read.status === 'loading' ? (
				<Spinner label={`Reading ${tab.label.toLowerCase()} of the last ${choices.days} days…`} color={theme.accent} />
			) : read.status === 'error' ? (
				<ErrorMessage error={read.error} color={theme.bad} action="Ctrl+R to retry" />
			) : state.records.length === 0 ? (
				<Text wrap="wrap">
					No {unreadable > 0 ? 'readable ' : ''}
					{tab.label.toLowerCase()} in the last {choices.days} days.
				</Text>
			) : (
				<HistoryTableView state={state} theme={theme} />
			)}
			{state.exportNote !== undefined ? (
				<Text color={state.exportNote.tone === 'good' ? theme.good : state.exportNote.tone === 'bad' ? theme.bad : undefined} wrap="wrap">
					{state.exportNote.text}
				</Text>
			) : null}
			{/* Only a read that is in has records that could not be read (history-page.ts). */}
			{state.unreadableText !== undefined ? (
				<Text color={theme.warn} wrap="wrap">
					{state.unreadableText}
				</Text>
			) : null}
		</Box>
	);
}

/** The records read: the filter line, the table's page and the page line (or a notice). */
function HistoryTableView({state, theme}: {state: HistoryScreenState; theme: Theme}) {
	const {choices, table, page, pageSize, selected, count} = state;
	return (
		<>
			{state.filterShown ? (
				<ListFilter query={choices.query} cursor={choices.cursor} focused={choices.filtering} shown={count} total={state.records.length} theme={theme} />
			) : null}
			<Text dimColor wrap="truncate">
				{' '.repeat(MARK)}
				{table.header}
			</Text>
			{state.shown.map((index, i) => {
				const chosen = page * pageSize + i === selected;
				return (
					<Text key={page * pageSize + i} wrap="truncate" bold={chosen}>
						{chosen ? '› ' : '  '}
						{table.lines[index]}
					</Text>
				);
			})}
			{count === 0 ? (
				<Text wrap="truncate">
					{'  '}No record matches “{choices.query}”. Esc clears the filter.
				</Text>
			) : null}
			<Text dimColor={!state.foot.notice} wrap="wrap">
				{state.foot.text}
			</Text>
		</>
	);
}
