// The Plan screen's keys (screens/plan/keys.ts) as pure rows, without rendering: which keys each stage offers (the
// loan coin, the amount, the periods, the list while it is read, shown, refused or failed) and which action each
// key calls. While the estimates come in, Enter is taken but only reaches borrow (which opens nothing without a
// row on screen: plan-screen.test.tsx); with no plan going, Enter is not offered at all.
import {describe, expect, it, vi, type Mock} from 'vitest';
import {pressIn} from '../helpers/key-table.js';
import type {PlanRow} from '../../source/operations/plan.js';
import {footerKeys, helpRows} from '../../source/ui/keys/binding.js';
import {planBindings, type PlanKeyState} from '../../source/screens/plan/keys.js';
import {initialPlan, type PlanState} from '../../source/screens/plan/reducer.js';
import type {PlanRead} from '../../source/screens/plan/use-plan-read.js';
import type {PlanActions} from '../../source/screens/plan/use-plan.js';

const KEY = {
	enter: '\r',
	tab: '\t',
	shiftTab: '\u001B[Z',
	up: '\u001B[A',
	down: '\u001B[B',
	left: '\u001B[D',
	right: '\u001B[C',
	pageDown: '\u001B[6~',
	pageUp: '\u001B[5~',
	home: '\u001B[H',
	end: '\u001B[F',
	ctrlR: '\u0012',
};

const row = (pledgeCoin: string) => ({pledgeCoin, period: 'SEVEN'}) as PlanRow;
const ROWS = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE'].map(row);

const ACTION_NAMES = [
	'editText',
	'paste',
	'completeCoin',
	'moveSuggestion',
	'moveField',
	'choosePeriods',
	'start',
	'planAgain',
	'highlight',
	'toggleSort',
	'editValues',
	'borrow',
] as const satisfies readonly (keyof PlanActions)[];

/** Every action a mock, so each key's call can be read back. */
const actionsDouble = () =>
	Object.fromEntries(ACTION_NAMES.map((name) => [name, vi.fn<(...args: unknown[]) => void>()])) as Record<
		keyof PlanActions,
		Mock<(...args: unknown[]) => void>
	>;

function setup(form: Partial<PlanState>, options: {read?: PlanRead['status']; rows?: PlanRow[]; page?: number; suggestions?: string[]} = {}) {
	const sorted = options.rows ?? [];
	const full: PlanState = {...initialPlan, ...form};
	const state: PlanKeyState = {
		form: full,
		read: {status: options.read ?? 'idle'},
		sorted,
		...(sorted[full.highlighted] ? {chosen: sorted[full.highlighted]} : {}),
		page: options.page ?? 3,
		suggestions: options.suggestions ?? [],
	};
	const actions = actionsDouble();
	const rows = planBindings(state, actions);
	const press = (sequence: string) => {
		return pressIn(rows, sequence);
	};
	/** The actions called, by name, with their arguments. */
	const called = () =>
		Object.fromEntries(
			Object.entries(actions).flatMap(([name, fn]) => (fn.mock.calls.length > 0 ? [[name, fn.mock.calls.map((call) => call.slice(0, 1))]] : [])),
		);
	return {rows, actions, press, called, help: helpRows(rows), footer: footerKeys(rows)};
}

const keysOf = (help: {keys: string}[]) => help.map((row) => row.keys);

describe('the Plan keys on the form', () => {
	it('the loan coin: Enter takes the highlighted coin, Tab/Shift+Tab move, typing edits; ↑/↓ only with suggestions', () => {
		const {help, press, called} = setup({focus: 'loanCoin'});
		expect(help).toEqual([
			{keys: 'Enter', action: 'next field (takes the highlighted coin)'},
			{keys: 'Tab', action: 'next field'},
			{keys: 'Shift+Tab', action: 'previous field'},
			{keys: 'type', action: expect.stringContaining('text;') as string},
		]);
		press(KEY.enter);
		press(KEY.tab);
		press(KEY.shiftTab);
		press('u');
		expect(called()).toEqual({completeCoin: [[]], moveField: [[1], [-1]], editText: [[{op: 'insert', text: 'u'}]]});

		const suggesting = setup({focus: 'loanCoin', loanCoin: 'US'}, {suggestions: ['USDT', 'USDC']});
		expect(keysOf(suggesting.help)).toEqual(['Enter', '↑', '↓', 'Tab', 'Shift+Tab', 'type']);
		suggesting.press(KEY.up);
		suggesting.press(KEY.down);
		expect(suggesting.called()).toEqual({moveSuggestion: [[-1], [1]]});
	});

	it('the loan amount: Enter plans (the values checked by start), q and ? are typed', () => {
		const {help, footer, press, called} = setup({focus: 'loanAmount'}, {suggestions: ['USDT']});
		expect(keysOf(help)).toEqual(['Enter', 'Tab', 'Shift+Tab', 'type']);
		expect(help[0]).toEqual({keys: 'Enter', action: 'plan: every pledge coin ranked'});
		expect(footer).toEqual([
			{keys: 'Enter', action: 'plan: every pledge coin ranked', footer: 1},
			{keys: 'Tab/Shift+Tab', action: 'move between fields', footer: 3},
		]);
		press(KEY.enter);
		press('q');
		expect(called()).toEqual({start: [[]], editText: [[{op: 'insert', text: 'q'}]]});
	});

	it('the periods: ←/→ cycle, a, 7 (s), 3 (t) and f pick, Enter plans, Tab moves; other letters do nothing', () => {
		const {help, press, called} = setup({focus: 'periods'});
		expect(help.map((entry) => `${entry.keys} ${entry.action}`)).toEqual([
			'←/↑/k the periods before',
			'→/↓/j the periods after',
			'a all three periods',
			'7/s 7 days only (SEVEN)',
			'3/t 30 days only (THIRTY)',
			'f flexible term only (FLEXIBLE)',
			'Enter plan: every pledge coin ranked',
			'Tab next field',
			'Shift+Tab previous field',
		]);
		for (const key of [KEY.left, KEY.right, 'a', '7', '3', 'f', 's', 't']) press(key);
		expect(press('x')).toBe(false);
		press(KEY.enter);
		press(KEY.tab);
		expect(called()).toEqual({
			choosePeriods: [
				[{type: 'cycle', by: -1}],
				[{type: 'cycle', by: 1}],
				[{type: 'pick', index: 0}],
				[{type: 'pick', index: 1}],
				[{type: 'pick', index: 2}],
				[{type: 'pick', index: 3}],
				[{type: 'pick', index: 1}],
				[{type: 'pick', index: 2}],
			],
			start: [[]],
			moveField: [[1]],
		});
	});
});

