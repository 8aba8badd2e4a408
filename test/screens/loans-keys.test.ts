// The Loans screen's keys (screens/loans/keys.ts) as pure rows, without rendering: which keys there are with loans,
// without, with one, with the filter kept or typing in it, and on "sent from here"; and which action each key calls.
import {describe, expect, it, vi} from 'vitest';
import {pressIn} from '../helpers/key-table.js';
import {footerKeys, helpRows} from '../../source/ui/keys/binding.js';
import {loansBindings, type LoansKeyState} from '../../source/screens/loans/keys.js';
import {initialLoanList, type LoanListState} from '../../source/screens/loans/list-reducer.js';
import type {LoansActions} from '../../source/screens/loans/use-loans.js';
import {ongoingLoan} from '../helpers/loans.js';

const KEY = {
	up: '\u001B[A',
	down: '\u001B[B',
	pageUp: '\u001B[5~',
	pageDown: '\u001B[6~',
	home: '\u001B[H',
	end: '\u001B[F',
	enter: '\r',
	tab: '\t',
	escape: '\u001B',
	ctrlR: '\u0012',
};

const LOANS = ['a', 'b', 'c'].map((orderId) => ongoingLoan({orderId}));

function setup(options: {list?: Partial<LoanListState>; loans?: number; ids?: string[]; selected?: string} = {}) {
	const loans = LOANS.slice(0, options.loans ?? LOANS.length);
	const ids = options.ids ?? loans.map((loan) => loan.orderId);
	const state: LoansKeyState = {list: {...initialLoanList(), ...options.list}, loans, ids, selectedId: options.selected ?? ids[0], pageSize: 2};
	const actions = {
		move: vi.fn(),
		first: vi.fn(),
		last: vi.fn(),
		open: vi.fn(),
		copy: vi.fn(),
		filter: vi.fn(),
		edit: vi.fn(),
		paste: vi.fn(),
		toggleSent: vi.fn(),
		refresh: vi.fn(),
		history: vi.fn(),
	} satisfies LoansActions;
	const rows = loansBindings(state, actions);
	const press = (sequence: string) => {
		return pressIn(rows, sequence);
	};
	/** The actions called so far, by name, with their arguments. */
	const called = () =>
		Object.entries(actions)
			.filter(([, action]) => action.mock.calls.length > 0)
			.map(([name, action]) => [name, ...action.mock.calls.flat()]);
	return {actions, press, called, help: helpRows(rows), footer: footerKeys(rows)};
}

describe('Loans keys with loans', () => {
	it('offer the moves, Enter, c, /, pages, first and last, Ctrl+R, s and h; Esc is the shell’s', () => {
		const {help, footer, press} = setup();
		expect(help).toEqual([
			{keys: '↑/k', action: 'the loan above'},
			{keys: '↓/j', action: 'the loan below'},
			{keys: 'Enter', action: 'open the loan (repay, collateral)'},
			{keys: 'c', action: 'copy the order ID'},
			{keys: '/', action: 'filter the loans (every word must match)'},
			{keys: 'PgUp', action: 'a page up'},
			{keys: 'PgDn', action: 'a page down'},
			{keys: 'Home/g', action: 'the first loan'},
			{keys: 'End/G', action: 'the last loan'},
			{keys: 'Ctrl+R', action: 'read the loans again'},
			{keys: 's', action: 'what was sent from here'},
			{keys: 'h', action: 'loan history (loans, repayments, collateral, liquidations)'},
		]);
		expect(footer).toEqual([
			{keys: '↑/↓', action: 'move', footer: 1},
			{keys: 'Enter', action: 'open the loan (repay, collateral)', footer: 1},
			{keys: 'c', action: 'copy', footer: 3},
			{keys: '/', action: 'filter', footer: 2},
			{keys: 'Ctrl+R', action: 'read the loans again', footer: 2},
			{keys: 's', action: 'sent from here', footer: 2},
		]);
		// With no filter to clear, Esc is not the screen's: the shell goes back.
		expect(press(KEY.escape)).toBe(false);
	});

	it('call the action of each key: moves by one and by a page, the selected loan opened and copied', () => {
		const keys: Array<[string, unknown[]]> = [
			[KEY.up, ['move', -1]],
			['k', ['move', -1]],
			[KEY.down, ['move', 1]],
			['j', ['move', 1]],
			[KEY.pageUp, ['move', -2]],
			[KEY.pageDown, ['move', 2]],
			[KEY.home, ['first']],
			['g', ['first']],
			[KEY.end, ['last']],
			['G', ['last']],
			[KEY.enter, ['open', 'b']],
			['c', ['copy', 'b']],
			['/', ['filter', true]],
			[KEY.ctrlR, ['refresh']],
			['s', ['toggleSent']],
			['h', ['history']],
		];
		for (const [sequence, action] of keys) {
			const {press, called} = setup({selected: 'b'});
			expect(press(sequence)).toBe(true);
			expect(called()).toEqual([action]);
		}
	});

	it('with one loan: Enter, c, / and the pages, but no moves to the loan above or below, nor first and last', () => {
		const {help, press, called} = setup({loans: 1});
		expect(help.map((row) => row.keys)).toEqual(['Enter', 'c', '/', 'PgUp', 'PgDn', 'Ctrl+R', 's', 'h']);
		expect(press(KEY.down)).toBe(false);
		expect(press('G')).toBe(false);
		expect(called()).toEqual([]);
	});
});

