// The results of a list's recent queries (fzf keeps such a cache too): a backspace, or a query typed again, finds
// its matches without a scan, and a new query narrows the recent query it extends with the fewest matches instead
// of only the last one (typing "x09" after backspacing "x001" to "x0" scans x0's matches). At 100k pairs a scan of the whole list
// costs a keystroke 5-25 ms (bench/explorer.ts); a result kept costs 8 bytes a match (search.ts).
import {filterIndex, searchTerms, type FilterResult, type SearchIndex} from './search.js';

/** Results kept at most, whatever their size. */
const MAX_RESULTS = 64;
/** Matches kept at most across the results, as a multiple of the list's length: 4 is 3.2 MB at 100k pairs. */
const MAX_MATCHES_PER_PAIR = 4;

export class RecentFilters {
	/** By needle (the query's terms), least recently used first. */
	private readonly results = new Map<string, FilterResult>();
	private matches = 0;

	constructor(readonly index: SearchIndex) {}

	filter(query: string): FilterResult {
		const needle = searchTerms(query).join(' ');
		const kept = this.results.get(needle);
		if (kept) {
			this.results.delete(needle);
			this.results.set(needle, kept);
			return kept;
		}
		const result = filterIndex(this.index, query, this.narrowest(needle));
		if (!result.all) this.keep(result);
		return result;
	}

	/** Of the kept results whose needle the new one extends, the one with the fewest matches to scan again. */
	private narrowest(needle: string): FilterResult | undefined {
		let best: FilterResult | undefined;
		for (const [kept, result] of this.results) {
			if (needle.startsWith(kept) && (best === undefined || result.size < best.size)) best = result;
		}
		return best;
	}

	private keep(result: FilterResult): void {
		this.results.set(result.needle, result);
		this.matches += result.size;
		const limit = MAX_MATCHES_PER_PAIR * this.index.records.length;
		for (const [needle, old] of this.results) {
			if (this.results.size <= 1 || (this.matches <= limit && this.results.size <= MAX_RESULTS)) break;
			this.results.delete(needle);
			this.matches -= old.size;
		}
	}
}