describe('the Plan keys on the list', () => {
	it('while the estimates come in: Enter is taken but only reaches borrow (no row yet); no moving, sorting or Ctrl+R; e edits', () => {
		const {help, press, called} = setup({focus: 'list'}, {read: 'running'});
		expect(keysOf(help)).toEqual(['Enter', 'e']);
		expect(press(KEY.enter)).toBe(true);
		expect(press(KEY.down)).toBe(false);
		expect(press('s')).toBe(false);
		expect(press(KEY.ctrlR)).toBe(false);
		press('e');
		expect(called()).toEqual({borrow: [[]], editValues: [[]]});
	});

	it('no plan going (refused, or not started): Enter is not offered; a failed read offers Ctrl+R', () => {
		for (const read of ['idle', 'refused'] as const) {
			const {help, press, called} = setup({focus: 'list'}, {read});
			expect(keysOf(help)).toEqual(['e']);
			expect(press(KEY.enter)).toBe(false);
			expect(press(KEY.ctrlR)).toBe(false);
			expect(called()).toEqual({});
		}
		const failed = setup({focus: 'list'}, {read: 'error'});
		expect(keysOf(failed.help)).toEqual(['e', 'Ctrl+R']);
		expect(failed.press(KEY.enter)).toBe(false);
		failed.press(KEY.ctrlR);
		expect(failed.called()).toEqual({planAgain: [[]]});
	});

	it('the ways shown: moves by one, a page, to the first and last; Enter borrows the highlighted way; s sorts; Ctrl+R plans again', () => {
		const {help, footer, press, called} = setup({focus: 'list', highlighted: 2}, {read: 'ready', rows: ROWS, page: 3});
		expect(help.map((entry) => `${entry.keys} ${entry.action}`)).toEqual([
			'↑/k the way above',
			'↓/j the way below',
			'PgUp a page up',
			'PgDn/Space a page down',
			'Home/g the first way',
			'End/G the last way',
			'Enter borrow this way (the borrow wizard, filled in)',
			's sort by safety (farthest from liquidation first)',
			'e change the loan coin, amount or periods',
			'Ctrl+R plan again (new estimates and prices)',
		]);
		expect(footer).toEqual([
			{keys: '↑/↓', action: 'move', footer: 2},
			{keys: 'Enter', action: 'borrow', footer: 1},
			{keys: 's', action: 'by safety', footer: 1},
			{keys: 'e', action: 'edit', footer: 2},
		]);
		for (const key of [KEY.up, 'j', KEY.pageUp, ' ', KEY.home, 'G']) press(key);
		press(KEY.enter);
		press('s');
		press(KEY.ctrlR);
		expect(called()).toEqual({highlight: [[1], [3], [-1], [5], [0], [4]], borrow: [[]], toggleSort: [[]], planAgain: [[]]});
	});

	it('sorted by safety, s offers the chance; by chance, cost', () => {
		const bySafety = setup({focus: 'list', sort: 'safety'}, {read: 'ready', rows: ROWS.slice(0, 1)});
		expect(bySafety.help.map((entry) => `${entry.keys} ${entry.action}`)).toContain('s sort by chance (least likely margin call first)');
		expect(bySafety.footer).toContainEqual({keys: 's', action: 'by chance', footer: 1});
		bySafety.press('s');
		expect(bySafety.called()).toEqual({toggleSort: [[]]});
	});

	it('sorted by chance, s offers cost; one way: nothing to move through, Enter still borrows it', () => {
		const {help, press, called} = setup({focus: 'list', sort: 'chance'}, {read: 'ready', rows: ROWS.slice(0, 1)});
		expect(help.map((entry) => `${entry.keys} ${entry.action}`)).toEqual([
			'Enter borrow this way (the borrow wizard, filled in)',
			's sort by cost (lowest APR first)',
			'e change the loan coin, amount or periods',
			'Ctrl+R plan again (new estimates and prices)',
		]);
		expect(press(KEY.down)).toBe(false);
		press(KEY.enter);
		expect(called()).toEqual({borrow: [[]]});
	});
});
