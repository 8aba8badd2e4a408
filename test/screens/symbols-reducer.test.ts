import {describe, expect, it} from 'vitest';
import {pair, SEARCH_PAIRS} from '../helpers/symbol-pairs.js';
import {expectNarrowingMatchesFullScan} from '../helpers/search-narrowing.js';
import {explorerReducer, initialExplorer, windowOffset, type ExplorerState} from '../../source/screens/symbols/reducer.js';
import type {TextEdit} from '../../source/ui/fields/text-editing.js';
import {buildIndex, filterIndex, highlightPositions, matchesBetween, RANK, type FilterResult} from '../../source/screens/symbols/search.js';

const all = (result: FilterResult) => matchesBetween(result, 0, result.size);

const records = [...SEARCH_PAIRS];

describe('filter ranking', () => {
	const index = buildIndex(records);

	it('shows the unfiltered list without sorting it: the keys are made by the first filter, once', () => {
		let reads = 0;
		const counted = records.map((record) => ({
			...record,
			get symbol() {
				reads++;
				return record.symbol;
			},
		}));
		const lazy = buildIndex(counted);
		const unfiltered = filterIndex(lazy, '');
		expect(matchesBetween(unfiltered, 0, 3).map((match) => match.record.baseCoin)).toEqual(['BTC', 'ETH', 'ETH']);
		const readsToShow = reads;
		expect(readsToShow).toBeLessThanOrEqual(3);
		expect(all(filterIndex(lazy, 'eth'))).toHaveLength(5);
		const readsToIndex = reads - readsToShow;
		expect(readsToIndex).toBeGreaterThan(records.length);
		filterIndex(lazy, 'btc');
		expect(reads - readsToShow).toBe(readsToIndex);
	});

	const ranked = (query: string) => all(filterIndex(index, query)).map((match) => [match.record.symbol, match.rank]);

	it('ranks exact > prefix > substring > subsequence, case-insensitively', () => {
		expect(ranked('Eth')).toEqual([
			['ETHBTC', RANK.exact],
			['ETHUSDT', RANK.exact],
			['SETHUSDT', RANK.substring],
			['TETHER', RANK.substring],
			['EATHUSDC', RANK.subsequence],
		]);
	});

	it('matches prefixes of the symbol, the base or the quote', () => {
		expect(
			ranked('usd')
				.filter(([, rank]) => rank === RANK.prefix)
				.map(([symbol]) => symbol),
		).toEqual(['BETAUSDT', 'BTCUSDT', 'EATHUSDC', 'ETHUSDT', 'SETHUSDT']);
		expect(ranked('btcu')).toEqual([['BTCUSDT', RANK.prefix]]);
	});

	it('returns every pair in list order for an empty query, and nothing for no match', () => {
		expect(all(filterIndex(index, '  ')).map((match) => match.record.symbol)).toEqual(records.map((record) => record.symbol));
		expect(all(filterIndex(index, 'zzz'))).toEqual([]);
	});

	it('narrowing from the previous result gives exactly what a full scan gives', () => {
		expectNarrowingMatchesFullScan(index, 'abehstux', 6);
	});

	it('reports the matched characters of the symbol for highlighting', () => {
		const [match] = all(filterIndex(buildIndex([pair('BETAUSDT', 'BETA', 'USDT')]), 'bus'));
		expect(highlightPositions(match!, 'bus')).toEqual([0, 4, 5]);
		const [quote] = all(filterIndex(buildIndex([pair('LINKETH', 'LINK', 'ETH')]), 'eth'));
		expect(highlightPositions(quote!, 'ETH')).toEqual([4, 5, 6]);
		const [prefix] = all(filterIndex(buildIndex([pair('ETHUSDT', 'ETH', 'USDT')]), 'usd'));
		expect(highlightPositions(prefix!, 'usd')).toEqual([3, 4, 5]);
		const [substring] = all(filterIndex(buildIndex([pair('SETHUSDT', 'SETH', 'USDT')]), 'thu'));
		expect(highlightPositions(substring!, 'thu')).toEqual([2, 3, 4]);
		expect(highlightPositions(all(filterIndex(buildIndex([pair('A', 'A', 'B')]), ''))[0]!, '')).toEqual([]);
	});
});

describe('explorer reducer', () => {
	const edit = (state: ExplorerState, ...edits: TextEdit[]) => edits.reduce((current, e) => explorerReducer(current, {type: 'text', edit: e}), state);
	const typed = (text: string, state: ExplorerState = initialExplorer) => edit(state, {op: 'insert', text});

	it('edits the filter at the cursor and resets the selection', () => {
		let state = {...typed('btc'), selected: 5, offset: 3};
		state = edit(state, {op: 'left'});
		expect(state).toMatchObject({query: 'btc', cursor: 2, selected: 5, offset: 3});
		state = typed('x', state);
		expect(state).toMatchObject({query: 'btxc', cursor: 3, selected: 0, offset: 0});
		state = edit(state, {op: 'backspace'});
		expect(state).toMatchObject({query: 'btc', cursor: 2});
		expect(edit(state, {op: 'clear'})).toMatchObject({query: '', cursor: 0});
		expect(edit(typed('eth usdt'), {op: 'delete-word'}).query).toBe('eth ');
	});

	it('drops control characters from typed or pasted text', () => {
		expect(typed('e\u001B[2Jt\u0007h\r\n').query).toBe('e[2Jth');
		expect(typed('\u0003')).toBe(initialExplorer);
	});

	it('clamps the selection to the matches and scrolls the window with it', () => {
		let state = explorerReducer(initialExplorer, {type: 'move', by: -3, total: 100, pageSize: 10});
		expect(state).toMatchObject({selected: 0, offset: 0});
		state = explorerReducer(state, {type: 'move', by: 12, total: 100, pageSize: 10});
		expect(state).toMatchObject({selected: 12, offset: 3});
		state = explorerReducer(state, {type: 'move', by: 1000, total: 100, pageSize: 10});
		expect(state).toMatchObject({selected: 99, offset: 90});
		state = explorerReducer(state, {type: 'move', by: -10, total: 100, pageSize: 10});
		expect(state).toMatchObject({selected: 89, offset: 89});
		expect(explorerReducer(state, {type: 'first'})).toMatchObject({selected: 0, offset: 0});
		expect(explorerReducer(initialExplorer, {type: 'last', total: 5, pageSize: 10})).toMatchObject({selected: 4, offset: 0});
		expect(explorerReducer(state, {type: 'move', by: 1, total: 0, pageSize: 10})).toMatchObject({selected: 0, offset: 0});
	});

	it('computes the smallest window scroll, clamped to the list', () => {
		expect(windowOffset(5, 0, 100, 10)).toBe(0);
		expect(windowOffset(10, 0, 100, 10)).toBe(1);
		expect(windowOffset(2, 8, 100, 10)).toBe(2);
		expect(windowOffset(3, 50, 20, 10)).toBe(3);
		expect(windowOffset(0, 7, 5, 10)).toBe(0);
	});

	it('opens and closes the detail view without losing filter or selection', () => {
		const state = {...typed('eth'), selected: 2, offset: 1};
		const opened = explorerReducer(state, {type: 'open'});
		expect(opened.detailOpen).toBe(true);
		expect(explorerReducer(opened, {type: 'close'})).toEqual(state);
	});
});
