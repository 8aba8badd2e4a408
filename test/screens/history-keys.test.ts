// The History screen's keys (source/screens/history/keys.ts) without rendering: which rows apply, what the footer
// and help say, and which action each key runs.
import {describe, expect, it, vi} from 'vitest';
import {pressIn} from '../helpers/key-table.js';
import {footerKeys, helpRows} from '../../source/ui/keys/binding.js';
import {historyBindings, type HistoryKeyState} from '../../source/screens/history/keys.js';
import type {HistoryActions} from '../../source/screens/history/use-history.js';

const list: HistoryKeyState = {filtering: false, query: '', count: 25, pages: 3, pageSize: 10};

function spies(): HistoryActions {
	return {
		move: vi.fn(),
		moveTo: vi.fn(),
		open: vi.fn(),
		copy: vi.fn(),
		filtering: vi.fn(),
		edit: vi.fn(),
		paste: vi.fn(),
		tab: vi.fn(),
		days: vi.fn(),
		refresh: vi.fn(),
		exportCsv: vi.fn(),
	};
}

function press(state: HistoryKeyState, actions: HistoryActions, sequence: string): boolean {
	return pressIn(historyBindings(state, actions), sequence);
}

describe('history keys', () => {
	it('on the list: moves, pages, opens, copies, exports, filters, switches history and window, reads again', () => {
		const actions = spies();
		for (const sequence of [
			'j',
			'\u001B[B',
			'k',
			' ',
			'n',
			'p',
			'\u001B[6~',
			'g',
			'G',
			'\r',
			'c',
			'e',
			'/',
			'\t',
			'\u001B[Z',
			'\u001B[D',
			'3',
			'+',
			'=',
			'-',
			'\u0012',
		])
			expect(press(list, actions, sequence), sequence).toBe(true);
		expect(vi.mocked(actions.move).mock.calls).toEqual([[1], [1], [-1], [10], [10], [-10], [10]]);
		expect(vi.mocked(actions.moveTo).mock.calls).toEqual([['first'], ['last']]);
		expect(actions.open).toHaveBeenCalledTimes(1);
		expect(actions.copy).toHaveBeenCalledTimes(1);
		expect(actions.exportCsv).toHaveBeenCalledTimes(1);
		expect(actions.filtering).toHaveBeenCalledWith(true);
		expect(vi.mocked(actions.tab).mock.calls).toEqual([
			[{type: 'cycle', by: 1}],
			[{type: 'cycle', by: -1}],
			[{type: 'cycle', by: -1}],
			[{type: 'pick', index: 2}],
		]);
		expect(vi.mocked(actions.days).mock.calls).toEqual([[1], [1], [-1]]);
		expect(actions.refresh).toHaveBeenCalledTimes(1);
	});

	it("says the list keys in the footer, grouped; Esc is the screen's only with a filter to clear", () => {
		expect(footerKeys(historyBindings(list, spies())).map((hint) => `${hint.keys} ${hint.action}`)).toEqual([
			'↑/↓ move',
			'Enter open the loan',
			'c copy',
			'e export CSV',
			'/ filter',
			'←/→ history',
			'+/- days',
			'PgDn/PgUp page',
		]);
		const actions = spies();
		expect(press(list, actions, '\u001B')).toBe(false);
		expect(press({...list, query: 'eth'}, actions, '\u001B')).toBe(true);
		expect(actions.edit).toHaveBeenCalledWith({op: 'clear'});
	});

	it('leaves out what does not apply: no record, one record, one page', () => {
		const actions = spies();
		const none = {...list, count: 0, pages: 1};
		for (const sequence of ['j', 'k', '\r', 'c', 'n', 'g', 'G']) expect(press(none, actions, sequence), sequence).toBe(false);
		const one = {...list, count: 1, pages: 1};
		for (const sequence of ['j', 'k', 'n', 'g']) expect(press(one, actions, sequence), sequence).toBe(false);
		expect(press(one, actions, '\r')).toBe(true);
		// e stays: with nothing read it says there is nothing to write.
		expect(press(none, actions, 'e')).toBe(true);
		expect(helpRows(historyBindings(none, actions)).map((row) => row.keys)).toEqual(['e', '/', '←/Shift+Tab', '→/Tab', '1-4', '+', '-', 'Ctrl+R']);
	});

	it('while the filter has the keys: arrows still move, letters are typed, Enter and Esc close or clear it', () => {
		const actions = spies();
		const filtering = {...list, filtering: true};
		expect(press(filtering, actions, 'j')).toBe(true);
		expect(press(filtering, actions, 'e')).toBe(true);
		expect(actions.move).not.toHaveBeenCalled();
		expect(actions.exportCsv).not.toHaveBeenCalled();
		expect(actions.edit).toHaveBeenCalledWith(expect.objectContaining({op: 'insert', text: 'j'}));
		press(filtering, actions, '\u001B[A');
		expect(actions.move).toHaveBeenCalledWith(-1);
		press(filtering, actions, '\r');
		expect(actions.filtering).toHaveBeenCalledWith(false);
		press({...filtering, query: 'eth'}, actions, '\u001B');
		expect(actions.edit).toHaveBeenLastCalledWith({op: 'clear'});
		press(filtering, actions, '\u001B');
		expect(vi.mocked(actions.filtering).mock.calls).toEqual([[false], [false]]);
		expect(helpRows(historyBindings(filtering, actions)).map((row) => row.keys)).toEqual(['↑', '↓', 'Enter', 'Esc', 'type']);
	});
});
