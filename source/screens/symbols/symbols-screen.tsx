// The symbol explorer: fzf-style filter over every spot pair, a windowed list, and a detail view.
import React, {useEffect, useMemo, useReducer, useRef} from 'react';
import {Box, Text} from 'ink';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useBodySize} from '../../ui/layout.js';
import {useServices} from '../../ui/services.js';
import {useNavigation} from '../../ui/navigation.js';
import {useStore} from '../../ui/use-store.js';
import {Spinner} from '../../ui/components/spinner.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {errorLine} from '../../format/describe-error.js';
import {clamp, explorerReducer, openExplorer, windowOffset} from './reducer.js';
import {buildIndex, filterIndex, highlightPositions, matchAt, matchesBetween, type FilterResult} from './search.js';
import {useSearchWarmUp} from './use-search-warm-up.js';
import {explorerBindings} from './explorer-keys.js';
import {columnsFor, headerLine, rowLine, SymbolRow} from './symbol-row.js';
import {SymbolDetail} from './symbol-detail.js';
import {scrollWindow} from '../../ui/components/scroll-window.js';
import {symbolDetailRows} from '../../format/symbol.js';
import {age} from '../../format/time.js';
import {wrapLines} from '../../format/wrap.js';
import type {SymbolListState} from '../../services/symbol-store.js';
import {FilterField} from './filter-field.js';
import {pasteEdit} from '../../ui/fields/text-editing.js';

/** Rows the explorer uses around the list besides the count line (which wraps, counted as it does): filter, header. */
const EXPLORER_CHROME = 2;

