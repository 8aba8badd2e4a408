// fzf-style filtering over symbol, base and quote coin: exact > prefix > substring > subsequence,
// case-insensitive. A query is terms apart by spaces, each term read as the CLI reads a pair (`btc/usdt`, `btc-usdt`
// are BTCUSDT: api/validate.ts); a pair matches when every term does, and ranks as its weakest term.
// Built for 100k pairs per keystroke: the index is sorted by symbol once and holds no objects of its own (parallel
// arrays of the records' own upper-case strings); ranking is a counting sort by rank over symbol order (no
// comparison sort, no object per match); a longer query scans only the matches of a query it extends (kept by
// recent-filters.ts); and highlight positions are computed only for the rows on screen.
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

// Plain constants in the scan (rankOf): a property read of RANK there needs V8's type feedback, and a branch first
// taken by a keystroke sent the optimised scan back to the interpreter (search-warm-up.ts).
const EXACT = 4;
const PREFIX = 3;
const SUBSTRING = 2;
const SUBSEQUENCE = 1;
export const RANK = {exact: EXACT, prefix: PREFIX, substring: SUBSTRING, subsequence: SUBSEQUENCE} as const;

export interface SearchIndex {
	/** Records in list order: what an empty filter shows. */
	records: readonly SymbolRecord[];
	/** The records sorted by symbol (the order within a rank), with their upper-case keys in the same order. */
	sorted: readonly SymbolRecord[];
	symbols: readonly string[];
	bases: readonly string[];
	quotes: readonly string[];
	/** 1 where the symbol is the base coin then the quote (BTC and USDT in BTCUSDT, as Bitget lists them): every
	 * match of such a pair is then a subsequence of its symbol, and a pair that fails that quick test is out. */
	coinsInSymbol: Uint8Array;
}

// Symbols and coins arrive upper-case: then the key is the record's own string and costs nothing.
function upper(text: string): string {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if ((code >= 97 && code <= 122) || code > 127) return text.toUpperCase();
	}
	return text;
}

/** The index of a list. Only the records are needed to show the list unfiltered: the sorted records (~30 ms at
 * 100k pairs) and their keys (~30 ms) are made on first use, by the first filter or the explorer's warm-up.
 * `prepared`: records already in symbol order and their keys (headIndex). */
export function buildIndex(records: readonly SymbolRecord[], prepared?: {sorted: SymbolRecord[]; keys: Keys}): SearchIndex {
	let sorted = prepared?.sorted;
	let keys = prepared?.keys;
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
		get coinsInSymbol() {
			return sortedKeys().coinsInSymbol;
		},
	};
}

type Keys = Pick<SearchIndex, 'symbols' | 'bases' | 'quotes' | 'coinsInSymbol'>;

/** The first `count` pairs of an index in symbol order, as an index of their own made of its sorted records and
 * keys: nothing sorted or made again. */
export function headIndex(index: SearchIndex, count: number): SearchIndex {
	const sorted = index.sorted.slice(0, count);
	const keys = {
		symbols: index.symbols.slice(0, count),
		bases: index.bases.slice(0, count),
		quotes: index.quotes.slice(0, count),
		coinsInSymbol: index.coinsInSymbol.slice(0, count),
	};
	return buildIndex(sorted, {sorted, keys});
}

/** One pass over the records: each record's three strings read once (at 100k pairs, three passes and a regular
 * expression per string took 45-60 ms of the warm-up; search-warm-up.ts). */
function keysOf(sorted: readonly SymbolRecord[]): Keys {
	const count = sorted.length;
	const symbols = new Array<string>(count);
	const bases = new Array<string>(count);
	const quotes = new Array<string>(count);
	const coinsInSymbol = new Uint8Array(count);
	for (let i = 0; i < count; i++) {
		const record = sorted[i]!;
		const symbol = upper(record.symbol);
		const base = upper(record.baseCoin);
		const quote = upper(record.quoteCoin);
		symbols[i] = symbol;
		bases[i] = base;
		quotes[i] = quote;
		// Base then quote, as Bitget spells its pairs; any other spelling takes the scan's full test.
		coinsInSymbol[i] = symbol.startsWith(base) && symbol.endsWith(quote) ? 1 : 0;
	}
	return {symbols, bases, quotes, coinsInSymbol};
}

