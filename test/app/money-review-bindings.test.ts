// The keys every money screen shares from its review on (ui/money/money-review-bindings.ts), as pure rows: what
// each stage offers, and what y/Y/n/N/Esc/Enter/h/c do there.
import {describe, expect, it, vi} from 'vitest';
import {dispatchKey, footerKeys, helpRows} from '../../source/ui/keys/binding.js';
import {parseKey} from '../../source/ui/keys/parse-key.js';
import {moneyInputMode, moneyReviewBindings, moneyStage, type MoneyReviewActions, type MoneyReviewPost} from '../../source/ui/money/money-review-bindings.js';
import {footerHints} from '../../source/ui/keys/footer-line.js';

type Phase = MoneyReviewPost['state']['phase'];

function setup(phase: Phase, options: {confirmAgain?: boolean; blocked?: boolean; copy?: boolean; done?: boolean; leave?: boolean} = {}) {
	const post = {state: {phase, confirmAgain: options.confirmAgain ?? false}, decline: vi.fn(), review: vi.fn()};
	const extra = {copy: vi.fn(), done: vi.fn(), leave: vi.fn()};
	const on = {
		verb: 'borrow',
		send: vi.fn(),
		change: vi.fn(),
		home: vi.fn(),
		...(options.blocked ? {blocked: true} : {}),
		...(options.copy ? {copy: {what: 'order ID', handler: extra.copy}} : {}),
		...(options.done ? {done: {description: 'back to the loan', handler: extra.done}} : {}),
		...(options.leave ? {leave: {description: 'back to the loan', handler: extra.leave}} : {}),
	} satisfies MoneyReviewActions;
	const rows = moneyReviewBindings(post, on);
	const press = (sequence: string) => {
		const {input, key} = parseKey(sequence);
		return dispatchKey(rows, input, key);
	};
	const calls = () => ({
		send: on.send.mock.calls.length,
		change: on.change.mock.calls.length,
		home: on.home.mock.calls.length,
		decline: post.decline.mock.calls.length,
		review: post.review.mock.calls.length,
	});
	return {post, on, extra, rows, press, calls, help: helpRows(rows), footer: footerKeys(rows)};
}

const NONE = {send: 0, change: 0, home: 0, decline: 0, review: 0};
const ESC = '\u001B';
const ENTER = '\r';

describe('money stages', () => {
	it('follow the post: the review only while nothing is out and the screen is on it', () => {
		expect(moneyStage('ready', true)).toBe('review');
		expect(moneyStage('ready', false)).toBeUndefined();
		expect(moneyStage('posting', false)).toBe('sending');
		expect(moneyStage('done', true)).toBe('result');
		expect(moneyStage('unknown', true)).toBe('unknown');
		expect(moneyInputMode('sending')).toBe('busy');
		expect(['review', 'result', 'unknown'].map((stage) => moneyInputMode(stage as 'review'))).toEqual(['navigate', 'navigate', 'navigate']);
	});
});

