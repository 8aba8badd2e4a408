// What the explorer does while the list is on screen and nothing is typed yet, so the first keystrokes pay for none
// of it: sort the records, make their keys, and type a short session on the search (search.ts, recent-filters.ts)
// and the row code. V8 optimises a function for the paths it has run: a path first taken by a keystroke (an empty
// query, a backspace, narrowing a kept result, a second term) sent the scan back to the interpreter, and the first
// keystrokes over 100k pairs took 25-45 ms instead of 5-15 (measured with --trace-deopt; bench/explorer.ts).
import {RecentFilters} from './recent-filters.js';
import {headIndex, highlightPositions, matchesBetween, type FilterResult, type Match, type SearchIndex} from './search.js';

/** The warm-up's session runs on at most this many pairs: its 24 queries run the filter's loop often enough for V8
 * to optimise it (the compiled code serves any list), each in well under a millisecond, so the session ends soon
 * after the list shows (on 10k pairs a session of 10k took longer than the 120 ms to a quick first keystroke). */
export const WARM_UP_SAMPLE = 2_000;
/** Rows drawn for each query of the session, as many as a tall terminal shows. */
const ROWS = 30;

export type DrawRow = (match: Match, query: string, highlight: number[]) => void;

/**
 * The warm-up as separate steps, so a keystroke never waits for more than one of them: the sort, the keys, then
 * one step per query of the session, typed a character at a time and erased as a person does (each keystroke's
 * query through recent results as the explorer's are). On a long list the session runs on its first pairs in
 * symbol order, an index made of the whole list's sorted records and keys: at 100k pairs the warm-up then ends
 * within ~100 ms of the list showing (sorting and keying a sample of its own, and one more query over the whole
 * list, had taken it past 130 ms, and a person's first keystroke paid the rest).
 */
export function warmUpSteps(index: SearchIndex, drawRow?: DrawRow): Array<() => void> {
	const long = index.records.length > WARM_UP_SAMPLE;
	let sample: SearchIndex | undefined;
	const draw = (result: FilterResult, query: string) => {
		for (const match of matchesBetween(result, 0, ROWS)) {
			const highlight = highlightPositions(match, query);
			drawRow?.(match, query, highlight);
		}
	};
	// Each pass its own recent results: the second pass scans again, as the first did.
	const pass = () => {
		let recent: RecentFilters | undefined;
		return (query: string) => () => {
			sample ??= long ? headIndex(index, WARM_UP_SAMPLE) : index;
			recent ??= new RecentFilters(sample);
			draw(recent.filter(query), query);
		};
	};
	const queries = session(index);
	return [() => void index.sorted, () => void index.symbols, ...queries.map(pass()), ...queries.map(pass())];
}

/** The session's queries, from the symbol of a pair in the middle of the list (BTCUSDT, say): its start ("bt":
 * prefix matches, and pairs that pass the quick subsequence test only, which take every test of a pair), then two
 * letters from inside it and its first letter as a second term ("tc b": substring matches, narrowing, a second
 * term), each typed and erased: the empty query, a backspace that finds a kept result, and the key that narrows one.
 * Twice: V8 may have optimised the scan before the first pass took every path; the second meets the code
 * optimised again with all of them. Only the symbol is read: the coins wait for the keys' step. */
function session(index: SearchIndex): string[] {
	const {records} = index;
	const symbol = records.length === 0 ? 'ab' : records[records.length >> 1]!.symbol.toLowerCase();
	return [symbol.slice(0, 2), `${symbol.slice(1, 3)} ${symbol.slice(0, 1)}`].flatMap(typedAndErased);
}

function typedAndErased(text: string): string[] {
	const prefixes = Array.from({length: text.length}, (_, i) => text.slice(0, i + 1));
	return [...prefixes, ...prefixes.slice(0, -1).reverse(), ''];
}
