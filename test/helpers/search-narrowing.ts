// The explorer's narrowing rule as a property, for the search tests: typing a query a character at a time (each
// step filtered from the step before) ends on exactly what one full scan of the whole query gives.
import fc from 'fast-check';
import {expect} from 'vitest';
import {filterIndex, matchesBetween, type FilterResult, type SearchIndex} from '../../source/screens/symbols/search.js';

const all = (result: FilterResult) => matchesBetween(result, 0, result.size);

export function expectNarrowingMatchesFullScan(index: SearchIndex, characters: string, maxLength: number): void {
	fc.assert(
		fc.property(fc.string({unit: fc.constantFrom(...characters), minLength: 1, maxLength}), (query) => {
			let previous = filterIndex(index, '');
			for (let i = 1; i <= query.length; i++) previous = filterIndex(index, query.slice(0, i), previous);
			expect(all(previous)).toEqual(all(filterIndex(index, query)));
		}),
		{numRuns: 500},
	);
}
