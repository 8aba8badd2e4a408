import {describe, expect, it} from 'vitest';
import {pair, SEARCH_PAIRS} from '../helpers/symbol-pairs.js';
import type {SymbolRecord} from '../../source/api/types.js';
import {buildIndex, filterIndex, matchesBetween} from '../../source/screens/symbols/search.js';
import {warmUpSteps, WARM_UP_SAMPLE} from '../../source/screens/symbols/search-warm-up.js';

const records = [...SEARCH_PAIRS];

/** The records behind getters that count their reads. */
function counting(list: SymbolRecord[]) {
	const seen = {symbol: 0, base: 0};
	const wrapped = list.map((record) => ({
		...record,
		get symbol() {
			seen.symbol++;
			return record.symbol;
		},
		get baseCoin() {
			seen.base++;
			return record.baseCoin;
		},
	}));
	return {seen, index: buildIndex(wrapped)};
}

/** The session from the middle pair, SETHUSDT: "se" typed and erased, then "et s", then both again. */
const ONCE = ['s', 'se', 's', '', 'e', 'et', 'et ', 'et s', 'et ', 'et', 'e', ''];

describe('the explorer search warm-up', () => {
	it('sorts, then makes the keys, each in its own step, and reads no coin before the keys step', () => {
		const {seen, index} = counting(records);
		const steps = warmUpSteps(index);
		expect(steps).toHaveLength(2 + 2 * ONCE.length);
		expect(seen.base).toBe(0);
		steps[0]!();
		// The sort reads symbols only; the keys (base and quote coins too) wait for their own step.
		expect(seen.symbol).toBeGreaterThan(records.length);
		expect(seen.base).toBe(0);
		steps[1]!();
		expect(seen.base).toBe(records.length);
	});

	it('types a session a keystroke a step, each query drawing its first rows, twice', () => {
		const drawn: string[][] = [];
		const steps = warmUpSteps(buildIndex(records), (match, query) => {
			if (drawn.at(-1)?.[0] !== query) drawn.push([query]);
			drawn.at(-1)!.push(match.record.symbol);
		});
		steps[0]!();
		steps[1]!();
		expect(drawn).toEqual([]);
		for (const step of steps.slice(2)) step();
		// The empty queries draw the list as it is; every other query draws its matches, best first.
		const queries = drawn.map(([query]) => query);
		expect(queries.filter((query) => query !== '')).toEqual([...ONCE, ...ONCE].filter((query) => query !== ''));
		const se = drawn.find(([query]) => query === 'se')!.slice(1);
		expect(se).toEqual(matchesBetween(filterIndex(buildIndex(records), 'se'), 0, 30).map((match) => match.record.symbol));
		expect(drawn.find(([query]) => query === 'et s')!.slice(1)).toContain('SETHUSDT');
	});

	it('runs the session on the first pairs of a long list in symbol order, with the keys already made', () => {
		const long = counting(Array.from({length: WARM_UP_SAMPLE + 2000}, (_, i) => pair(`X${i}USDT`, `X${i}`, 'USDT')).reverse());
		const drawn: string[] = [];
		const steps = warmUpSteps(long.index, (match) => drawn.push(match.record.symbol));
		expect(steps).toHaveLength(2 + 2 * 12);
		steps[0]!();
		steps[1]!();
		expect(long.seen.base).toBe(WARM_UP_SAMPLE + 2000);
		for (const step of steps.slice(2)) step();
		const firstPairs = new Set(long.index.sorted.slice(0, WARM_UP_SAMPLE).map((record) => record.symbol));
		expect(drawn.length).toBeGreaterThan(0);
		expect(drawn.every((symbol) => firstPairs.has(symbol))).toBe(true);
		// No key made again: the coins read since are only those of the rows drawn for the empty queries (the
		// sample as it is: its records, read for their coins).
		expect(long.seen.base).toBe(WARM_UP_SAMPLE + 2000 + 4 * 30);
	});
});