/**
 * The matches of one query, without an object per match: positions into `sorted`, best rank first, each rank
 * in symbol order, and the same positions in symbol order (what a longer query scans). `matchAt` reads one match.
 * One typed array per query is all a keystroke allocates (the two orders are views of it): arrays of 100k pointers
 * would land in V8's large-object space and stay until a full GC, and the scratch space of the scan is shared by
 * every query.
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
	/** The matches in symbol order (positions into `sorted`): a query that extends this one scans them in turn. */
	bySymbol: Int32Array;
}

const EMPTY = new Int32Array(0);

/** Scratch space of a scan, grown to the largest list seen: matches found, their ranks. */
let found = new Int32Array(0);
let ranks = new Uint8Array(0);

function reserve(size: number): void {
	if (found.length >= size) return;
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
	if (needle === '') return {index, needle, size: index.records.length, all: true, ordered: EMPTY, rankEnds: [], bySymbol: EMPTY};
	// Only separators or spaces typed: the same matches.
	if (previous && previous.index === index && previous.needle === needle) return previous;
	const {symbols, bases, quotes, coinsInSymbol} = index;
	reserve(symbols.length);
	const narrow = previous && previous.index === index && !previous.all && needle.startsWith(previous.needle);
	const scanned = narrow ? previous.bySymbol : EMPTY;
	const poolSize = narrow ? previous.size : symbols.length;
	const perRank = [0, 0, 0, 0, 0];
	const first = terms[0]!;
	const termCount = terms.length;
	let count = 0;
	for (let i = 0; i < poolSize; i++) {
		const at = narrow ? scanned[i]! : i;
		const symbol = symbols[at]!;
		const base = bases[at]!;
		const quote = quotes[at]!;
		const quick = coinsInSymbol[at] === 1;
		let rank = rankOf(symbol, base, quote, first, quick);
		// Every further term must match too; the pair ranks as its weakest term.
		for (let t = 1; t < termCount && rank !== 0; t++) rank = Math.min(rank, rankOf(symbol, base, quote, terms[t]!, quick));
		if (rank === 0) continue;
		found[count] = at;
		ranks[count] = rank;
		perRank[rank]!++;
		count++;
	}
	// A counting sort by rank (best first) keeps symbol order inside each rank.
	const rankEnds = [perRank[4]!, perRank[4]! + perRank[3]!, perRank[4]! + perRank[3]! + perRank[2]!, count];
	const next = [0, rankEnds[2]!, rankEnds[1]!, rankEnds[0]!, 0];
	const both = new Int32Array(2 * count);
	const ordered = both.subarray(0, count);
	const bySymbol = both.subarray(count);
	bySymbol.set(found.subarray(0, count));
	for (let k = 0; k < count; k++) ordered[next[ranks[k]!]!++] = found[k]!;
	return {index, needle, size: count, all: false, ordered, rankEnds, bySymbol};
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

/** `quick`: the symbol is the base then the quote (SearchIndex.coinsInSymbol), so a pair whose symbol does not hold
 * the needle as a subsequence matches in no way, and one that does needs no second test to be a subsequence match. */
function rankOf(symbol: string, base: string, quote: string, needle: string, quick = false): number {
	if (quick && !isSubsequence(symbol, needle)) return 0;
	if (symbol === needle || base === needle || quote === needle) return EXACT;
	if (symbol.startsWith(needle) || base.startsWith(needle) || quote.startsWith(needle)) return PREFIX;
	if (symbol.includes(needle)) return SUBSTRING;
	return quick || isSubsequence(symbol, needle) ? SUBSEQUENCE : 0;
}

/** A loop over character codes, not indexOf per character: most pairs a scan looks at fail this test, and a call
 * into the runtime per character cost a scan of 100k pairs about twice as much (bench/explorer.ts). */
function isSubsequence(haystack: string, needle: string): boolean {
	const length = needle.length;
	if (length > haystack.length) return false;
	let next = 0;
	for (let i = 0; i < haystack.length && next < length; i++) if (haystack.charCodeAt(i) === needle.charCodeAt(next)) next++;
	return next === length;
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
