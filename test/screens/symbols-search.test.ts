// The explorer's filter with several terms and the separators people type between a pair's coins: the matcher
// (search.ts), its highlights, and the session memory of the filter.
import {describe, expect, it} from 'vitest';
import {pair, SEARCH_PAIRS} from '../helpers/symbol-pairs.js';
import {expectNarrowingMatchesFullScan} from '../helpers/search-narrowing.js';
import type {SymbolRecord} from '../../source/api/types.js';
import {checkSymbol} from '../../source/api/validate.js';
import {buildIndex, filterIndex, highlightPositions, matchesBetween, RANK, searchTerms, type FilterResult} from '../../source/screens/symbols/search.js';
import {openExplorer} from '../../source/screens/symbols/reducer.js';
import {createInputMemory} from '../../source/services/input-memory.js';

const records = [...SEARCH_PAIRS, pair('USDTETH', 'USDT', 'ETH')];
const index = buildIndex(records);
const all = (result: FilterResult) => matchesBetween(result, 0, result.size);
const ranked = (query: string) => all(filterIndex(index, query)).map((match) => [match.record.symbol, match.rank]);
const symbols = (query: string) => all(filterIndex(index, query)).map((match) => match.record.symbol);
const highlight = (record: SymbolRecord, query: string) => {
	const [match] = all(filterIndex(buildIndex([record]), query));
	expect(match, `${query} matches ${record.symbol}`).toBeDefined();
	return highlightPositions(match!, query);
};

describe('filter terms', () => {
	it('splits at white space, drops / - _ as the CLI does, and upper-cases', () => {
		expect(searchTerms('  eth   usdt ')).toEqual(['ETH', 'USDT']);
		expect(searchTerms('btc/usdt')).toEqual(['BTCUSDT']);
		expect(searchTerms('btc-usdt btc_usdt')).toEqual(['BTCUSDT', 'BTCUSDT']);
		expect(searchTerms('btc / usdt')).toEqual(['BTC', 'USDT']);
		expect(searchTerms(' / - _ ')).toEqual([]);
		// The one normalisation: the CLI's symbol check reads a pair the same way.
		for (const typed of ['btc/usdt', 'BTC-usdt', 'btc_USDT']) expect(searchTerms(typed)).toEqual([(checkSymbol(typed) as {value: string}).value]);
	});

	it('matches a pair only when every term matches, ranking it as its weakest term', () => {
		expect(ranked('eth usdt')).toEqual([
			['ETHUSDT', RANK.exact],
			['USDTETH', RANK.exact],
			['SETHUSDT', RANK.substring],
		]);
		expect(symbols('usdt eth')).toEqual(symbols('eth usdt'));
		expect(ranked('eth btc')).toEqual([['ETHBTC', RANK.exact]]);
		expect(symbols('eth zzz')).toEqual([]);
	});

	it('reads btc/usdt, btc-usdt and btc_usdt as BTCUSDT', () => {
		for (const typed of ['btc/usdt', 'btc-usdt', 'BTC_USDT', ' btc/usdt ']) expect(ranked(typed)).toEqual([['BTCUSDT', RANK.exact]]);
		expect(symbols('eth/')).toEqual(symbols('eth'));
	});

	it('shows every pair in list order for a filter of separators and spaces only', () => {
		const result = filterIndex(index, ' / - ');
		expect(result.all).toBe(true);
		expect(all(result).map((match) => match.record.symbol)).toEqual(records.map((record) => record.symbol));
	});

	it('a separator or a space typed changes no terms and keeps the result as it was (no scan)', () => {
		const eth = filterIndex(index, 'eth');
		expect(filterIndex(index, 'eth ', eth)).toBe(eth);
		expect(filterIndex(index, 'eth/', eth)).toBe(eth);
	});

	it('narrowing a result term by term gives exactly what a full scan gives', () => {
		expectNarrowingMatchesFullScan(index, 'abehstux /-', 8);
	});
});

describe('highlights with several terms', () => {
	it('marks every term where it matches, in order, each position once', () => {
		// ETH a substring, USDT the quote.
		expect(highlight(pair('SETHUSDT', 'SETH', 'USDT'), 'eth usdt')).toEqual([1, 2, 3, 4, 5, 6, 7]);
		// The base and the quote, typed in either order.
		expect(highlight(pair('BTCUSDT', 'BTC', 'USDT'), 'usdt btc')).toEqual([0, 1, 2, 3, 4, 5, 6]);
		// A prefix of the quote and a subsequence of the symbol.
		expect(highlight(pair('BETAUSDT', 'BETA', 'USDT'), 'us bt')).toEqual([0, 2, 4, 5]);
		// Terms that overlap.
		expect(highlight(pair('ETHUSDT', 'ETH', 'USDT'), 'eth th')).toEqual([0, 1, 2]);
		// With separators: the whole pair.
		expect(highlight(pair('BTCUSDT', 'BTC', 'USDT'), 'btc/usdt')).toEqual([0, 1, 2, 3, 4, 5, 6]);
		// A single term as before.
		expect(highlight(pair('BETAUSDT', 'BETA', 'USDT'), 'bus')).toEqual([0, 4, 5]);
	});
});

describe('the filter kept for the session', () => {
	it('opens as it was left: the filter, its cursor at the end, the row selected', () => {
		expect(openExplorer()).toMatchObject({query: '', cursor: 0, focus: 'filter', selected: 0, detailOpen: false});
		expect(openExplorer({query: 'eth usdt', selected: 3})).toMatchObject({query: 'eth usdt', cursor: 8, focus: 'filter', selected: 3, detailOpen: false});
	});

	it('is remembered for the session only: nothing is written for it', async () => {
		const saves: unknown[] = [];
		const memory = createInputMemory(undefined, {load: async () => ({estimate: {}, borrow: {}}), save: async (inputs) => void saves.push(inputs)}, 1);
		expect(memory.symbols()).toEqual({});
		memory.rememberSymbols({query: 'btc/usdt', selected: 0});
		expect(memory.symbols()).toEqual({query: 'btc/usdt', selected: 0});
		await memory.flush();
		expect(saves).toEqual([]);
	});
});
