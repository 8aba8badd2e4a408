// fzf-style filtering over symbol, base and quote coin: exact > prefix > substring > subsequence,
// case-insensitive. A query is terms apart by spaces, each term read as the CLI reads a pair (`btc/usdt`, `btc-usdt`
// are BTCUSDT: api/validate.ts); a pair matches when every term does, and ranks as its weakest term.
// Built for 100k pairs per keystroke: the index is sorted by symbol once and holds no objects of its own (parallel
// arrays of the records' own upper-case strings); ranking is a counting sort by rank over symbol order (no
// comparison sort, no object per match); a longer query scans only the previous matches; and highlight positions
// are computed only for the rows on screen.
import type {SymbolRecord} from '../../api/types.js';
import {withoutPairSeparators} from '../../api/validate.js';

export interface Match {
	record: SymbolRecord;
	/** Higher is better; 0 for "no filter". */
	rank: number;
	/** Upper-case search keys. */
	symbol: string;
	base: string;
	quote: string;
}

export const RANK = {exact: 4, prefix: 3, substring: 2, subsequence: 1} as const;

export interface SearchIndex {
	/** Records in list order: what an empty filter shows. */
	records: readonly SymbolRecord[];
	/** The records sorted by symbol (the order within a rank), with their upper-case keys in the same order. */
	sorted: readonly SymbolRecord[];
	symbols: readonly string[];
	bases: readonly string[];
	quotes: readonly string[];
}

// Symbols and coins arrive upper-case: then the key is the record's own string and costs nothing.
const NEEDS_UPPER = /[a-z]|[^\u0000-\u007f]/;
const upper = (text: string) => (NEEDS_UPPER.test(text) ? text.toUpperCase() : text);

/** The index of a list. Only the records are needed to show the list unfiltered: the sorted records (~40 ms at
 * 100k pairs) and their keys (~30 ms) are made on first use, by the first filter or the explorer's warm-up. */
export function buildIndex(records: readonly SymbolRecord[]): SearchIndex {
	let sorted: SymbolRecord[] | undefined;
	let keys: Pick<SearchIndex, 'symbols' | 'bases' | 'quotes'> | undefined;
	const sortedRecords = () => (sorted ??= [...records].sort((a, b) => compare(a.symbol, b.symbol)));
	const sortedKeys = () => (keys ??= keysOf(sortedRecords()));
	return {
		records,
		get sorted() {
			return sortedRecords();
		},
		get symbols() {
			return sortedKeys().symbols;
		},
		get bases() {
			return sortedKeys().bases;
		},
		get quotes() {
			return sortedKeys().quotes;
		},
	};
}

function keysOf(sorted: readonly SymbolRecord[]): Pick<SearchIndex, 'symbols' | 'bases' | 'quotes'> {
	return {
		symbols: sorted.map((record) => upper(record.symbol)),
		bases: sorted.map((record) => upper(record.baseCoin)),
		quotes: sorted.map((record) => upper(record.quoteCoin)),
	};
}

/** The last one has two terms and narrows the one before: the loop over further terms and the highlight's union
 * are compiled too, so a first space typed does not send the filter back to V8's interpreter. */
const WARM_UP_QUERIES = ['a', 'ab', 'usdt', 'usdt x1'];
/** The warm-up's queries run on at most this many records: enough runs of the filter's loop for V8 to optimise it
 * (the compiled code serves any list), each query a few ms, so a keystroke that arrives meanwhile barely waits. */
const WARM_UP_SAMPLE = 10_000;

/**
 * What the explorer does while the list is on screen and nothing is typed yet, so the first keystrokes pay for
 * none of it: sort the records, make their keys, and run the filter, highlight and row code (`drawRow`, which
 * draws to a string, not the screen) on a few queries, each extending the one before when it can (the path of a
 * keystroke that adds a character). Separate steps, so a keystroke never waits for more than one of them; on a
 * long list the queries run on its first records, and one more on the whole list.
 */
