// The explorer's filter over the spot pairs (search.ts): the index built once per list, warmed up while nothing is
// typed (use-search-warm-up.ts), and its recent queries' results kept (recent-filters.ts), so a keystroke that
// extends a query scans only that query's matches and a backspace scans nothing.
import {useMemo} from 'react';
import type {SymbolRecord} from '../../api/types.js';
import {useServices} from '../../ui/services.js';
import {RecentFilters} from './recent-filters.js';
import {buildIndex, type FilterResult} from './search.js';
import {columnsFor, rowLine} from './symbol-row.js';
import {useSearchWarmUp} from './use-search-warm-up.js';

export function useSymbolFilter(records: readonly SymbolRecord[] | undefined, query: string, columns: number): FilterResult {
	const {theme} = useServices();
	const recent = useMemo(() => new RecentFilters(buildIndex(records ?? [])), [records]);
	useSearchWarmUp(recent.index, query, (match, _query, highlight) => void rowLine(match.record, highlight.join(','), false, columnsFor(columns), theme));
	return useMemo(() => recent.filter(query), [recent, query]);
}
