// The estimate's keys (source/screens/estimate/keys.ts) as pure rows, without rendering: which rows each focus
// offers, and which action each key calls (Ctrl+B carries the values the mode asks about into the borrow wizard).
import {describe, expect, it, vi} from 'vitest';
import {pressIn} from '../helpers/key-table.js';
import {footerKeys, helpRows} from '../../source/ui/keys/binding.js';
import {estimateBindings, type EstimateKeyState} from '../../source/screens/estimate/keys.js';
import {checkForm} from '../../source/screens/estimate/form-checks.js';
import {initialEstimateForm, type EstimateFormState} from '../../source/screens/estimate/reducer.js';
import type {EstimateActions} from '../../source/screens/estimate/use-estimate.js';

const ENTER = '\r';
const TAB = '\t';
const SHIFT_TAB = '\u001B[Z';
const UP = '\u001B[A';
const DOWN = '\u001B[B';
const LEFT = '\u001B[D';
const RIGHT = '\u001B[C';
const CTRL_B = '\u0002';
const CTRL_R = '\u0012';
const CTRL_T = '\u0014';

function setup(values: Partial<EstimateFormState>, extra: Partial<EstimateKeyState> = {}) {
	const form = {...initialEstimateForm, ...values};
	const coinField = form.focus === 'loanCoin' || form.focus === 'pledgeCoin' ? form.focus : undefined;
	const state: EstimateKeyState = {
		form,
		loanMode: form.amountMode === 'loan',
		checks: checkForm(form, () => undefined),
		coinField,
		suggestions: [],
		asked: undefined,
		...extra,
	};
	const actions = {
		edit: vi.fn(),
		submitField: vi.fn(),
		suggest: vi.fn(),
		choosePeriod: vi.fn(),
		movePeriod: vi.fn(),
		moveField: vi.fn(),
		toggleMode: vi.fn(),
		borrow: vi.fn(),
		refresh: vi.fn(),
		paste: vi.fn(),
	} satisfies EstimateActions;
	const rows = estimateBindings(state, actions);
	const press = (sequence: string) => {
		return pressIn(rows, sequence);
	};
	/** The actions called so far, by name, with their arguments. */
	const called = () =>
		Object.fromEntries(
			Object.entries(actions)
				.filter(([, action]) => action.mock.calls.length > 0)
				.map(([name, action]) => [name, action.mock.calls.map((call) => call.slice(0, 1))]),
		);
	return {rows, press, called, help: helpRows(rows), footer: footerKeys(rows)};
}

const VALUES = {loanCoin: 'usdt', pledgeCoin: 'btc', daily: 'THIRTY', pledgeAmount: '1.5', loanAmount: '10000'} as const;

describe('estimate keys in a text field', () => {
	it('a coin field: Enter takes the highlighted coin, Tab and Shift+Tab move, Ctrl+T, Ctrl+B; typing comes last', () => {
		const {help, footer, rows} = setup({focus: 'loanCoin'});
		expect(help.map((row) => row.keys)).toEqual(['Enter', 'Tab', 'Shift+Tab', 'Ctrl+T', 'Ctrl+B', 'type']);
		expect(help[0]).toEqual({keys: 'Enter', action: 'next field (takes the highlighted coin)'});
		expect(rows.at(-1)?.keys).toEqual(['text']);
		expect(footer).toEqual([
			{keys: 'Enter', action: 'next field (takes the highlighted coin)', footer: 1},
			{keys: 'Tab/Shift+Tab', action: 'move between fields', footer: 3},
			{keys: 'Ctrl+T', action: 'by loan amount', footer: 2},
			{keys: 'Ctrl+B', action: 'borrow with these values', footer: 2},
		]);
	});

	it('Enter submits the field, Tab and Shift+Tab move, a character is typed', () => {
		const {press, called} = setup({focus: 'pledgeCoin'});
		expect(press(ENTER)).toBe(true);
		expect(press(TAB)).toBe(true);
		expect(press(SHIFT_TAB)).toBe(true);
		expect(press('b')).toBe(true);
		expect(called()).toEqual({submitField: [[]], moveField: [[1], [-1]], edit: [[{op: 'insert', text: 'b'}]]});
	});

	it('↑/↓ move the suggestion only while the coin field shows some', () => {
		const shown = setup({focus: 'loanCoin', loanCoin: 'US'}, {suggestions: ['USDT', 'USDC']});
		expect(shown.help.map((row) => row.keys)).toContain('↑');
		shown.press(UP);
		shown.press(DOWN);
		expect(shown.called()).toEqual({suggest: [[-1], [1]]});

		const none = setup({focus: 'loanCoin', loanCoin: 'US'});
		expect(none.help.map((row) => row.keys)).not.toContain('↑');
		none.press(UP);
		expect(none.called()).toEqual({});
	});

	it('the amount: Enter goes to the next field (no coin to take)', () => {
		const {help, press, called} = setup({...VALUES, focus: 'pledgeAmount'});
		expect(help[0]).toEqual({keys: 'Enter', action: 'next field'});
		press(ENTER);
		expect(called()).toEqual({submitField: [[]]});
	});
});

