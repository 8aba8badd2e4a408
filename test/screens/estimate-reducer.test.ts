import {describe, expect, it} from 'vitest';
import {
	estimateFormReducer,
	initialEstimateForm,
	restoredEstimateForm,
	type EstimateFormAction,
	type EstimateFormState,
} from '../../source/screens/estimate/reducer.js';
import {suggestCoins} from '../../source/ui/fields/coin-rules.js';

const run = (state: EstimateFormState, ...actions: EstimateFormAction[]) => actions.reduce(estimateFormReducer, state);
const coins = ['BTC', 'BTCX', 'ETH', 'USDC', 'USDT'];

describe('estimate form', () => {
	it('moves through the fields in order, wrapping, and remembers visited fields', () => {
		const focus: string[] = [];
		let state = initialEstimateForm;
		for (let i = 0; i < 5; i++) {
			state = run(state, {type: 'move', by: 1});
			focus.push(state.focus);
		}
		expect(focus).toEqual(['pledgeCoin', 'daily', 'pledgeAmount', 'loanCoin', 'pledgeCoin']);
		expect(state.visited).toEqual(['loanCoin', 'pledgeCoin', 'daily', 'pledgeAmount']);
		expect(run(initialEstimateForm, {type: 'move', by: -1}).focus).toBe('pledgeAmount');
	});

	it('edits the focused field and completes coins on Enter', () => {
		let state = run(initialEstimateForm, {type: 'text', edit: {op: 'insert', text: 'us'}}, {type: 'suggest', by: -1, coins}, {type: 'submit-field', coins});
		expect(state).toMatchObject({loanCoin: 'USDT', focus: 'pledgeCoin', cursor: 0});
		state = run(state, {type: 'text', edit: {op: 'insert', text: 'btc'}}, {type: 'submit-field', coins});
		expect(state).toMatchObject({pledgeCoin: 'BTC', focus: 'daily'});
		state = run(state, {type: 'select-period', move: {type: 'cycle', by: -1}}, {type: 'move', by: 1});
		expect(state).toMatchObject({daily: 'FLEXIBLE', focus: 'pledgeAmount'});
		state = run(state, {type: 'text', edit: {op: 'insert', text: '1.5'}}, {type: 'text', edit: {op: 'backspace'}});
		expect(state.pledgeAmount).toBe('1.');
		expect(run(state, {type: 'submit-field', coins}).focus).toBe('loanCoin');
	});

	it('suggests known coins: exact first, then by prefix, then containing', () => {
		expect(suggestCoins(coins, 'btc')).toEqual(['BTC', 'BTCX']);
		expect(suggestCoins(coins, 'U')).toEqual(['USDC', 'USDT']);
		expect(suggestCoins(coins, '')).toEqual([]);
		expect(suggestCoins(coins, 'x')).toEqual(['BTCX']);
		expect(suggestCoins(coins, 'q')).toEqual([]);
	});
});

describe('estimate form by loan amount', () => {
	it('Ctrl+T switches the amount field; each amount keeps its own value', () => {
		// Focus on the amount: it stays on the amount, the other one, with its value selected on arrival.
		let state = run(initialEstimateForm, {type: 'move', by: -1}, {type: 'text', edit: {op: 'insert', text: '1.5'}});
		expect(state).toMatchObject({focus: 'pledgeAmount', pledgeAmount: '1.5', amountMode: 'pledge'});
		state = run(state, {type: 'toggle-mode'});
		expect(state).toMatchObject({focus: 'loanAmount', amountMode: 'loan', loanAmount: '', pledgeAmount: '1.5', cursor: 0});
		state = run(state, {type: 'text', edit: {op: 'insert', text: '10000'}}, {type: 'toggle-mode'});
		expect(state).toMatchObject({focus: 'pledgeAmount', amountMode: 'pledge', pledgeAmount: '1.5', loanAmount: '10000', cursor: 3, selected: true});
		// Elsewhere, the focus stays where it is.
		expect(run(initialEstimateForm, {type: 'toggle-mode'})).toMatchObject({focus: 'loanCoin', amountMode: 'loan'});
	});

	it('moves through the loan amount in its mode, never the pledge amount', () => {
		const focus: string[] = [];
		let state = run(initialEstimateForm, {type: 'toggle-mode'});
		for (let i = 0; i < 4; i++) {
			state = run(state, {type: 'move', by: 1});
			focus.push(state.focus);
		}
		expect(focus).toEqual(['pledgeCoin', 'daily', 'loanAmount', 'loanCoin']);
		expect(run(initialEstimateForm, {type: 'toggle-mode'}, {type: 'move', by: -1}).focus).toBe('loanAmount');
	});

	it('opens as it was left: the mode and its amount back, focus on the first field still empty', () => {
		expect(restoredEstimateForm({loanCoin: 'USDT', pledgeCoin: 'BTC', amountMode: 'loan', pledgeAmount: '1'})).toMatchObject({
			amountMode: 'loan',
			focus: 'loanAmount',
			pledgeAmount: '1',
			loanAmount: '',
		});
		expect(restoredEstimateForm({loanCoin: 'USDT', pledgeCoin: 'BTC', amountMode: 'loan', loanAmount: '500'})).toMatchObject({
			amountMode: 'loan',
			focus: 'loanCoin',
		});
		expect(restoredEstimateForm({loanCoin: 'USDT', pledgeCoin: 'BTC', loanAmount: '500'})).toMatchObject({amountMode: 'pledge', focus: 'pledgeAmount'});
	});
});
