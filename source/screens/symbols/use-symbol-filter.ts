// The explorer's filter over the spot pairs (search.ts): the index built once per list, warmed up while nothing is
// typed (use-search-warm-up.ts), and each keystroke that extends the filter scanning only the previous matches.
import {useMemo, useRef} from 'react';
import type {SymbolRecord} from '../../api/types.js';
import {useServices} from '../../ui/services.js';
import {buildIndex, filterIndex, type FilterResult} from './search.js';
import {columnsFor, rowLine} from './symbol-row.js';
import {useSearchWarmUp} from './use-search-warm-up.js';

export function useSymbolFilter(records: readonly SymbolRecord[] | undefined, query: string, columns: number): FilterResult {
	const {theme} = useServices();
	const index = useMemo(() => buildIndex(records ?? []), [records]);
	useSearchWarmUp(index, query, (match, _query, highlight) => void rowLine(match.record, highlight.join(','), false, columnsFor(columns), theme));

	// The last result of this index, so a keystroke that extends the filter scans only the previous matches.
	const lastFilter = useRef<{index: typeof index; result: FilterResult} | undefined>(undefined);
	return useMemo(() => {
		const previous = lastFilter.current?.index === index ? lastFilter.current.result : undefined;
		const result = filterIndex(index, query, previous);
		lastFilter.current = {index, result};
		return result;
	}, [index, query]);
}
