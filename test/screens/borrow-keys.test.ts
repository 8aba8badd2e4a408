// The borrow screen's keys (source/screens/borrow/keys.ts) without rendering: which rows each stage has, what Esc
// does where, and that y on the review confirms exactly once, with the request built from the values shown.
import {describe, expect, it, vi} from 'vitest';
import {footerKeys, type Binding} from '../../source/ui/keys/binding.js';
import {pressIn} from '../helpers/key-table.js';
import type {Key} from '../../source/ui/keys/parse-key.js';
import {initialMoneyPost} from '../../source/operations/money-post.js';
import type {MoneyResult} from '../../source/operations/money-pipeline.js';
import type {BorrowRequest} from '../../source/api/types.js';
import {initialWizard, wizardReducer, type WizardState} from '../../source/screens/borrow/reducer.js';
import {borrowBindings, borrowInputMode} from '../../source/screens/borrow/keys.js';
import type {BorrowActions, BorrowState} from '../../source/screens/borrow/use-borrow.js';
import {moneyStage} from '../../source/ui/money/money-review-bindings.js';

const TEXT_ROW: Binding = {keys: ['text'], description: 'type', handler: () => undefined};
const FORM_ROW: Binding = {keys: ['Tab'], description: 'next credentials field', handler: () => undefined};

function actionsFor(): BorrowActions {
	return {
		dispatch: vi.fn(),
		back: vi.fn(),
		submit: vi.fn(),
		text: {onPaste: vi.fn(() => true), bindings: vi.fn(() => [TEXT_ROW])},
		paste: vi.fn(),
		confirm: vi.fn(),
		change: vi.fn(),
		decline: vi.fn(),
		review: vi.fn(),
		home: vi.fn(),
		copyOrderId: vi.fn(),
		showChart: vi.fn(),
	};
}

