import {describe, expect, it} from 'vitest';
import {initialPlan, periodsOf, planReducer, type PlanAction, type PlanState} from '../../source/screens/plan/reducer.js';
import {initialWizard} from '../../source/screens/borrow/reducer.js';

const run = (state: PlanState, ...actions: PlanAction[]) => actions.reduce(planReducer, state);
const typed = (text: string): PlanAction[] => [...text].map((char) => ({type: 'text', edit: {op: 'insert', text: char}}) as PlanAction);

describe('the plan reducer', () => {
	it('the form: loan coin, amount, periods in turn; the periods cycle through all three and each one', () => {
		let state = run(initialPlan, ...typed('usdt'), {type: 'complete', coins: []}, ...typed('10000'));
		expect(state).toMatchObject({loanCoin: 'usdt', loanAmount: '10000', focus: 'loanAmount'});
		state = run(state, {type: 'move', by: 1});
		expect(state.focus).toBe('periods');
		expect(run(state, {type: 'periods', move: {type: 'cycle', by: 1}}).periods).toBe('SEVEN');
		expect(run(state, {type: 'periods', move: {type: 'cycle', by: -1}}).periods).toBe('FLEXIBLE');
		expect(run(state, {type: 'periods', move: {type: 'pick', index: 2}}).periods).toBe('THIRTY');
		expect(periodsOf('ALL')).toEqual(['SEVEN', 'THIRTY', 'FLEXIBLE']);
		expect(periodsOf('THIRTY')).toEqual(['THIRTY']);
		// Typing in the periods field changes nothing.
		expect(run(state, ...typed('x'))).toBe(state);
	});

	it('a refusal puts the focus on the field to change and goes once the value changes', () => {
		const state = run(initialPlan, ...typed('USDT'), {type: 'move', by: 1}, ...typed('1'), {type: 'refuse', field: 'loanAmount', message: 'below the minimum'});
		expect(state).toMatchObject({focus: 'loanAmount', refusal: 'below the minimum', selected: true});
		expect(run(state, ...typed('5')).refusal).toBeUndefined();
		expect(run(state, {type: 'refuse', field: 'loanCoin', message: 'not loanable'}).focus).toBe('loanCoin');
	});

	it('start: the values asked (the coin upper-cased), a new run, the list from its top; e goes back to the amount', () => {
		const form = run(initialPlan, ...typed(' usdt '), {type: 'move', by: 1}, ...typed('1000'));
		const started = run(form, {type: 'start'});
		expect(started).toMatchObject({focus: 'list', asked: {loanCoin: 'USDT', loanAmount: '1000', periods: 'ALL'}, run: 1, highlighted: 0, top: 0});
		expect(run(started, {type: 'start'}).run).toBe(2);
		const edited = run(started, {type: 'edit'});
		expect(edited).toMatchObject({focus: 'loanAmount', selected: true, asked: started.asked});
		expect(run(form, {type: 'edit'})).toBe(form);
	});

	it('the window follows the highlighted row; a sort (cost → safety → chance → cost) starts again from the top', () => {
		let state = run(initialPlan, {type: 'start'});
		state = run(state, {type: 'highlight', to: 8, count: 30, page: 7});
		expect(state).toMatchObject({highlighted: 8, top: 2});
		state = run(state, {type: 'highlight', to: 100, count: 30, page: 7});
		expect(state).toMatchObject({highlighted: 29, top: 23});
		state = run(state, {type: 'highlight', to: 20, count: 30, page: 7});
		expect(state).toMatchObject({highlighted: 20, top: 20});
		expect(run(state, {type: 'highlight', to: -5, count: 30, page: 7})).toMatchObject({highlighted: 0, top: 0});
		expect(run(state, {type: 'highlight', to: 3, count: 0, page: 7})).toBe(state);
		const sorted = run(state, {type: 'sort'});
		expect(sorted).toMatchObject({sort: 'safety', highlighted: 0, top: 0});
		const byChance = run(sorted, {type: 'sort'});
		expect(byChance.sort).toBe('chance');
		expect(run(byChance, {type: 'sort'}).sort).toBe('cost');
	});
});

describe('the borrow wizard from a plan', () => {
	it('an amount to borrow opens the loan-amount mode on the amount step', () => {
		const state = initialWizard({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', loanAmount: '10000'});
		expect(state).toMatchObject({
			step: 'amount',
			values: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', amountMode: 'loan', amount: '10000'},
			otherAmount: '',
		});
		expect(initialWizard({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'}).values.amountMode).toBe('pledge');
	});
});
