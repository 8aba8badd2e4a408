import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {pair, SEARCH_PAIRS} from '../helpers/symbol-pairs.js';
import {RecentFilters} from '../../source/screens/symbols/recent-filters.js';
import {buildIndex, filterIndex, matchesBetween, type FilterResult} from '../../source/screens/symbols/search.js';

const records = [...SEARCH_PAIRS, pair('USDCUSDT', 'USDC', 'USDT')];
const all = (result: FilterResult) => matchesBetween(result, 0, result.size).map((match) => [match.record.symbol, match.rank]);

describe("the explorer's recent results", () => {
	it('finds a backspaced query, or one typed again, as it was: no scan', () => {
		const recent = new RecentFilters(buildIndex(records));
		const eth = recent.filter('eth');
		const ethu = recent.filter('ethu');
		expect(recent.filter('eth')).toBe(eth);
		expect(recent.filter('ethu')).toBe(ethu);
		// The same terms, however spelled.
		expect(recent.filter(' ETH/ ')).toBe(eth);
	});

	it('gives at every keystroke what a full scan of a fresh index gives, whatever is typed, erased or cleared', () => {
		const fresh = buildIndex(records);
		const key = fc.oneof(fc.constantFrom(...'abehstuxd /-'), fc.constant('⌫'), fc.constant('⌫⌫⌫'), fc.constant('clear'));
		fc.assert(
			fc.property(fc.array(key, {minLength: 1, maxLength: 24}), (keys) => {
				const recent = new RecentFilters(buildIndex(records));
				let query = '';
				for (const pressed of keys) {
					if (pressed === 'clear') query = '';
					else if (pressed.startsWith('⌫')) query = query.slice(0, -pressed.length);
					else query += pressed;
					expect(all(recent.filter(query))).toEqual(all(filterIndex(fresh, query)));
				}
			}),
			{numRuns: 400},
		);
	});

	it('keeps at most 64 results, and at most four matches per pair across them, dropping the least recently used', () => {
		const many = Array.from({length: 100}, (_, i) => pair(`A${i}USDT`, `A${i}`, 'USDT'));
		const recent = new RecentFilters(buildIndex(many));
		// Every pair matches "a" and "usdt": their results hold 100 matches each; four such fill the bound.
		const a = recent.filter('a');
		const usdt = recent.filter('usdt');
		const u = recent.filter('u');
		recent.filter('us');
		expect(recent.filter('a')).toBe(a);
		// A fifth result of 100 matches drops the least recently used: "usdt" (then "u"), not "a", used again.
		recent.filter('usd');
		expect(recent.filter('a')).toBe(a);
		expect(recent.filter('usdt')).not.toBe(usdt);
		expect(recent.filter('u')).not.toBe(u);

		// Small results: 64 of them at most.
		const small = new RecentFilters(buildIndex(many));
		const first = small.filter('a0');
		for (let i = 1; i <= 64; i++) small.filter(`a${i}`);
		expect(small.filter('a0')).not.toBe(first);
		const last = small.filter('a64');
		expect(small.filter('a64')).toBe(last);
	});
});