/** The carried values land on the amount step; Enter takes them to the review. */
const carried = initialWizard({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', pledgeAmount: '0.5'});
const atReview = wizardReducer(carried, {type: 'submit'});

function stateAt(wizard: WizardState, more: Partial<BorrowState> = {}): BorrowState {
	const post = more.post ?? initialMoneyPost<BorrowRequest, MoneyResult>();
	const money = moneyStage(post.phase, wizard.step === 'review');
	const textField = wizard.step === 'loanCoin' || wizard.step === 'pledgeCoin' || wizard.step === 'amount' ? wizard.step : undefined;
	return {
		wizard,
		stage: money ?? wizard.step,
		money,
		post,
		coinStep: {textField, coinField: textField !== undefined && textField !== 'amount', coins: [], suggestions: [], infos: {status: 'idle'}, waiting: false},
		review: {estimate: undefined, checks: {checking: false}, accepted: false},
		prechecked: true,
		form: {view: null, back: vi.fn(), bindings: [FORM_ROW], onPaste: vi.fn(), mode: 'text'} as unknown as BorrowState['form'],
		credentials: {status: 'unknown'},
		kept: true,
		body: {rows: 30, columns: 100},
		...more,
	};
}

const keysOf = (bindings: Binding[]) => bindings.filter((binding) => binding.when !== false).flatMap((binding) => binding.keys);
function press(bindings: Binding[], key: string): void {
	const row = bindings.find((binding) => binding.when !== false && binding.keys.includes(key));
	if (!row) throw new Error(`no row for ${key}`);
	row.handler(key, {} as Key);
}

describe('borrow keys', () => {
	it('each input step has its own rows, Esc first on the text steps', () => {
		const actions = actionsFor();
		const first = initialWizard();
		expect(keysOf(borrowBindings(stateAt(first), actions))).toEqual(['Esc', 'text']);
		expect(borrowBindings(stateAt(first), actions)[0]!.description).toBe('leave the borrow');
		expect(borrowInputMode(stateAt(first))).toBe('text');
		const period = {...carried, step: 'period' as const, carriedTo: undefined};
		expect(keysOf(borrowBindings(stateAt(period), actions))).toEqual(expect.arrayContaining(['Left', 'Right', 'Enter', 'Esc']));
		expect(borrowInputMode(stateAt(period))).toBe('navigate');
		const mode = {...period, step: 'amountMode' as const};
		expect(keysOf(borrowBindings(stateAt(mode), actions))).toEqual(['Up', 'k', 'Down', 'j', '1-2', 'Enter', 'Esc']);
		expect(borrowBindings(stateAt({...period, step: 'credentials'}), actions)).toEqual([FORM_ROW]);
		expect(actions.text.bindings).toHaveBeenCalledWith({submit: 'next', suggestion: 'a suggested coin'});
	});

	it('Esc goes back a step, or leaves from the step the carried values opened on', () => {
		const actions = actionsFor();
		const amountMode = {...carried, step: 'amountMode' as const};
		const rows = borrowBindings(stateAt(amountMode), actions);
		expect(rows.find((row) => row.keys.includes('Esc'))!.description).toBe('back a step');
		press(rows, 'Esc');
		expect(actions.back).toHaveBeenCalledTimes(1);
		const leaving = borrowBindings(stateAt(carried), actions);
		expect(leaving[0]!.description).toBe('leave the borrow');
		expect(actions.text.bindings).toHaveBeenLastCalledWith({submit: 'review', suggestion: 'a suggested coin'});
	});

	it('y on the review confirms once, with the request and body of the values shown', () => {
		const actions = actionsFor();
		const rows = borrowBindings(stateAt(atReview), actions);
		expect(keysOf(rows)).toEqual(['y', 'Y', 'n', 'N', 'Esc', 'Enter', 'g']);
		expect(borrowInputMode(stateAt(atReview))).toBe('navigate');
		press(rows, 'y');
		const request = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', pledgeAmount: '0.5'};
		expect(actions.confirm).toHaveBeenCalledTimes(1);
		expect(actions.confirm).toHaveBeenCalledWith({kind: 'borrow', request, prechecked: true}, request, JSON.stringify(request));
		// Enter does nothing on the review.
		press(rows, 'Enter');
		expect(actions.confirm).toHaveBeenCalledTimes(1);
	});

	it('a y typed while the review still checks leaves the pre-check to the pipeline; one the checks refuse sends nothing', () => {
		const actions = actionsFor();
		press(borrowBindings(stateAt(atReview, {prechecked: false}), actions), 'y');
		expect(actions.confirm).toHaveBeenCalledWith(expect.objectContaining({prechecked: false}), expect.anything(), expect.any(String));
		const blocked = stateAt(atReview, {review: {estimate: undefined, checks: {checking: false, blocked: 'BTC is not pledgeable'}, accepted: false}});
		press(borrowBindings(blocked, actions), 'y');
		expect(actions.confirm).toHaveBeenCalledTimes(1);
	});

	it('Esc and n on the review go back to change the values; with a second y pending they drop it', () => {
		const actions = actionsFor();
		press(borrowBindings(stateAt(atReview), actions), 'Esc');
		press(borrowBindings(stateAt(atReview), actions), 'n');
		expect(actions.change).toHaveBeenCalledTimes(2);
		const again = stateAt(atReview, {post: {...initialMoneyPost<BorrowRequest, MoneyResult>(), confirmAgain: true}});
		press(borrowBindings(again, actions), 'Esc');
		expect(actions.decline).toHaveBeenCalledTimes(1);
		expect(actions.change).toHaveBeenCalledTimes(2);
	});

	it('g on the review shows the chart (7 days), t switches to 30 and back, g or Esc hide it; y still sends the values', () => {
		const actions = actionsFor();
		const rows = borrowBindings(stateAt(atReview), actions);
		press(rows, 'g');
		expect(actions.showChart).toHaveBeenLastCalledWith(7);
		const shown = borrowBindings(stateAt(atReview, {chart: 7}), actions);
		// Esc first hides the chart; the review's own Esc (back to change the values) is not reachable meanwhile.
		expect(keysOf(shown)).toEqual(['Esc', 'y', 'Y', 'n', 'N', 'Enter', 'g', 't']);
		press(shown, 't');
		expect(actions.showChart).toHaveBeenLastCalledWith(30);
		press(borrowBindings(stateAt(atReview, {chart: 30}), actions), 't');
		expect(actions.showChart).toHaveBeenLastCalledWith(7);
		press(shown, 'Esc');
		expect(actions.showChart).toHaveBeenLastCalledWith(undefined);
		expect(actions.change).not.toHaveBeenCalled();
		press(shown, 'g');
		expect(actions.showChart).toHaveBeenCalledTimes(5);
		expect(actions.showChart).toHaveBeenLastCalledWith(undefined);
		expect(pressIn(shown, 'y')).toBe(true);
		expect(actions.confirm).toHaveBeenCalledTimes(1);
		// The footer names the chart's keys.
		expect(footerKeys(rows).map((hint) => `${hint.keys} ${hint.action}`)).toContain('g chart');
		expect(footerKeys(shown).map((hint) => `${hint.keys} ${hint.action}`)).toEqual(expect.arrayContaining(['Esc hide chart', 't 30 days']));
		// Once the request is out, the chart's keys are gone.
		const posting = stateAt(atReview, {chart: 7, post: {...initialMoneyPost<BorrowRequest, MoneyResult>(), phase: 'posting', attempt: 1}});
		expect(keysOf(borrowBindings(posting, actions))).toEqual(['Esc']);
	});

	it('while the borrow is out no key acts; on the result c copies the order ID and Enter or Esc go home', () => {
		const actions = actionsFor();
		const posting = stateAt(atReview, {post: {...initialMoneyPost<BorrowRequest, MoneyResult>(), phase: 'posting', attempt: 1}});
		expect(keysOf(borrowBindings(posting, actions))).toEqual(['Esc']);
		expect(borrowInputMode(posting)).toBe('busy');
		press(borrowBindings(posting, actions), 'Esc');
		expect(actions.back).not.toHaveBeenCalled();
		const done = stateAt(atReview, {post: {...initialMoneyPost<BorrowRequest, MoneyResult>(), phase: 'done', attempt: 1}});
		const rows = borrowBindings(done, actions);
		expect(keysOf(rows)).toEqual(['c', 'Enter', 'Esc']);
		press(rows, 'c');
		expect(actions.copyOrderId).toHaveBeenCalledTimes(1);
		press(rows, 'Esc');
		expect(actions.home).toHaveBeenCalledTimes(1);
	});
});
