// The Loans, loan-detail and History screens' state, transition by transition, without rendering.
import {describe, expect, it} from 'vitest';
import type {OngoingLoan} from '../../source/api/loan-types.js';
import {ongoingLoan} from '../helpers/loans.js';
import {initialLoanBook, loanBookReducer} from '../../source/screens/loans/book-reducer.js';
import {initialLoanList, loanListReducer, selectedIndex, windowStart} from '../../source/screens/loans/list-reducer.js';
import {loanTable} from '../../source/screens/loans/loan-rows.js';
import {tickerBook} from '../../source/loans/prices.js';
import type {Ticker} from '../../source/api/types.js';
import {initialLoanAction, loanActionReducer, type LoanActionState} from '../../source/screens/loan/reducer.js';
import {loanRequestBody, loanRequestOf} from '../../source/screens/loan/loan-request.js';
import {historyReducer, initialHistory} from '../../source/screens/history/reducer.js';

const loan = (orderId: string, pledgeRate: string, extra: Partial<OngoingLoan> = {}): OngoingLoan =>
	ongoingLoan({orderId, loanAmount: '1000', interestAmount: '2.5', pledgeRate, borrowTime: '1700000000000', ...extra});
const debts = {loanInfos: [{coin: 'USDT', amount: '2005', amountUsdt: '2005'}], pledgeInfos: []};

describe('loan book (what the Loans screen read)', () => {
	it('sorts the loans riskiest first and keeps the time of the read', () => {
		const started = loanBookReducer(initialLoanBook, {type: 'start'});
		expect(started).toMatchObject({loading: true, request: 1});
		const loaded = loanBookReducer(started, {type: 'loaded', request: 1, loans: [loan('1', '0.5'), loan('2', '0.85'), loan('3', '0.7')], debts, at: 42});
		expect(loaded.loans!.map((l) => l.orderId)).toEqual(['2', '3', '1']);
		expect(loaded).toMatchObject({loading: false, updatedAt: 42, debts});
	});

	it('drops a late answer of an older read, and keeps the loans when a refresh fails', () => {
		let state = loanBookReducer(initialLoanBook, {type: 'start'});
		state = loanBookReducer(state, {type: 'loaded', request: 1, loans: [loan('1', '0.5')], debts, at: 1});
		state = loanBookReducer(state, {type: 'start'});
		state = loanBookReducer(state, {type: 'start'});
		expect(loanBookReducer(state, {type: 'loaded', request: 2, loans: [], debts, at: 2})).toBe(state);
		const failed = loanBookReducer(state, {type: 'failed', request: 3, error: new Error('down')});
		expect(failed.loans!.map((l) => l.orderId)).toEqual(['1']);
		expect(failed).toMatchObject({loading: false, updatedAt: 1});
		expect((failed.error as Error).message).toBe('down');
	});

	it('keeps the totals of the read before when only debts failed, and says so', () => {
		let state = loanBookReducer(initialLoanBook, {type: 'start'});
		state = loanBookReducer(state, {type: 'loaded', request: 1, loans: [], debts, at: 1});
		state = loanBookReducer(state, {type: 'start'});
		state = loanBookReducer(state, {type: 'loaded', request: 2, loans: [], debts: {error: new Error('no totals')}, at: 2});
		expect(state.debts).toBe(debts);
		expect((state.debtsError as Error).message).toBe('no totals');
	});
});