describe('the review', () => {
	it('offers y, n, Esc and an Enter that says it does nothing', () => {
		const {help, footer} = setup('ready');
		expect(help).toEqual([
			{keys: 'y', action: 'borrow (only a typed y sends)'},
			{keys: 'n', action: 'no: change the values'},
			{keys: 'Esc', action: 'back to change the values'},
			{keys: 'Enter', action: 'does nothing here (only y sends)'},
		]);
		expect(footerHints(footer, 'navigate', 200)).toEqual(['y borrow', 'n change values', 'Esc back', 'q quit', '? this help']);
	});

	it('y and Y send; Enter sends nothing', () => {
		for (const key of ['y', 'Y']) {
			const {press, calls} = setup('ready');
			expect(press(key)).toBe(true);
			expect(calls()).toEqual({...NONE, send: 1});
		}
		const {press, calls} = setup('ready');
		expect(press(ENTER)).toBe(true);
		expect(calls()).toEqual(NONE);
	});

	it("other keys are not the review's: no row for them", () => {
		const {press, calls} = setup('ready');
		for (const key of ['x', 'h', 'c', ' ', '\u001By']) expect(press(key)).toBe(false);
		expect(calls()).toEqual(NONE);
	});

	it('n, N and Esc go back to change the values', () => {
		for (const key of ['n', 'N', ESC]) {
			const {press, calls} = setup('ready');
			expect(press(key)).toBe(true);
			expect(calls()).toEqual({...NONE, change: 1});
		}
	});

	it('with a second y pending, y sends again, while n, N and Esc drop the pending y and stay', () => {
		const {help, press, calls} = setup('ready', {confirmAgain: true});
		expect(help[0]).toEqual({keys: 'y', action: "borrow again: a second request (the first one's outcome is unknown)"});
		expect(help[1]).toEqual({keys: 'n', action: 'no: do not send again'});
		press('y');
		expect(calls()).toEqual({...NONE, send: 1});
		for (const key of ['n', 'N', ESC]) {
			const again = setup('ready', {confirmAgain: true});
			again.press(key);
			expect(again.calls()).toEqual({...NONE, decline: 1});
		}
	});

	it('a y the checks refuse is taken and sends nothing, and the help says so', () => {
		const {help, press, calls} = setup('ready', {blocked: true});
		expect(help[0]!.action).toMatch(/^sends nothing/);
		expect(press('y')).toBe(true);
		expect(press('Y')).toBe(true);
		expect(calls()).toEqual(NONE);
		press('n');
		expect(calls()).toEqual({...NONE, change: 1});
	});
});

describe('while the request is out', () => {
	it('no key changes anything; Esc says it waits', () => {
		const {help, footer, press, calls} = setup('posting');
		expect(help).toEqual([{keys: 'Esc', action: 'nothing: waits for the answer (Ctrl+C stops the wait)'}]);
		expect(footerHints(footer, 'busy', 200)).toEqual(['Esc waits for the answer']);
		expect(press(ESC)).toBe(true);
		for (const key of ['y', 'Y', 'n', 'h', ENTER, 'c']) expect(press(key)).toBe(false);
		expect(calls()).toEqual(NONE);
	});
});

describe('the outcome-unknown box', () => {
	it('Esc goes back to the review, h home; Enter does nothing unless the screen has a place for it', () => {
		const {help, footer, press, calls} = setup('unknown');
		expect(help).toEqual([
			{keys: 'Esc', action: 'back to review (sending again needs a second y)'},
			{keys: 'h', action: 'home'},
		]);
		expect(footerHints(footer, 'navigate', 200)).toEqual(['Esc back to review', 'h home', 'q quit', '? this help']);
		press(ESC);
		expect(calls()).toEqual({...NONE, review: 1});
		press('h');
		expect(calls()).toEqual({...NONE, review: 1, home: 1});
		// No y here: sending again is the review's, with a second y.
		for (const key of ['y', 'Y', 'n', ENTER]) expect(press(key)).toBe(false);
		expect(calls()).toEqual({...NONE, review: 1, home: 1});
	});

	it('Enter leaves where the screen says', () => {
		const {extra, help, press, calls} = setup('unknown', {leave: true});
		expect(help.at(-1)).toEqual({keys: 'Enter', action: 'back to the loan'});
		press(ENTER);
		expect(extra.leave).toHaveBeenCalledTimes(1);
		expect(calls()).toEqual(NONE);
	});
});

describe('the result', () => {
	it('c copies; Enter and Esc go home', () => {
		const {extra, help, press, calls} = setup('done', {copy: true});
		expect(help).toEqual([
			{keys: 'c', action: 'copy the order ID'},
			{keys: 'Enter', action: 'home'},
			{keys: 'Esc', action: 'home'},
		]);
		press('c');
		expect(extra.copy).toHaveBeenCalledTimes(1);
		press(ENTER);
		press(ESC);
		expect(calls()).toEqual({...NONE, home: 2});
		for (const key of ['y', 'Y', 'n', 'h']) expect(press(key)).toBe(false);
	});

	it('or where the screen says, without a copy when it has nothing to copy', () => {
		const {extra, help, press, calls} = setup('done', {done: true});
		expect(help.map((row) => row.keys)).toEqual(['Enter', 'Esc']);
		expect(press('c')).toBe(false);
		press(ENTER);
		press(ESC);
		expect(extra.done).toHaveBeenCalledTimes(2);
		expect(calls()).toEqual(NONE);
	});
});