describe('Loans keys without loans', () => {
	it('read, none open: only Ctrl+R, s and h', () => {
		const {help, footer, press, called} = setup({loans: 0});
		expect(help.map((row) => row.keys)).toEqual(['Ctrl+R', 's', 'h']);
		expect(footer.map((hint) => hint.keys)).toEqual(['Ctrl+R', 's']);
		for (const sequence of [KEY.up, KEY.down, KEY.enter, 'c', '/', KEY.pageDown, KEY.home, 'G']) expect(press(sequence)).toBe(false);
		expect(called()).toEqual([]);
	});

	it('a filter that keeps none of them: / and Esc still there, nothing to open, copy or move over', () => {
		const {help, press, called} = setup({list: {query: 'doge', cursor: 4}, ids: []});
		expect(help.map((row) => row.keys)).toEqual(['/', 'Esc', 'Ctrl+R', 's', 'h']);
		expect(press(KEY.enter)).toBe(false);
		expect(press('c')).toBe(false);
		expect(press(KEY.pageUp)).toBe(false);
		expect(press(KEY.escape)).toBe(true);
		expect(called()).toEqual([['edit', {op: 'clear'}]]);
	});
});

describe('Loans keys with the filter', () => {
	it('kept (the list has the keys): Esc clears it first', () => {
		const {help, footer, press, called} = setup({list: {query: 'eth', cursor: 3}});
		expect(help).toContainEqual({keys: 'Esc', action: 'clear the filter (then Esc goes back)'});
		expect(footer).toContainEqual({keys: 'Esc', action: 'clear filter', footer: 1});
		expect(press(KEY.escape)).toBe(true);
		expect(called()).toEqual([['edit', {op: 'clear'}]]);
	});

	it('typing in it: ↑/↓ move, Enter or Tab back to the list, the rest is typed (k, q and s too)', () => {
		const typing = {filtering: true, query: 'et', cursor: 2};
		const {help, footer} = setup({list: typing});
		expect(help.map((row) => row.keys)).toEqual(['↑', '↓', 'Enter', 'Esc', 'type']);
		expect(footer.map((hint) => [hint.keys, hint.action])).toEqual([
			['↑/↓', 'move'],
			['Enter', 'to the list'],
			['Esc', 'clear filter'],
			['type', 'filter'],
		]);
		const keys: Array<[string, unknown[]]> = [
			[KEY.up, ['move', -1]],
			[KEY.down, ['move', 1]],
			[KEY.enter, ['filter', false]],
			[KEY.tab, ['filter', false]],
			[KEY.escape, ['edit', {op: 'clear'}]],
			['k', ['edit', {op: 'insert', text: 'k'}]],
			['q', ['edit', {op: 'insert', text: 'q'}]],
			['s', ['edit', {op: 'insert', text: 's'}]],
		];
		for (const [sequence, action] of keys) {
			const {press, called} = setup({list: typing});
			expect(press(sequence)).toBe(true);
			expect(called()).toEqual([action]);
		}
	});

	it('typing with nothing typed: Esc closes the filter', () => {
		const {help, press, called} = setup({list: {filtering: true}});
		expect(help).toContainEqual({keys: 'Esc', action: 'close the filter'});
		expect(press(KEY.escape)).toBe(true);
		expect(called()).toEqual([['filter', false]]);
	});
});

describe('Loans keys on "sent from here"', () => {
	it('s or Esc back to the loans, Ctrl+R reads both, h; none of the list’s keys, even with a filter open', () => {
		const {help, footer, press} = setup({list: {showSent: true, filtering: true, query: 'eth', cursor: 3}});
		expect(help).toEqual([
			{keys: 'Ctrl+R', action: 'read the loans and what was sent again'},
			{keys: 's', action: 'hide what was sent'},
			{keys: 'Esc', action: 'back to the loans'},
			{keys: 'h', action: 'loan history (loans, repayments, collateral, liquidations)'},
		]);
		expect(footer).toEqual([
			{keys: 'Ctrl+R', action: 'read the loans and what was sent again', footer: 2},
			{keys: 'Esc', action: 'back to the loans', footer: 1},
		]);
		for (const sequence of [KEY.up, 'j', KEY.enter, 'c', '/', KEY.pageDown, KEY.home]) expect(press(sequence)).toBe(false);
	});

	it('s and Esc both go back to the loans', () => {
		for (const sequence of ['s', KEY.escape]) {
			const {press, called} = setup({list: {showSent: true}});
			expect(press(sequence)).toBe(true);
			expect(called()).toEqual([['toggleSent']]);
		}
	});
});