describe('estimate keys on the period', () => {
	it('choose a period by its key, move with ←/→, Enter goes to the next field; letters are no typing', () => {
		const {help, press, called} = setup({focus: 'daily'});
		expect(help.map((row) => row.keys)).not.toContain('type');
		press('7');
		press('3');
		press('f');
		press(LEFT);
		press(RIGHT);
		press(ENTER);
		expect(press('x')).toBe(false);
		expect(called()).toEqual({choosePeriod: [['SEVEN'], ['THIRTY'], ['FLEXIBLE']], movePeriod: [[-1], [1]], moveField: [[1]]});
	});
});

describe('estimate keys for the mode, the refresh and the borrow wizard', () => {
	it('Ctrl+T toggles the mode, its footer naming the other one', () => {
		const byPledge = setup({focus: 'loanCoin'});
		byPledge.press(CTRL_T);
		expect(byPledge.called()).toEqual({toggleMode: [[]]});
		expect(byPledge.footer.find((hint) => hint.keys === 'Ctrl+T')?.action).toBe('by loan amount');
		expect(setup({focus: 'loanCoin', amountMode: 'loan'}).footer.find((hint) => hint.keys === 'Ctrl+T')?.action).toBe('by pledge');
	});

	it('Ctrl+R asks again only once there is an estimate to fetch', () => {
		const incomplete = setup({focus: 'loanCoin'});
		expect(incomplete.help.map((row) => row.keys)).not.toContain('Ctrl+R');
		// The text row takes what no row above it did, and Ctrl+R edits nothing.
		incomplete.press(CTRL_R);
		expect(incomplete.called()).toEqual({});

		const asked = setup({...VALUES, focus: 'daily'}, {asked: {loanCoin: 'USDT', pledgeCoin: 'BTC', pledgeAmount: '1.5'}});
		expect(asked.help).toContainEqual({keys: 'Ctrl+R', action: 'fetch the estimate again'});
		asked.press(CTRL_R);
		expect(asked.called()).toEqual({refresh: [[]]});
	});

	it('Ctrl+B by pledge: the coins as checked, the period and the pledge amount', () => {
		const {press, called} = setup({...VALUES, focus: 'pledgeAmount'});
		press(CTRL_B);
		expect(called()).toEqual({borrow: [[{loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', pledgeAmount: '1.5'}]]});
	});

	it('Ctrl+B by loan amount: the amount to borrow, the pledge amount kept apart under its own name', () => {
		const {press, called} = setup({...VALUES, amountMode: 'loan', focus: 'loanAmount'});
		press(CTRL_B);
		expect(called()).toEqual({borrow: [[{loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', loanAmount: '10000', pledgeAmount: '1.5'}]]});
	});

	it('Ctrl+B with values not valid yet: carried as typed', () => {
		const {press, called} = setup({loanCoin: 'us dt', pledgeCoin: '', pledgeAmount: '1.', focus: 'pledgeAmount'});
		press(CTRL_B);
		expect(called()).toEqual({borrow: [[{loanCoin: 'us dt', pledgeCoin: '', daily: 'SEVEN', pledgeAmount: '1.'}]]});
	});
});
