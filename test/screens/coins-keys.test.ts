// The Coins screen's keys (source/screens/coins/keys.ts) without rendering: scrolling only while the tables do not
// fit, by a line, a page or to either end; Ctrl+R reads again.
import {describe, expect, it, vi} from 'vitest';
import {pressIn} from '../helpers/key-table.js';
import {footerKeys, helpRows} from '../../source/ui/keys/binding.js';
import {coinsBindings, type CoinsKeyState} from '../../source/screens/coins/keys.js';
import type {CoinsActions} from '../../source/screens/coins/use-coins.js';

function spies(): CoinsActions {
	return {scroll: vi.fn(), refresh: vi.fn()};
}

function press(state: CoinsKeyState, actions: CoinsActions, sequence: string): boolean {
	return pressIn(coinsBindings(state, actions), sequence);
}

describe('coins keys', () => {
	it('taller than the terminal: a line, a page, the top or the bottom from where it is', () => {
		const actions = spies();
		const state: CoinsKeyState = {top: 5, pageSize: 12, maxOffset: 30};
		for (const sequence of ['j', '\u001B[B', 'k', '\u001B[A', '\u001B[6~', ' ', '\u001B[5~', 'g', '\u001B[H', 'G', '\u001B[F'])
			expect(press(state, actions, sequence), sequence).toBe(true);
		expect(vi.mocked(actions.scroll).mock.calls).toEqual([[6], [6], [4], [4], [17], [17], [-7], [0], [0], [30], [30]]);
		expect(footerKeys(coinsBindings(state, actions)).map((hint) => `${hint.keys} ${hint.action}`)).toEqual([
			'↑/↓ scroll',
			'PgUp/PgDn page',
			'Ctrl+R read the coins again',
		]);
	});

	it('when everything fits nothing scrolls; Ctrl+R reads again either way', () => {
		const actions = spies();
		const fits: CoinsKeyState = {top: 0, pageSize: 40, maxOffset: 0};
		for (const sequence of ['j', 'k', ' ', 'g', 'G']) expect(press(fits, actions, sequence), sequence).toBe(false);
		expect(press(fits, actions, '\u0012')).toBe(true);
		expect(actions.refresh).toHaveBeenCalledTimes(1);
		expect(actions.scroll).not.toHaveBeenCalled();
		expect(helpRows(coinsBindings(fits, actions))).toEqual([{keys: 'Ctrl+R', action: 'read the coins again'}]);
	});
});