export function SymbolsScreen() {
	const {symbols, theme, lastError, inputs} = useServices();
	const navigation = useNavigation();
	const list = useStore(symbols);
	const {columns, rows} = useBodySize();
	const [state, dispatch] = useReducer(explorerReducer, inputs.symbols(), openExplorer);

	useEffect(() => symbols.ensure(), [symbols]);
	useEffect(() => {
		if (list.status === 'error') lastError.report('symbols', `Spot pairs: ${errorLine(list.error)}`);
		if (list.status === 'ready') lastError.succeeded('symbols');
	}, [list, lastError]);

	const records = list.status === 'idle' ? undefined : list.records;
	const index = useMemo(() => buildIndex(records ?? []), [records]);
	useSearchWarmUp(index, state.query, (match, _query, highlight) => void rowLine(match.record, highlight.join(','), false, columnsFor(columns), theme));

	// The last result of this index, so a keystroke that extends the filter scans only the previous matches.
	const lastFilter = useRef<{index: typeof index; result: FilterResult} | undefined>(undefined);
	const filtered = useMemo(() => {
		const previous = lastFilter.current?.index === index ? lastFilter.current.result : undefined;
		const result = filterIndex(index, state.query, previous);
		lastFilter.current = {index, result};
		return result;
	}, [index, state.query]);
	const total = filtered.size;

	// Computed in render so a resize or a new list never leaves the window or selection out of range.
	// The count line wraps at whole words (never cut): the page is what its rows leave.
	const countText = records === undefined || records.length === 0 ? undefined : countLine(total, records.length, list);
	const pageSize = Math.max(1, rows - EXPLORER_CHROME - (countText === undefined ? 1 : wrapLines(countText, columns).length));
	const selected = clamp(state.selected, 0, Math.max(0, total - 1));
	const offset = windowOffset(selected, state.offset, total, pageSize);
	const visible = matchesBetween(filtered, offset, offset + pageSize);
	const current = matchAt(filtered, selected);

	// The filter and the row selected are kept for the session: coming back (from home) finds them as they were.
	const kept = useRef({query: state.query, selected});
	kept.current = {query: state.query, selected};
	useEffect(() => () => inputs.rememberSymbols(kept.current), [inputs]);
	const detailOpen = state.detailOpen && current !== undefined;

	// The details below their title line; taller than that, they scroll (PgUp/PgDn) with a "more" mark.
	const detailTitle = current === undefined ? '' : `Symbols · ${selected + 1} of ${total} · ${current.record.symbol}`;
	const detailHeight = Math.max(2, rows - wrapLines(detailTitle, columns).length);
	// Only while they show: the list's keystrokes (the hot path) do not build the selected pair's details.
	const detailRows = detailOpen ? symbolDetailRows(current.record).length : 0;
	const detail = detailOpen ? scrollWindow(detailRows, detailHeight, state.detailScroll ?? 0) : undefined;
	useScreenInput({
		mode: state.focus === 'filter' && !detailOpen ? 'text' : 'navigate',
		bindings: explorerBindings({
			state,
			dispatch,
			total,
			pageSize,
			reload: symbols.reload,
			back: navigation.back,
			detail: detail ? {rows: detailRows, window: detail} : undefined,
		}),
		onPaste: (text) => {
			const edit = pasteEdit(text);
			if (edit && state.focus === 'filter' && !state.detailOpen) dispatch({type: 'text', edit});
		},
	});

	if (detailOpen) {
		return (
			<Box flexDirection="column">
				<Text bold color={theme.accent} wrap="wrap">
					{detailTitle}
				</Text>
				<SymbolDetail record={current.record} theme={theme} height={detailHeight} scroll={state.detailScroll ?? 0} />
			</Box>
		);
	}

	const layout = columnsFor(columns);
	const loaded = records !== undefined && records.length > 0;
	return (
		<Box flexDirection="column">
			<Box>
				<Box flexGrow={1} flexShrink={1}>
					<FilterField query={state.query} cursor={state.cursor} focused={state.focus === 'filter'} theme={theme} />
				</Box>
				{/* fzf's counter: the selected row of the matches. */}
				{loaded ? <Text dimColor>{` ${total === 0 ? 0 : selected + 1}/${total}`}</Text> : null}
			</Box>
			{list.status === 'error' && !records?.length ? (
				<ErrorMessage error={list.error} color={theme.bad} action="Ctrl+R to retry" />
			) : records === undefined || (records.length === 0 && list.status === 'loading') ? (
				<Spinner label="Loading spot pairs…" color={theme.accent} />
			) : records.length === 0 ? (
				<Text wrap="wrap">The server listed no spot pairs. Ctrl+R reloads.</Text>
			) : (
				<>
					<Text dimColor wrap="truncate">
						{headerLine(layout)}
					</Text>
					{/* Keyed by line, not by pair: a keystroke that changes the matches updates the lines' text instead of
					    unmounting and mounting them (measured at 10k pairs: the first keystrokes 11.6 → 8.4 ms median). */}
					{visible.map((match, i) => (
						<SymbolRow
							key={i}
							record={match.record}
							highlight={highlightPositions(match, state.query).join(',')}
							selected={offset + i === selected}
							columns={layout}
							theme={theme}
						/>
					))}
					{visible.length === 0 ? <Text wrap="wrap">  No pair matches “{state.query}”. Esc clears the filter.</Text> : null}
				</>
			)}
			{records === undefined || records.length === 0 ? null : (
			<Text dimColor wrap="wrap">
				{countText}
			</Text>
			)}
		</Box>
	);
}

/** "49 of 49 pairs · cached 5 min ago · refreshing…". */
function countLine(total: number, all: number, list: SymbolListState): string {
	const cached = list.status !== 'idle' && list.fromCache && list.fetchedAt !== undefined ? ` · cached ${age(Date.now() - list.fetchedAt)}` : '';
	const unreadable = list.status !== 'idle' && list.unreadable ? ` · ${list.unreadable} unreadable record${list.unreadable === 1 ? '' : 's'} left out` : '';
	const state = list.status === 'loading' ? ' · refreshing…' : list.status === 'error' ? ' · refresh failed, Ctrl+R to retry' : '';
	return `${total} of ${all} pairs${cached}${unreadable}${state}`;
}