describe('loan list (selection and window)', () => {
	const ids = ['a', 'b', 'c', 'd', 'e'];
	it('moves by order id and keeps the selection inside the window', () => {
		let state = initialLoanList();
		expect(selectedIndex(state, ids)).toBe(0);
		state = loanListReducer(state, {type: 'move', by: 3, ids, pageSize: 2});
		expect(state).toMatchObject({selected: 'd', offset: 2});
		state = loanListReducer(state, {type: 'move', by: 10, ids, pageSize: 2});
		expect(state).toMatchObject({selected: 'e', offset: 3});
		state = loanListReducer(state, {type: 'first', ids});
		expect(state).toMatchObject({selected: 'a', offset: 0});
		expect(loanListReducer(state, {type: 'last', ids, pageSize: 2})).toMatchObject({selected: 'e', offset: 3});
	});

	it('follows the selected loan when a refresh reorders the list; falls back to the first when it is gone', () => {
		const state = initialLoanList('c');
		expect(selectedIndex(state, ['c', 'a', 'b'])).toBe(0);
		expect(selectedIndex(state, ['a', 'b', 'c'])).toBe(2);
		expect(selectedIndex(state, ['a', 'b'])).toBe(0);
		expect(windowStart(4, 0, 5, 2)).toBe(3);
		expect(windowStart(0, 3, 5, 2)).toBe(0);
	});

	it('toggles the sent-from-here section', () => {
		expect(loanListReducer(initialLoanList(), {type: 'toggle-sent'}).showSent).toBe(true);
	});
});

describe('loan table', () => {
	it('every amount at its coin precision, right-aligned, risk as a symbol and a word, gauge with the numbers', () => {
		const loans = [loan('1130000000000000002', '0.75', {loanAmount: '23400', interestAmount: '0.819'}), loan('1130000000000000001', '0.5')];
		const table = loanTable(loans, Date.parse('2023-11-14T22:13:20Z'), 140);
		expect(table.header).toHaveLength(1);
		expect(table.header[0]).toMatch(/^RISK\s+BORROWED\s+INTEREST\s+APR\s+HOURLY\s+COLLATERAL\s+EXPIRES\s+ORDER$/);
		const [first, second] = table.rows;
		expect(first!.figures).toHaveLength(1);
		expect(first!.figures[0]).toMatch(
			/^▵ WARN\s+23,400\.0000 USDT\s+0\.8190\s+5\.40%\s+0\.000617%\s+0\.10000000 BTC\s+none \(flexible\)\s+1130000000000000002$/,
		);
		expect(second!.figures[0]).toMatch(/^✓ ok\s+1,000\.0000 USDT\s+2\.5000\s/);
		// Same column, same width: the amounts end where the heading ends.
		expect(first!.figures[0]!.indexOf('23,400.0000 USDT') + '23,400.0000 USDT'.length).toBe(
			second!.figures[0]!.indexOf('1,000.0000 USDT') + '1,000.0000 USDT'.length,
		);
		expect(first!.gauge).toEqual([expect.stringContaining('LTV 75.00% / call 80.00% / liq 90.00% · falls: 6.25% to call, 16.67% to liq')]);
		// 100 columns: one line, the order id left out rather than cut.
		const wide = loanTable(loans, 0, 100);
		expect(wide.rows[0]!.figures).toHaveLength(1);
		expect(wide.rows[0]!.figures[0]).not.toContain('113000');
		// 60 columns: the figures and the gauge take two lines each, nothing cut off.
		const narrow = loanTable(loans, 0, 60);
		expect(narrow.header).toHaveLength(2);
		expect(narrow.rows[0]!.figures).toHaveLength(2);
		expect(narrow.rows[0]!.figures[1]).toMatch(/0\.000617%\s+0\.10000000 BTC\s+none \(flexible\)$/);
		expect(narrow.rows[0]!.gauge[1]).toBe('falls: 6.25% to call, 16.67% to liq');
		for (const line of [...narrow.header, ...narrow.rows.flatMap((row) => [...row.figures, ...row.gauge])]) expect(line.length + 4).toBeLessThanOrEqual(60);
	});

	it("with prices: today's, the margin-call and the liquidation price as columns, left out least needed first", () => {
		const loans = [loan('1130000000000000002', '0.75', {loanAmount: '23400', interestAmount: '0.819'}), loan('1130000000000000001', '0.5')];
		const book = tickerBook([{symbol: 'BTCUSDT', lastPr: '90000', ts: '1000'}] as Ticker[]);
		const prices = {read: {ok: true as const, book}, now: 4000};
		// 90,000 × 75 / 80 and 90,000 × 75 / 90.
		const wide = loanTable(loans, 0, 200, prices);
		expect(wide.header[0]).toMatch(/COLLATERAL\s+PRICE\s+CALL AT\s+LIQ AT\s+CHANCE\s+EXPIRES\s+ORDER$/);
		// The marks from the loan's own figures: 23,400.819 owed ÷ (0.1 BTC × 80 %) and ÷ (0.1 BTC × 90 %).
		expect(wide.rows[0]!.figures[0]).toMatch(/0\.10000000 BTC\s+90,000\.0000\s+292,510\.2375\s+260,009\.1000\s+\S+\s+none/);
		// Narrower: the order id goes first, then the margin-call price, the hourly rate, today's price; the liquidation
		// price stays.
		const widths = [200, 100, 90, 80, 70, 60].map((columns) => loanTable(loans, 0, columns, prices));
		const shown = widths.map((table) => ['ORDER', 'CALL AT', 'HOURLY', 'PRICE', 'LIQ AT'].filter((heading) => table.header.join(' ').includes(heading)));
		for (const [i, headings] of shown.entries()) if (i > 0) expect(shown[i - 1]).toEqual(expect.arrayContaining(headings));
		expect(shown.at(-1)).toEqual(['LIQ AT']);
		for (const table of widths.slice(1))
			for (const line of [...table.header, ...table.rows.flatMap((row) => row.figures)]) expect(line.length + 4).toBeLessThanOrEqual(100);
		const narrow = loanTable(loans, 0, 60, prices);
		// On screen a figures line follows the list's two-column indent (loan-rows.ts INDENT) and keeps the last column free.
		for (const line of [...narrow.header, ...narrow.rows.flatMap((row) => row.figures)]) expect(line.length + 2, line).toBeLessThanOrEqual(59);
		// Failing tickers, and a coin with no price: said in the cells.
		expect(loanTable(loans, 0, 200, {read: {ok: false, problem: 'HTTP 500'}, now: 0}).rows[0]!.figures[0]).toMatch(/unavailable\s+unavailable\s+unavailable/);
		expect(loanTable(loans, 0, 200, {read: {ok: true, book: tickerBook([])}, now: 0}).rows[0]!.figures[0]).toMatch(/no price\s+no price\s+no price/);
	});
});