export function warmUpSteps(index: SearchIndex, drawRow?: (match: Match, query: string, highlight: number[]) => void): Array<() => void> {
	const long = index.records.length > WARM_UP_SAMPLE;
	const sample = long ? buildIndex(index.records.slice(0, WARM_UP_SAMPLE)) : index;
	let previous: FilterResult | undefined;
	const query = (on: SearchIndex, text: string) => () => {
		const result = filterIndex(on, text, previous?.index === on ? previous : undefined);
		previous = result;
		for (const match of matchesBetween(result, 0, 30)) {
			const highlight = highlightPositions(match, text);
			drawRow?.(match, text, highlight);
		}
	};
	return [
		() => void index.sorted,
		() => void index.symbols,
		...WARM_UP_QUERIES.map((text) => query(sample, text)),
		// Then one on the whole of a long list, with the code compiled by now: the first keystroke over 100k pairs
		// otherwise took ~45 ms instead of ~10 (measured; its first pass over the full-size arrays).
		...(long ? [query(index, 'usdt')] : []),
	];
}

/**
 * The matches of one query, without an object per match: positions into `sorted`, best rank first, each rank
 * in symbol order. `matchAt` reads one match. One typed array per query is all a keystroke allocates: arrays of
 * 100k pointers would land in V8's large-object space and stay until a full GC, and the scratch space of the
 * scan is shared by every query.
 */
export interface FilterResult {
	index: SearchIndex;
	/** The terms, joined by one space: a query that starts with it narrows this result. */
	needle: string;
	/** Number of matches. */
	size: number;
	/** True for an empty query: the matches are the list itself, in its own order. */
	all: boolean;
	/** Matches in display order (positions into `sorted`). */
	ordered: Int32Array;
	/** Where each rank's matches end in `ordered`: [exact, prefix, substring, subsequence]. */
	rankEnds: readonly number[];
}

const EMPTY = new Int32Array(0);

/** Scratch space of a scan, grown to the largest list seen: positions to look at, matches found, their ranks. */
let pool = new Int32Array(0);
let found = new Int32Array(0);
let ranks = new Uint8Array(0);

function reserve(size: number): void {
	if (pool.length >= size) return;
	pool = new Int32Array(size);
	found = new Int32Array(size);
	ranks = new Uint8Array(size);
}

/** A query's terms: split at white space, the pair separators dropped (`btc/usdt` is BTCUSDT), upper-case. A term
 * that was only separators is no term. */
export function searchTerms(query: string): string[] {
	const terms: string[] = [];
	for (const word of query.split(/\s+/)) {
		const term = withoutPairSeparators(word).toUpperCase();
		if (term !== '') terms.push(term);
	}
	return terms;
}

/**
 * Pass the previous result: when the new query extends it (the usual keystroke), only the previous matches can
 * still match, so only they are scanned. The new terms then start with the old ones, term by term (the last one
 * may have grown, terms may have been added), and every kind of match of "abc" is at least a subsequence match of
 * "ab". Several terms cost a few more string tests per pair, never an allocation: the terms are made once a query.
 */
export function filterIndex(index: SearchIndex, query: string, previous?: FilterResult): FilterResult {
	const terms = searchTerms(query);
	const needle = terms.join(' ');
	if (needle === '') return {index, needle, size: index.records.length, all: true, ordered: EMPTY, rankEnds: []};
	// Only separators or spaces typed: the same matches.
	if (previous && previous.index === index && previous.needle === needle) return previous;
	const {symbols, bases, quotes} = index;
	reserve(symbols.length);
	const narrow = previous && previous.index === index && !previous.all && needle.startsWith(previous.needle);
	const poolSize = narrow ? inSymbolOrder(previous, pool) : symbols.length;
	const perRank = [0, 0, 0, 0, 0];
	const first = terms[0]!;
	const termCount = terms.length;
	let count = 0;
	for (let i = 0; i < poolSize; i++) {
		const at = narrow ? pool[i]! : i;
		const symbol = symbols[at]!;
		const base = bases[at]!;
		const quote = quotes[at]!;
		let rank = rankOf(symbol, base, quote, first);
		// Every further term must match too; the pair ranks as its weakest term.
		for (let t = 1; t < termCount && rank !== 0; t++) rank = Math.min(rank, rankOf(symbol, base, quote, terms[t]!));
		if (rank === 0) continue;
		found[count] = at;
		ranks[count] = rank;
		perRank[rank]!++;
		count++;
	}
	// A counting sort by rank (best first) keeps symbol order inside each rank.
	const rankEnds = [perRank[4]!, perRank[4]! + perRank[3]!, perRank[4]! + perRank[3]! + perRank[2]!, count];
	const next = [0, rankEnds[2]!, rankEnds[1]!, rankEnds[0]!, 0];
	const ordered = new Int32Array(count);
	for (let k = 0; k < count; k++) ordered[next[ranks[k]!]!++] = found[k]!;
	return {index, needle, size: count, all: false, ordered, rankEnds};
}

