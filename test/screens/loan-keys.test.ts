// A loan's detail's keys (screens/loan/keys.ts) as pure rows, without rendering: which keys each stage offers — the
// detail, the repay / add / withdraw forms, the review with its y/n, the second question of a withdrawal past "max
// withdrawable", the outcome — and which of the detail's actions each key calls.
import {describe, expect, it, vi} from 'vitest';
import {pressIn} from '../helpers/key-table.js';
import type {OngoingLoan} from '../../source/api/loan-types.js';
import {footerKeys, helpRows, type Binding} from '../../source/ui/keys/binding.js';
import {scrollWindow} from '../../source/ui/components/scroll-window.js';
import {DEFAULT_SAFETY_MARGIN} from '../../source/loans/targets.js';
import {initialLoanAction, type LoanActionState} from '../../source/screens/loan/reducer.js';
import {loanDetailBindings, type DetailWindow, type LoanKeyState} from '../../source/screens/loan/keys.js';
import type {LoanDetailActions} from '../../source/screens/loan/use-loan-detail.js';

const ESC = '\u001B';
const ENTER = '\r';
const DOWN = '\u001B[B';
const CTRL_R = '\u0012';

// LTV 50 %, margin call at 80 %: "max withdrawable" (5 points under the call) is 6.66666666 ETH of the 20.
const loan: OngoingLoan = {
	orderId: '1130000000000000002',
	loanCoin: 'USDT',
	loanAmount: '15000',
	interestAmount: '0.5',
	hourInterestRate: '0.000007',
	pledgeCoin: 'ETH',
	pledgeAmount: '20',
	pledgeRate: '0.5',
	supRate: '0.8',
	forceRate: '0.9',
	borrowTime: '1800000000000',
	expireTime: '0',
};

const fits: DetailWindow = {window: scrollWindow(10, 20, 0), total: 10};

function actionsMock() {
	return {
		start: vi.fn(),
		set: vi.fn(),
		select: vi.fn(),
		edit: vi.fn(),
		submit: vi.fn(),
		back: vi.fn(),
		askPastMax: vi.fn(),
		confirm: vi.fn(),
		payFrom: vi.fn(),
		decline: vi.fn(),
		review: vi.fn(),
		leave: vi.fn(),
		finish: vi.fn(),
		copy: vi.fn(),
		refresh: vi.fn(),
		scrollTo: vi.fn(),
		chartDays: vi.fn(),
		toggleChart: vi.fn(),
		home: vi.fn(),
		paste: vi.fn(),
	} satisfies LoanDetailActions;
}

type Setup = {form?: Partial<LoanActionState>; state?: Partial<LoanKeyState>; detail?: DetailWindow};

function setup({form = {}, state = {}, detail = fits}: Setup = {}) {
	const actions = actionsMock();
	const keyState: LoanKeyState = {
		form: {...initialLoanAction, ...form},
		money: undefined,
		loan,
		family: 'classic',
		after: undefined,
		safetyMargin: DEFAULT_SAFETY_MARGIN,
		post: {phase: 'ready', confirmAgain: false},
		...state,
	};
	const rows = loanDetailBindings(keyState, actions, detail);
	const press = (sequence: string) => {
		return pressIn(rows, sequence);
	};
	/** The actions called, by name and arguments. */
	const called = () =>
		Object.entries(actions)
			.filter(([, mock]) => mock.mock.calls.length > 0)
			.map(([name, mock]) => [name, ...mock.mock.calls.flat()]);
	return {actions, rows, press, called, help: helpRows(rows), footer: footerKeys(rows)};
}

const keysOf = (rows: Binding[]) => helpRows(rows).map((row) => row.keys);

/** The review of `form`: the money post ready, nothing out. */
const atReview = (form: Partial<LoanActionState>, state: Partial<LoanKeyState> = {}): Setup => ({
	form: {step: 'review', ...form},
	state: {money: 'review', ...state},
});