describe('loan actions (repay, add, withdraw) up to the review', () => {
	const current = loan('1130000000000000001', '0.7', {pledgeAmount: '1', loanAmount: '18760', interestAmount: '1.157492'});
	const type = (state: LoanActionState, text: string) => loanActionReducer(state, {type: 'text', edit: {op: 'insert', text}});

	it('repay all goes straight to the review and releases the collateral', () => {
		let state = loanActionReducer(initialLoanAction, {type: 'start', action: 'repay'});
		expect(state.step).toBe('repay-mode');
		state = loanActionReducer(state, {type: 'submit', loan: current});
		expect(state).toMatchObject({step: 'review', repayAll: true, unlock: true});
		expect(loanRequestBody(loanRequestOf(state, current))).toBe('{"orderId":"1130000000000000001","repayAll":"yes","repayUnlock":"yes"}');
		expect(loanActionReducer(state, {type: 'back'}).step).toBe('repay-mode');
	});

	it('repay part: amount, then keep the collateral, then the review; back retraces the steps', () => {
		let state = loanActionReducer(initialLoanAction, {type: 'start', action: 'repay'});
		state = loanActionReducer(state, {type: 'select', move: {type: 'cycle', by: 1}});
		state = loanActionReducer(state, {type: 'submit', loan: current});
		expect(state.step).toBe('amount');
		state = loanActionReducer(type(state, '100'), {type: 'submit', loan: current});
		expect(state.step).toBe('repay-unlock');
		state = loanActionReducer(state, {type: 'select', move: {type: 'cycle', by: 1}});
		state = loanActionReducer(state, {type: 'submit', loan: current});
		expect(state).toMatchObject({step: 'review', repayAll: false, unlock: false, amount: '100'});
		expect(loanRequestBody(loanRequestOf(state, current))).toBe('{"orderId":"1130000000000000001","repayAll":"no","amount":"100","repayUnlock":"no"}');
		expect(loanActionReducer(state, {type: 'back'}).step).toBe('repay-unlock');
		expect(loanActionReducer(loanActionReducer(state, {type: 'back'}), {type: 'back'})).toMatchObject({step: 'amount', amount: '100'});
	});

	it('refuses here a repayment above what is owed, and an amount that is not a number', () => {
		let state = loanActionReducer(initialLoanAction, {type: 'start', action: 'repay'});
		state = loanActionReducer(loanActionReducer(state, {type: 'select', move: {type: 'pick', index: 1}}), {type: 'submit', loan: current});
		const tooMuch = loanActionReducer(type(state, '20000'), {type: 'submit', loan: current});
		expect(tooMuch).toMatchObject({step: 'amount'});
		expect(tooMuch.error).toContain('more than the 18,761.1575 USDT owed');
		// In the app's words: its way to all of it (back a step, the first choice), never the CLI's flag.
		expect(tooMuch.error).toContain('repay all of it instead (Esc, then choose All)');
		expect(tooMuch.error).not.toContain('--');
		expect(loanActionReducer(loanActionReducer(tooMuch, {type: 'back'}), {type: 'select', move: {type: 'pick', index: 0}})).toMatchObject({
			step: 'repay-mode',
			repayAll: true,
		});
		expect(loanActionReducer(type(state, 'abc'), {type: 'submit', loan: current}).step).toBe('amount');
		// Typing clears the message.
		expect(type(tooMuch, '1').error).toBeUndefined();
	});

	it('the amount step counts the interest by the time it is sent, as the review does: the hours started since the read', () => {
		const HOUR = 3_600_000;
		const borrowTime = 1_800_000_000_000;
		// 10,000 USDT read at 2 h 30 min: three hours charged, 0.07 USDT each; read again 2 h later, two more have started.
		const loan = ongoingLoan({loanAmount: '10000', interestAmount: '0.21', hourInterestRate: '0.000007', borrowTime: String(borrowTime)});
		const readAt = borrowTime + 2.5 * HOUR;
		const now = readAt + 2 * HOUR;
		let state = loanActionReducer(initialLoanAction, {type: 'start', action: 'repay'});
		state = loanActionReducer(state, {type: 'select', move: {type: 'pick', index: 1}});
		state = loanActionReducer(state, {type: 'submit', loan, now, readAt});
		// 10,000.35 is more than owed as read (10,000.21) but what is owed by the time it is sent.
		expect(loanActionReducer(type(state, '10000.35'), {type: 'submit', loan, now, readAt})).toMatchObject({step: 'repay-unlock', error: undefined});
		expect(loanActionReducer(type(state, '10000.36'), {type: 'submit', loan, now, readAt}).error).toContain('more than the 10,000.3500 USDT owed');
		// Without the times, the interest as read.
		expect(loanActionReducer(type(state, '10000.35'), {type: 'submit', loan}).error).toContain('more than the 10,000.2100 USDT owed');
	});

	it('withdraw: refused here at or above the margin-call LTV; a smaller one reaches the review', () => {
		let state = loanActionReducer(initialLoanAction, {type: 'start', action: 'withdraw'});
		expect(state.step).toBe('amount');
		const refused = loanActionReducer(type(state, '0.125'), {type: 'submit', loan: current});
		expect(refused.step).toBe('amount');
		expect(refused.error).toBe('the LTV would be 80.00%, at or above the margin-call LTV of 80.00%');
		state = loanActionReducer(type(state, '0.1'), {type: 'submit', loan: current});
		expect(state.step).toBe('review');
		expect(loanRequestBody(loanRequestOf(state, current))).toBe('{"orderId":"1130000000000000001","amount":"0.1","pledgeCoin":"BTC","reviseType":"OUT"}');
		expect(loanActionReducer(state, {type: 'back'}).step).toBe('amount');
		expect(loanActionReducer(loanActionReducer(state, {type: 'back'}), {type: 'back'})).toEqual(initialLoanAction);
	});

	it('add: any positive amount reaches the review as IN; finish returns to the detail', () => {
		let state = loanActionReducer(initialLoanAction, {type: 'start', action: 'add'});
		state = loanActionReducer(type(state, '0.5'), {type: 'submit', loan: current});
		expect(loanRequestOf(state, current)).toEqual({
			kind: 'revisePledge',
			request: {orderId: current.orderId, amount: '0.5', pledgeCoin: 'BTC', reviseType: 'IN'},
		});
		expect(loanActionReducer(state, {type: 'finish'})).toEqual(initialLoanAction);
		// Another action cannot start in the middle of one.
		expect(loanActionReducer(state, {type: 'start', action: 'repay'})).toBe(state);
	});

	it('m and t: the safety margin and the target LTV typed in points and percent, checked, kept across actions; empty is the default, Esc keeps the old', () => {
		let state = loanActionReducer(initialLoanAction, {type: 'set', setting: 'margin'});
		expect(state).toMatchObject({step: 'margin', amount: ''});
		state = loanActionReducer(type(state, '51'), {type: 'submit', loan: current});
		expect(state).toMatchObject({step: 'margin', error: 'The safety margin is LTV points from 0 to 50, like 5'});
		state = loanActionReducer(loanActionReducer(state, {type: 'text', edit: {op: 'backspace'}}), {type: 'submit', loan: current});
		expect(state).toMatchObject({step: 'view', targets: {safetyMargin: '0.05'}});
		state = loanActionReducer(loanActionReducer(state, {type: 'set', setting: 'target'}), {type: 'text', edit: {op: 'insert', text: '62.5%'}});
		state = loanActionReducer(state, {type: 'submit', loan: current});
		expect(state.targets).toEqual({safetyMargin: '0.05', targetLtv: '0.625'});
		// An action and its end keep them; the field opens with the value set.
		state = loanActionReducer(loanActionReducer(state, {type: 'start', action: 'add'}), {type: 'finish'});
		expect(state.targets).toEqual({safetyMargin: '0.05', targetLtv: '0.625'});
		state = loanActionReducer(state, {type: 'set', setting: 'target'});
		expect(state.amount).toBe('62.5');
		expect(loanActionReducer(type(state, '0'), {type: 'back'}).targets).toEqual({safetyMargin: '0.05', targetLtv: '0.625'});
		state = loanActionReducer(loanActionReducer(state, {type: 'set', setting: 'target'}), {type: 'text', edit: {op: 'clear'}});
		expect(loanActionReducer(state, {type: 'submit', loan: current}).targets).toEqual({safetyMargin: '0.05'});
	});
});