/** Writes a result's matches into `into` in symbol order (a merge of its four rank runs, each already in symbol
 * order) and returns how many there are. */
function inSymbolOrder(result: FilterResult, into: Int32Array): number {
	const {ordered, rankEnds} = result;
	const starts = [0, rankEnds[0]!, rankEnds[1]!, rankEnds[2]!];
	for (let k = 0; k < result.size; k++) {
		let best = -1;
		for (let run = 0; run < 4; run++) {
			if (starts[run]! < rankEnds[run]! && (best === -1 || ordered[starts[run]!]! < ordered[starts[best]!]!)) best = run;
		}
		into[k] = ordered[starts[best]!++]!;
	}
	return result.size;
}

/** The match at position `at` (0-based) of a result, or undefined past the end. */
export function matchAt(result: FilterResult, at: number): Match | undefined {
	if (at < 0 || at >= result.size) return undefined;
	const {index} = result;
	if (result.all) {
		const record = index.records[at]!;
		return {record, rank: 0, symbol: record.symbol, base: record.baseCoin, quote: record.quoteCoin};
	}
	const position = result.ordered[at]!;
	const [exact, prefix, substring] = result.rankEnds as [number, number, number, number];
	const rank = at < exact ? RANK.exact : at < prefix ? RANK.prefix : at < substring ? RANK.substring : RANK.subsequence;
	return {record: index.sorted[position]!, rank, symbol: index.symbols[position]!, base: index.bases[position]!, quote: index.quotes[position]!};
}

/** Matches from `start` to `end` (exclusive): the window on screen. */
export function matchesBetween(result: FilterResult, start: number, end: number): Match[] {
	const window: Match[] = [];
	for (let at = start; at < Math.min(end, result.size); at++) window.push(matchAt(result, at)!);
	return window;
}

function rankOf(symbol: string, base: string, quote: string, needle: string): number {
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

/** The last query's terms: every row on screen asks for the same query's. */
let lastTerms: {query: string; terms: readonly string[]} = {query: '', terms: []};

/** Indices into the symbol to highlight for a match, every term's, in order: computed only for the rows on screen. */
export function highlightPositions(match: Match, query: string): number[] {
	if (match.rank === 0) return [];
	if (lastTerms.query !== query) lastTerms = {query, terms: searchTerms(query)};
	const {terms} = lastTerms;
	if (terms.length === 1) return termPositions(match, terms[0]!);
	const marked = new Set<number>();
	for (const term of terms) for (const at of termPositions(match, term)) marked.add(at);
	return [...marked].sort((a, b) => a - b);
}

/** Where one term matches the symbol, by the kind of match it makes there. */
function termPositions(match: Match, needle: string): number[] {
	const {symbol, base, quote} = match;
	const run = (at: number) => (at < 0 ? [] : range(at, needle.length));
	switch (rankOf(symbol, base, quote, needle)) {
		case RANK.exact:
			return run(symbol === needle ? 0 : base === needle ? symbol.indexOf(needle) : symbol.lastIndexOf(needle));
		case RANK.prefix:
			return run(symbol.startsWith(needle) ? 0 : base.startsWith(needle) ? symbol.indexOf(base) : symbol.lastIndexOf(quote));
		case RANK.substring:
			return run(symbol.indexOf(needle));
		case RANK.subsequence: {
			const positions: number[] = [];
			let from = 0;
			for (const char of needle) {
				const at = symbol.indexOf(char, from);
				positions.push(at);
				from = at + 1;
			}
			return positions;
		}
		default:
			return [];
	}
}

function range(start: number, length: number): number[] {
	return Array.from({length}, (_, i) => start + i);
}

function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
