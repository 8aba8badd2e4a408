import {describe, expect, it} from 'vitest';
import {explorerReducer, initialExplorer} from '../../source/screens/symbols/reducer.js';
import {scrollWindow as detailWindow} from '../../source/ui/components/scroll-window.js';

describe('symbol detail scrolling', () => {
	it('shows every row when they fit, else a window with a "more" line that says which way the rest is', () => {
		expect(detailWindow(18, 20, 0)).toEqual({start: 0, end: 18, page: 18});
		const top = detailWindow(18, 12, 0);
		expect(top).toMatchObject({start: 0, end: 11, page: 11});
		expect(top.more).toContain('↓ 7 more (PgDn)');
		const bottom = detailWindow(18, 12, 99);
		expect(bottom).toMatchObject({start: 7, end: 18});
		expect(bottom.more).toContain('↑ 7 above (PgUp)');
		expect(bottom.more).not.toContain('more (PgDn)');
	});

	it('scrolls by a page within the rows, and opens at the top', () => {
		let state = explorerReducer(initialExplorer, {type: 'open'});
		state = explorerReducer(state, {type: 'scroll-detail', by: 11, rows: 18, page: 11});
		expect(state.detailScroll).toBe(7);
		expect(explorerReducer(state, {type: 'scroll-detail', by: 11, rows: 18, page: 11})).toBe(state);
		state = explorerReducer(state, {type: 'scroll-detail', by: -11, rows: 18, page: 11});
		expect(state.detailScroll).toBe(0);
		expect(explorerReducer({...state, detailScroll: 5, detailOpen: false}, {type: 'open'}).detailScroll).toBe(0);
	});
});
