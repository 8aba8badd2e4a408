// fzf-style filtering over symbol, base and quote coin: exact > prefix > substring > subsequence,
// case-insensitive, with the matched characters of the symbol for highlighting.
import type {SymbolRecord} from '../../api/types.js';

export interface SearchEntry {
	record: SymbolRecord;
	/** Lower-cased once, when the list arrives: the precomputed index the filter scans. */
	symbol: string;
	base: string;
	quote: string;
}

export interface Match {
	record: SymbolRecord;
	/** Higher is better. */
	rank: number;
	/** Indices into record.symbol to highlight. */
	positions: number[];
}

export const RANK = {exact: 4, prefix: 3, substring: 2, subsequence: 1} as const;

export function buildIndex(records: readonly SymbolRecord[]): SearchEntry[] {
	return records.map((record) => ({
		record,
		symbol: record.symbol.toLowerCase(),
		base: record.baseCoin.toLowerCase(),
		quote: record.quoteCoin.toLowerCase(),
	}));
}

export interface FilterResult {
	needle: string;
	matches: Match[];
	/** The entries that matched, in index order: what a longer query has to look at. */
	candidates: readonly SearchEntry[];
}

/**
 * All entries for an empty query, in list order; otherwise the matches, best rank first, then by symbol.
 * Pass the previous result: when the new query extends it (the usual keystroke), only the previous matches can
 * still match (every kind of match of "abc" is at least a subsequence match of "ab"), so only they are scanned.
 */
export function filterIndex(index: readonly SearchEntry[], query: string, previous?: FilterResult): FilterResult {
	const needle = query.trim().toLowerCase();
	if (needle === '') return {needle, matches: index.map((entry) => ({record: entry.record, rank: 0, positions: []})), candidates: index};
	const pool = previous && previous.needle !== '' && needle.startsWith(previous.needle) ? previous.candidates : index;
	const matches: Match[] = [];
	const candidates: SearchEntry[] = [];
	for (const entry of pool) {
		const match = matchEntry(entry, needle);
		if (match) {
			matches.push(match);
			candidates.push(entry);
		}
	}
	matches.sort((a, b) => b.rank - a.rank || compare(a.record.symbol, b.record.symbol));
	return {needle, matches, candidates};
}

function matchEntry(entry: SearchEntry, needle: string): Match | undefined {
	const {symbol, base, quote} = entry;
	if (symbol === needle || base === needle || quote === needle) {
		return {record: entry.record, rank: RANK.exact, positions: exactPositions(entry, needle)};
	}
	if (symbol.startsWith(needle) || base.startsWith(needle) || quote.startsWith(needle)) {
		const at = symbol.startsWith(needle) ? 0 : base.startsWith(needle) ? symbol.indexOf(base) : symbol.lastIndexOf(quote);
		return {record: entry.record, rank: RANK.prefix, positions: range(Math.max(0, at), needle.length)};
	}
	const at = symbol.indexOf(needle);
	if (at >= 0) return {record: entry.record, rank: RANK.substring, positions: range(at, needle.length)};
	const positions = subsequence(symbol, needle);
	return positions ? {record: entry.record, rank: RANK.subsequence, positions} : undefined;
}

function exactPositions(entry: SearchEntry, needle: string): number[] {
	if (entry.symbol === needle) return range(0, needle.length);
	const at = entry.base === needle ? entry.symbol.indexOf(needle) : entry.symbol.lastIndexOf(needle);
	return at >= 0 ? range(at, needle.length) : [];
}

function subsequence(haystack: string, needle: string): number[] | undefined {
	const positions: number[] = [];
	let from = 0;
	for (const char of needle) {
		const at = haystack.indexOf(char, from);
		if (at < 0) return undefined;
		positions.push(at);
		from = at + 1;
	}
	return positions;
}

function range(start: number, length: number): number[] {
	return Array.from({length}, (_, i) => start + i);
}

function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