describe('history choices', () => {
	it('switches history, window (30 days by default, 7 to 90) and the record selected; a new choice starts at the first', () => {
		expect(initialHistory).toEqual({tab: 0, days: 30, selected: 0, query: '', cursor: 0, filtering: false});
		let state = historyReducer(initialHistory, {type: 'move', by: 10, count: 30});
		expect(state.selected).toBe(10);
		expect(historyReducer(state, {type: 'move', by: 50, count: 30}).selected).toBe(29);
		expect(historyReducer(state, {type: 'move-to', to: 'last', count: 30}).selected).toBe(29);
		state = historyReducer(state, {type: 'tab', move: {type: 'cycle', by: -1}});
		expect(state).toEqual({...initialHistory, tab: 3});
		state = historyReducer(state, {type: 'days', by: 1});
		expect(state.days).toBe(60);
		state = historyReducer(historyReducer(state, {type: 'days', by: 1}), {type: 'days', by: 1});
		expect(state.days).toBe(90);
		expect(historyReducer(historyReducer(initialHistory, {type: 'days', by: -1}), {type: 'days', by: -1}).days).toBe(7);
	});

	it('typing in the filter starts the selection at the first match', () => {
		let state = historyReducer(initialHistory, {type: 'move', by: 3, count: 9});
		state = historyReducer(historyReducer(state, {type: 'filtering', on: true}), {type: 'text', edit: {op: 'insert', text: 'eth'}});
		expect(state).toMatchObject({query: 'eth', cursor: 3, selected: 0, filtering: true});
	});
});
