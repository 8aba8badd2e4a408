import {describe, expect, it} from 'vitest';
import {estimateFormReducer, initialEstimateForm, type EstimateFormAction, type EstimateFormState} from '../../source/screens/estimate/reducer.js';
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