describe('the loan detail keys', () => {
	it('the detail: r, a, w act on the loan, m and t its settings, c copies, Ctrl+R reads again', () => {
		const detail = setup();
		expect(keysOf(detail.rows)).toEqual(['r', 'a', 'w', 'm', 't', 'c', 'Ctrl+R']);
		expect(detail.footer.map((hint) => `${hint.keys} ${hint.action}`)).toEqual([
			'r repay',
			'a add collateral',
			'w withdraw collateral',
			'm margin',
			't target',
			'c copy',
		]);
		for (const key of ['r', 'a', 'w', 'm', 't', 'c', CTRL_R]) expect(detail.press(key)).toBe(true);
		expect(detail.called()).toEqual([['start', 'repay', 'add', 'withdraw'], ['set', 'margin', 'target'], ['copy'], ['refresh']]);
	});

	it("the chart: d switches it to 30 days and back where it shows; on a short terminal v shows it in the figures' place", () => {
		const chart = (state: NonNullable<DetailWindow['chart']>) => setup({detail: {...fits, chart: state}});
		const under = chart({days: 7, behindKey: false, open: false, path: true});
		expect(keysOf(under.rows)).toEqual(['r', 'a', 'w', 'm', 't', 'c', 'Ctrl+R', 'd']);
		expect(under.help.find((row) => row.keys === 'd')?.action).toBe('the chart over 30 days');
		expect(under.press('v')).toBe(false);
		expect(under.press('d')).toBe(true);
		expect(under.called()).toEqual([['chartDays']]);
		expect(helpRows(chart({days: 30, behindKey: false, open: false, path: true}).rows).find((row) => row.keys === 'd')?.action).toBe('the chart over 7 days');
		// Without a path (no history) there is nothing to see over more days: no d.
		expect(keysOf(chart({days: 7, behindKey: false, open: false, path: false}).rows)).not.toContain('d');
		// Short: v first; d only once the chart shows.
		const behind = chart({days: 7, behindKey: true, open: false, path: true});
		expect(keysOf(behind.rows)).toEqual(['r', 'a', 'w', 'm', 't', 'c', 'Ctrl+R', 'v']);
		expect(behind.footer.map((hint) => `${hint.keys} ${hint.action}`)).toContain('v chart');
		expect(behind.press('v')).toBe(true);
		expect(behind.press('d')).toBe(false);
		expect(behind.called()).toEqual([['toggleChart']]);
		const open = chart({days: 7, behindKey: true, open: true, path: true});
		expect(open.help.find((row) => row.keys === 'v')?.action).toBe('back to the figures');
		expect(open.press('d')).toBe(true);
		expect(open.press('v')).toBe(true);
		expect(open.called()).toEqual([['chartDays'], ['toggleChart']]);
	});

	it('the detail of a closed loan (or one still read): nothing to act on but copy and read again', () => {
		const closed = setup({state: {loan: undefined}});
		expect(keysOf(closed.rows)).toEqual(['c', 'Ctrl+R']);
		expect(closed.press('r')).toBe(false);
		expect(closed.press('w')).toBe(false);
		expect(closed.called()).toEqual([]);
	});

	it('the detail taller than the screen: the figures scroll by a line, a page and to the ends', () => {
		const window = scrollWindow(30, 10, 4);
		const tall = setup({detail: {window, total: 30}});
		expect(keysOf(tall.rows)).toEqual(expect.arrayContaining(['↑/k', '↓/j', 'PgUp', 'PgDn']));
		tall.press(DOWN);
		tall.press('k');
		expect(tall.actions.scrollTo.mock.calls).toEqual([[5], [3]]);
	});

	it('repay, all or part: a choice of two; Enter goes on, Esc back a step', () => {
		const mode = setup({form: {step: 'repay-mode', action: 'repay'}});
		expect(mode.footer.find((hint) => hint.keys === 'Enter')?.action).toBe('next');
		mode.press(DOWN);
		mode.press('2');
		mode.press(ENTER);
		mode.press(ESC);
		expect(mode.called()).toEqual([['select', {type: 'cycle', by: 1}, {type: 'pick', index: 1}], ['submit'], ['back']]);
		expect(mode.press('r')).toBe(false);

		const unlock = setup({form: {step: 'repay-unlock', action: 'repay', repayAll: false, amount: '100'}});
		expect(unlock.footer.find((hint) => hint.keys === 'Enter')?.action).toBe('review');
		unlock.press(ENTER);
		expect(unlock.called()).toEqual([['submit']]);
	});

	it('an amount (part of a repayment, collateral added or withdrawn): Esc back, Enter checks it, every other key types', () => {
		for (const action of ['repay', 'add', 'withdraw'] as const) {
			const amount = setup({form: {step: 'amount', action}});
			expect(helpRows(amount.rows)[0]).toEqual({keys: 'Esc', action: 'back a step'});
			expect(helpRows(amount.rows).at(-1)?.keys).toBe('type');
			amount.press('5');
			amount.press('q');
			amount.press(ENTER);
			amount.press(ESC);
			expect(amount.called()).toEqual([['edit', {op: 'insert', text: '5'}, {op: 'insert', text: 'q'}], ['submit'], ['back']]);
		}
	});

	it('a setting (m, t): Esc leaves it unchanged, Enter takes it', () => {
		for (const step of ['margin', 'target'] as const) {
			const setting = setup({form: {step, amount: '5', cursor: 1}});
			expect(setting.help.slice(0, 2)).toEqual([
				{keys: 'Esc', action: 'back, unchanged'},
				{keys: 'Enter', action: 'take it (empty: the default)'},
			]);
			setting.press(ENTER);
			setting.press(ESC);
			expect(setting.called()).toEqual([['submit'], ['back']]);
		}
	});

	it('the review: y sends what it shows, n and Esc go back to change it, Enter does nothing', () => {
		const review = setup(atReview({action: 'add', amount: '1'}));
		expect(keysOf(review.rows)).toEqual(['y', 'n', 'Esc', 'Enter']);
		expect(review.help[0]?.action).toBe('add collateral (only a typed y sends)');
		review.press('y');
		review.press('n');
		review.press(ESC);
		review.press(ENTER);
		expect(review.called()).toEqual([['back'], ['confirm']]);
		expect(review.actions.back).toHaveBeenCalledTimes(2);
		expect(review.actions.confirm).toHaveBeenCalledTimes(1);
	});

	it('the review with a second y pending (the same values after an unknown outcome): n drops it', () => {
		const again = setup(atReview({action: 'repay'}, {post: {phase: 'ready', confirmAgain: true}}));
		expect(again.help[0]?.action).toBe("repay again: a second request (the first one's outcome is unknown)");
		again.press('n');
		again.press('y');
		expect(again.called()).toEqual([['confirm'], ['decline']]);
	});

	it('a repayment from a unified account: c pays out of the collateral, or with the loan coin again', () => {
		const coin = setup(atReview({action: 'repay'}, {family: 'unified'}));
		expect(coin.footer.find((hint) => hint.keys === 'c')?.action).toBe('from collateral');
		coin.press('c');
		expect(coin.called()).toEqual([['payFrom', true]]);

		const collateral = setup(atReview({action: 'repay', fromCollateral: true}, {family: 'unified'}));
		expect(collateral.footer.find((hint) => hint.keys === 'c')?.action).toBe('pay with USDT');
		collateral.press('c');
		expect(collateral.called()).toEqual([['payFrom', false]]);

		expect(setup(atReview({action: 'repay'}, {family: 'classic'})).press('c')).toBe(false);
		expect(setup(atReview({action: 'add', amount: '1'}, {family: 'unified'})).press('c')).toBe(false);
	});

	it('a withdrawal within "max withdrawable": the first y sends', () => {
		const within = setup(atReview({action: 'withdraw', amount: '6'}));
		expect(within.help[0]?.action).toBe('withdraw collateral (only a typed y sends)');
		within.press('y');
		expect(within.called()).toEqual([['confirm']]);
	});

	it('a withdrawal past "max withdrawable": the first y asks the second question, whose y sends and whose n goes back to the first', () => {
		const first = setup(atReview({action: 'withdraw', amount: '7'}));
		first.press('y');
		expect(first.called()).toEqual([['askPastMax']]);

		const second = setup(atReview({action: 'withdraw', amount: '7', pastMaxAsked: true}));
		expect(keysOf(second.rows)).toEqual(['y', 'n', 'Esc', 'Enter']);
		second.press('y');
		second.press('n');
		expect(second.called()).toEqual([['back'], ['confirm']]);

		// A wider safety margin makes a smaller withdrawal past it.
		const margin = setup(atReview({action: 'withdraw', amount: '6'}, {safetyMargin: '0.1'}));
		margin.press('y');
		expect(margin.called()).toEqual([['askPastMax']]);
	});

	it('while the request is out no key does anything', () => {
		const sending = setup({form: {step: 'review', action: 'repay'}, state: {money: 'sending', post: {phase: 'posting', confirmAgain: false}}});
		for (const key of ['y', 'n', ESC, ENTER, 'c', 'h']) sending.press(key);
		expect(sending.called()).toEqual([]);
	});

	it('an unknown outcome: Esc back to the review, h home, Enter back to the loan read again', () => {
		const unknown = setup({form: {step: 'review', action: 'withdraw', amount: '1'}, state: {money: 'unknown', post: {phase: 'unknown', confirmAgain: false}}});
		expect(unknown.help.find((row) => row.keys === 'Enter')?.action).toBe('back to the loan');
		unknown.press(ESC);
		unknown.press('h');
		unknown.press(ENTER);
		expect(unknown.called()).toEqual([['review'], ['leave'], ['home']]);
	});

	it('the result: Enter or Esc back to a fresh detail (said so when the loan is closed), c copies the order id', () => {
		const open = setup({form: {step: 'review', action: 'repay'}, state: {money: 'result', post: {phase: 'done', confirmAgain: false}, after: loan}});
		expect(open.help.find((row) => row.keys === 'Enter')?.action).toBe('back to the loan');
		open.press(ENTER);
		open.press(ESC);
		open.press('c');
		expect(open.called()).toEqual([['finish'], ['copy']]);
		expect(open.actions.finish).toHaveBeenCalledTimes(2);

		const closed = setup({form: {step: 'review', action: 'repay'}, state: {money: 'result', post: {phase: 'done', confirmAgain: false}, after: null}});
		expect(closed.help.find((row) => row.keys === 'Enter')?.action).toBe('back (the loan is closed)');
	});
});
