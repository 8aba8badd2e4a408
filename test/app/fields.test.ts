// The shared field widgets' state: text field, coin field and the coin rules, choice field.
import {describe, expect, it} from 'vitest';
import {coinFieldReducer, type CoinFieldState} from '../../source/ui/fields/coin-field-state.js';
import {completeCoin, pairProblem, shownSuggestions, suggestCoins} from '../../source/ui/fields/coin-rules.js';
import {nextChoice} from '../../source/ui/fields/choice-field.js';
import {arrivedAt, textFieldPaste, textFieldReducer, type TextFieldState} from '../../source/ui/fields/text-field-state.js';
import {movePeriod, periodBindings, periodForKey} from '../../source/ui/fields/period-choices.js';
import {dispatchKey} from '../../source/ui/keys/binding.js';
import {parseKey} from '../../source/ui/keys/parse-key.js';
import type {Period} from '../../source/api/types.js';

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
		const coins = [
			{coin: 'XLM', online: true},
			{coin: 'XRP', online: false},
			{coin: 'X', online: false},
			{coin: 'AXS', online: true},
			{coin: 'XAI', online: true, loanable: true},
			'SXP',
		];
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

	it('a remembered value steps aside: typing replaces it, Enter keeps it, →/End/←/Home edit it, Backspace edits from the end, Ctrl+W/U clear it', () => {
		const remembered = arrivedAt('USDT');
		expect(remembered).toEqual({value: 'USDT', cursor: 4, selected: true});
		expect(arrivedAt('')).toEqual({value: '', cursor: 0, selected: false});
		const typed = (state: TextFieldState, text: string) =>
			[...text].reduce((s, ch) => textFieldReducer(s, {type: 'edit', edit: {op: 'insert', text: ch}}), state);
		expect(typed(remembered, 'usdc')).toMatchObject({value: 'usdc', cursor: 4});
		expect(typed(remembered, 'usdc').selected).toBeFalsy();
		const end = textFieldReducer(remembered, {type: 'edit', edit: {op: 'end'}});
		expect(end).toEqual({value: 'USDT', cursor: 4, selected: false});
		expect(typed(end, 'E').value).toBe('USDTE');
		expect(textFieldReducer(remembered, {type: 'edit', edit: {op: 'right'}})).toEqual({value: 'USDT', cursor: 4, selected: false});
		expect(typed(textFieldReducer(remembered, {type: 'edit', edit: {op: 'start'}}), 'X').value).toBe('XUSDT');
		expect(textFieldReducer(remembered, {type: 'edit', edit: {op: 'left'}})).toEqual({value: 'USDT', cursor: 0, selected: false});
		expect(textFieldReducer(remembered, {type: 'edit', edit: {op: 'backspace'}})).toEqual({value: 'USD', cursor: 3, selected: false});
		for (const op of ['delete-word', 'clear'] as const)
			expect(textFieldReducer(remembered, {type: 'edit', edit: {op}})).toEqual({value: '', cursor: 0, selected: false});
		expect(textFieldReducer(remembered, textFieldPaste('0.5')!).value).toBe('0.5');
		// The coin field keeps the selection through ↑/↓ and drops it with a completion.
		const coin: CoinFieldState = {...remembered, suggestion: -1};
		expect(coinFieldReducer(coin, {type: 'edit', edit: {op: 'insert', text: 'u'}})).toMatchObject({value: 'u', selected: false});
		expect(coinFieldReducer({...coin, value: 'US'}, {type: 'suggest', by: 1, coins: COINS}).selected).toBe(true);
	});

	it('the period by meaning: 7/s SEVEN, 3/t THIRTY, f FLEXIBLE; "30" ends on THIRTY; ←/→ ↑/↓ move', () => {
		expect(['7', 's', '3', 't', 'f', '0', '1', '2', 'x'].map(periodForKey)).toEqual([
			'SEVEN',
			'SEVEN',
			'THIRTY',
			'THIRTY',
			'FLEXIBLE',
			undefined,
			undefined,
			undefined,
			undefined,
		]);
		expect(movePeriod('SEVEN', -1)).toBe('FLEXIBLE');
		expect(movePeriod('FLEXIBLE', 1)).toBe('SEVEN');
		let period: Period = 'SEVEN';
		let submitted = 0;
		const rows = periodBindings(
			{choose: (chosen) => (period = chosen), move: (by) => (period = movePeriod(period, by)), submit: () => submitted++},
			{submit: 'next'},
		);
		const press = (...sequences: string[]) => {
			for (const sequence of sequences) {
				const {input, key} = parseKey(sequence);
				dispatchKey(rows, input, key);
			}
			return period;
		};
		expect(press('3', '0')).toBe('THIRTY');
		expect(press('7')).toBe('SEVEN');
		expect(press('f')).toBe('FLEXIBLE');
		expect(press('t')).toBe('THIRTY');
		expect(press('s')).toBe('SEVEN');
		expect(press('\u001B[C')).toBe('THIRTY');
		expect(press('\u001B[D', '\u001B[D')).toBe('FLEXIBLE');
		expect(press('\u001B[B')).toBe('SEVEN');
		expect(press('\u001B[A')).toBe('FLEXIBLE');
		expect(press('1', '2')).toBe('FLEXIBLE');
		press('\r');
		expect(submitted).toBe(1);
	});
});
