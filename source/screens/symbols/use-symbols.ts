// The symbol explorer's state and actions: the spot pairs (the symbol store, read as the explorer opens), the filter
// over them, the selection and the window of rows that fit, the detail view's window, and what the explorer keeps
// for the session when it is left. The keys (explorer-keys.ts) dispatch to the explorer's reducer.
import {useEffect, useReducer, useRef} from 'react';
import {errorLine} from '../../format/describe-error.js';
import {symbolDetailRows} from '../../format/symbol.js';
import {age} from '../../format/time.js';
import {wrapLines} from '../../format/wrap.js';
import type {SymbolListState} from '../../services/symbol-store.js';
import {scrollWindow} from '../../ui/components/scroll-window.js';
import {pasteEdit} from '../../ui/fields/text-editing.js';
import {useBodySize} from '../../ui/layout.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {useStore} from '../../ui/use-store.js';
import {clamp, explorerReducer, openExplorer, windowOffset} from './reducer.js';
import {matchAt, matchesBetween} from './search.js';
import {useSymbolFilter} from './use-symbol-filter.js';

/** Rows the explorer uses around the list besides the count line (which wraps, counted as it does): filter, header. */
const EXPLORER_CHROME = 2;

export type SymbolsScreenState = ReturnType<typeof useSymbols>['state'];

export function useSymbols() {
	const {symbols, lastError, inputs} = useServices();
	const navigation = useNavigation();
	const list = useStore(symbols);
	const {columns, rows} = useBodySize();
	const [explorer, dispatch] = useReducer(explorerReducer, inputs.symbols(), openExplorer);

	useEffect(() => symbols.ensure(), [symbols]);
	// The status line follows the list's last read (app/components/status-line.tsx).
	useEffect(() => {
		if (list.status === 'error') lastError.report('symbols', `Spot pairs: ${errorLine(list.error)}`);
		if (list.status === 'ready') lastError.succeeded('symbols');
	}, [list, lastError]);

	const records = list.status === 'idle' ? undefined : list.records;
	const filtered = useSymbolFilter(records, explorer.query, columns);
	const total = filtered.size;

	// Computed in render so a resize or a new list never leaves the window or selection out of range.
	// The count line wraps at whole words (never cut): the page is what its rows leave.
	const countText = records === undefined || records.length === 0 ? undefined : countLine(total, records.length, list);
	const pageSize = Math.max(1, rows - EXPLORER_CHROME - (countText === undefined ? 1 : wrapLines(countText, columns).length));
	const selected = clamp(explorer.selected, 0, Math.max(0, total - 1));
	const offset = windowOffset(selected, explorer.offset, total, pageSize);
	const current = matchAt(filtered, selected);

	// The filter and the row selected are kept for the session: coming back (from home) finds them as they were.
	const kept = useRef({query: explorer.query, selected});
	kept.current = {query: explorer.query, selected};
	useEffect(() => () => inputs.rememberSymbols(kept.current), [inputs]);
	const detailOpen = explorer.detailOpen && current !== undefined;

	// The details below their title line; taller than that, they scroll (PgUp/PgDn) with a "more" mark.
	const detailTitle = current === undefined ? '' : `Symbols · ${selected + 1} of ${total} · ${current.record.symbol}`;
	const detailHeight = Math.max(2, rows - wrapLines(detailTitle, columns).length);
	// Only while they show: the list's keystrokes (the hot path) do not build the selected pair's details.
	const detailRows = detailOpen ? symbolDetailRows(current.record).length : 0;
	const detail = detailOpen
		? {
				record: current.record,
				title: detailTitle,
				height: detailHeight,
				rows: detailRows,
				window: scrollWindow(detailRows, detailHeight, explorer.detailScroll ?? 0),
			}
		: undefined;
	const actions = {
		dispatch,
		reload: symbols.reload,
		back: navigation.back,
		paste(text: string) {
			const edit = pasteEdit(text);
			if (edit && explorer.focus === 'filter' && !explorer.detailOpen) dispatch({type: 'text', edit});
		},
	};
	const visible = matchesBetween(filtered, offset, offset + pageSize);
	return {state: {explorer, list, records, columns, total, countText, pageSize, selected, offset, visible, detail}, actions};
}

/** "49 of 49 pairs · cached 5 min ago · refreshing…". */
function countLine(total: number, all: number, list: SymbolListState): string {
	const cached = list.status !== 'idle' && list.fromCache && list.fetchedAt !== undefined ? ` · cached ${age(Date.now() - list.fetchedAt)}` : '';
	const unreadable = list.status !== 'idle' && list.unreadable ? ` · ${list.unreadable} unreadable record${list.unreadable === 1 ? '' : 's'} left out` : '';
	const state = list.status === 'loading' ? ' · refreshing…' : list.status === 'error' ? ' · refresh failed, Ctrl+R to retry' : '';
	return `${total} of ${all} pairs${cached}${unreadable}${state}`;
}
