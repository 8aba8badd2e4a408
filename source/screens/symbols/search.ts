// fzf-style filtering over symbol, base and quote coin: exact > prefix > substring > subsequence,
// case-insensitive. Built for 100k pairs per keystroke: the index is lower-cased and sorted by symbol once,
// ranking is four groups filled in symbol order (no comparison sort, no object per match), a longer query scans only the previous
// matches, and highlight positions are computed only for the rows on screen.
import type {SymbolRecord} from '../../api/types.js';

export interface SearchEntry {
	record: SymbolRecord;
	symbol: string;
	base: string;
	quote: string;
}

export interface Match {
	record: SymbolRecord;
	/** Higher is better; 0 for "no filter". */
	rank: number;
	entry: SearchEntry;
}

export const RANK = {exact: 4, prefix: 3, substring: 2, subsequence: 1} as const;

export interface SearchIndex {
	/** Entries in list order: what an empty filter shows. */
	entries: readonly SearchEntry[];
	/** The same entries sorted by symbol: the order within a rank. */
	bySymbol: readonly SearchEntry[];
}

export function buildIndex(records: readonly SymbolRecord[]): SearchIndex {
	const entries = records.map((record) => ({
		record,
		symbol: record.symbol.toLowerCase(),
		base: record.baseCoin.toLowerCase(),
		quote: record.quoteCoin.toLowerCase(),
	}));
	const bySymbol = [...entries].sort((a, b) => compare(a.record.symbol, b.record.symbol));
	return {entries, bySymbol};
}

/**
 * The matches of one query, without an object per match (a broad query over 100k pairs would make 100k of them
 * per keystroke): entries grouped by rank, best first, each group in symbol order. `matchAt` reads one.
 */
export interface FilterResult {
	needle: string;
	/** Number of matches. */
	size: number;
	/** Entry groups, best rank first; for an empty query the one group is the list in its own order. */
	groups: ReadonlyArray<readonly SearchEntry[]>;
	/** The rank of each group. */
	ranks: readonly number[];
	/** The entries that matched, in symbol order: what a longer query has to look at. */
	candidates: readonly SearchEntry[];
}

/**
 * Pass the previous result: when the new query extends it (the usual keystroke), only the previous matches can
 * still match (every kind of match of "abc" is at least a subsequence match of "ab"), so only they are scanned.
 */
export function filterIndex(index: SearchIndex, query: string, previous?: FilterResult): FilterResult {
	const needle = query.trim().toLowerCase();
	if (needle === '') return {needle, size: index.entries.length, groups: [index.entries], ranks: [0], candidates: index.bySymbol};
	const pool = previous && previous.needle !== '' && needle.startsWith(previous.needle) ? previous.candidates : index.bySymbol;
	const groups: SearchEntry[][] = [[], [], [], []];
	const candidates: SearchEntry[] = [];
	for (const entry of pool) {
		const rank = rankOf(entry, needle);
		if (rank === 0) continue;
		groups[RANK.exact - rank]!.push(entry);
		candidates.push(entry);
	}
	return {needle, size: candidates.length, groups, ranks: [RANK.exact, RANK.prefix, RANK.substring, RANK.subsequence], candidates};
}

/** The match at position `at` (0-based) of a result, or undefined past the end. */
export function matchAt(result: FilterResult, at: number): Match | undefined {
	let offset = at;
	for (let g = 0; g < result.groups.length; g++) {
		const group = result.groups[g]!;
		if (offset < group.length) {
			const entry = group[offset]!;
			return {record: entry.record, rank: result.ranks[g]!, entry};
		}
		offset -= group.length;
	}
	return undefined;
}

/** Matches from `start` to `end` (exclusive): the window on screen. */
export function matchesBetween(result: FilterResult, start: number, end: number): Match[] {
	const window: Match[] = [];
	for (let at = start; at < Math.min(end, result.size); at++) window.push(matchAt(result, at)!);
	return window;
}

function rankOf(entry: SearchEntry, needle: string): number {
	const {symbol, base, quote} = entry;
	if (symbol === needle || base === needle || quote === needle) return RANK.exact;
	if (symbol.startsWith(needle) || base.startsWith(needle) || quote.startsWith(needle)) return RANK.prefix;
	if (symbol.includes(needle)) return RANK.substring;
	return isSubsequence(symbol, needle) ? RANK.subsequence : 0;
}

function isSubsequence(haystack: string, needle: string): boolean {
	let from = 0;
	for (let i = 0; i < needle.length; i++) {
		from = haystack.indexOf(needle[i]!, from) + 1;
		if (from === 0) return false;
	}
	return true;
}

/** Indices into the symbol to highlight for a match: computed only for the rows on screen. */
export function highlightPositions(match: Match, query: string): number[] {
	const needle = query.trim().toLowerCase();
	const {symbol, base, quote} = match.entry;
	if (needle === '' || match.rank === 0) return [];
	const run = (at: number) => (at < 0 ? [] : range(at, needle.length));
	switch (match.rank) {
		case RANK.exact:
			return run(symbol === needle ? 0 : base === needle ? symbol.indexOf(needle) : symbol.lastIndexOf(needle));
		case RANK.prefix:
			return run(symbol.startsWith(needle) ? 0 : base.startsWith(needle) ? symbol.indexOf(base) : symbol.lastIndexOf(quote));
		case RANK.substring:
			return run(symbol.indexOf(needle));
		default: {
			const positions: number[] = [];
			let from = 0;
			for (const char of needle) {
				const at = symbol.indexOf(char, from);
				positions.push(at);
				from = at + 1;
			}
			return positions;
		}
	}
}

function range(start: number, length: number): number[] {
	return Array.from({length}, (_, i) => start + i);
}

function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
