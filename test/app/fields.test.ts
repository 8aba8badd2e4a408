// The shared field widgets' state: text field, coin field and the coin rules, choice field.
import {describe, expect, it} from 'vitest';
import {coinFieldReducer, type CoinFieldState} from '../../source/ui/fields/coin-field-state.js';
import {completeCoin, pairProblem, shownSuggestions, suggestCoins} from '../../source/ui/fields/coin-rules.js';
import {nextChoice} from '../../source/ui/fields/choice-field.js';
import {textFieldPaste, textFieldReducer} from '../../source/ui/fields/text-field-state.js';

const COINS = ['BTC', 'BGB', 'BTCDOM', 'USDT', 'USDC', 'ETH'];

describe('field widgets', () => {
	it('text field: edits at the cursor, a paste is trimmed text with line breaks as spaces, set puts the cursor at the end', () => {
		let state = textFieldReducer({value: '', cursor: 0}, {type: 'set', value: '0.'});
		expect(state).toEqual({value: '0.', cursor: 2});
		state = textFieldReducer(state, textFieldPaste('5\n')!);
		expect(state).toEqual({value: '0.5', cursor: 3});
		expect(textFieldReducer(state, textFieldPaste('1\n2')!).value).toBe('0.51 2');
		expect(textFieldPaste('\n \r\n')).toBeUndefined();
		expect(textFieldReducer(state, {type: 'edit', edit: {op: 'right'}})).toBe(state);
	});

	it('coin field: ↑/↓ move from no mark and wrap, an edit drops the mark, Enter takes only a marked or exactly typed coin', () => {
		let state: CoinFieldState = {value: 'b', cursor: 1, suggestion: -1};
		expect(suggestCoins(COINS, 'b')).toEqual(['BGB', 'BTC', 'BTCDOM']);
		expect(coinFieldReducer(state, {type: 'complete', coins: COINS})).toBe(state);
		state = coinFieldReducer(state, {type: 'suggest', by: -1, coins: COINS});
		expect(state.suggestion).toBe(2);
		expect(coinFieldReducer(state, {type: 'complete', coins: COINS})).toMatchObject({value: 'BTCDOM', cursor: 6});
		expect(coinFieldReducer(state, {type: 'suggest', by: 1, coins: COINS}).suggestion).toBe(0);
		state = coinFieldReducer(state, {type: 'edit', edit: {op: 'insert', text: 'tc'}});
		expect(state).toMatchObject({value: 'btc', suggestion: -1});
		expect(coinFieldReducer(state, {type: 'complete', coins: COINS}).value).toBe('BTC');
		expect(completeCoin(COINS, 'zzz', -1)).toBeUndefined();
	});

	it('coin rules: exact, then prefix, then containing; online and loanable coins first; x and Enter stays x', () => {
		const coins = [{coin: 'XLM', online: true}, {coin: 'XRP', online: false}, {coin: 'X', online: false}, {coin: 'AXS', online: true}, {coin: 'XAI', online: true, loanable: true}, 'SXP'];
		expect(suggestCoins(coins, 'x')).toEqual(['X', 'XAI', 'XLM', 'XRP', 'AXS']);
		expect(suggestCoins(coins, 'x', 10)).toEqual(['X', 'XAI', 'XLM', 'XRP', 'AXS', 'SXP']);
		expect(suggestCoins(['XLM', 'XRP'], 'x')).toEqual(['XLM', 'XRP']);
		expect(completeCoin(['XLM', 'XRP'], 'x', -1)).toBeUndefined();
		expect(completeCoin(['XLM', 'XRP'], 'x', 1)).toBe('XRP');
		expect(completeCoin(['XLM', 'XRP'], 'xrp', -1)).toBe('XRP');
	});

	it('coin rules: no suggestion row when the only one is what was typed; the two coins of a pair must differ', () => {
		expect(shownSuggestions(COINS, 'eth')).toEqual([]);
		expect(shownSuggestions(COINS, 'us')).toEqual(['USDC', 'USDT']);
		expect(pairProblem('BTC', 'BTC')).toBe('pledge coin must differ from the loan coin');
		expect(pairProblem('USDT', 'BTC')).toBeUndefined();
	});

	it('choice field: cycling wraps, a pick out of range keeps the selection', () => {
		expect(nextChoice(0, 3, {type: 'cycle', by: -1})).toBe(2);
		expect(nextChoice(2, 3, {type: 'cycle', by: 1})).toBe(0);
		expect(nextChoice(1, 3, {type: 'pick', index: 5})).toBe(1);
		expect(nextChoice(1, 3, {type: 'pick', index: 0})).toBe(0);
	});
});
