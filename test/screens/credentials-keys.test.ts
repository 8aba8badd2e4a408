// The Credentials screen's keys (source/screens/credentials/keys.ts) without rendering: each mode's rows, what the
// footer says, and which action each key runs.
import {describe, expect, it, vi} from 'vitest';
import {pressIn} from '../helpers/key-table.js';
import {footerKeys, helpRows, type Binding} from '../../source/ui/keys/binding.js';
import {credentialsBindings, type CredentialsKeyState} from '../../source/screens/credentials/keys.js';
import type {CredentialsActions} from '../../source/screens/credentials/use-credentials.js';

function spies(): CredentialsActions {
	return {move: vi.fn(), choose: vi.fn(), pick: vi.fn(), remove: vi.fn(), keep: vi.fn()};
}

const NO_FORM: Binding[] = [];

function press(state: CredentialsKeyState, actions: CredentialsActions, sequence: string, form = NO_FORM): boolean {
	return pressIn(credentialsBindings(state, actions, form), sequence);
}

const footer = (state: CredentialsKeyState) => footerKeys(credentialsBindings(state, spies(), NO_FORM)).map((hint) => `${hint.keys} ${hint.action}`);

describe('credentials keys', () => {
	it('on the menu: ↑/↓ (or k/j) move with two items, Enter selects, a digit picks that item', () => {
		const actions = spies();
		const menu: CredentialsKeyState = {mode: 'menu', items: 2};
		for (const sequence of ['j', '\u001B[B', 'k', '\r', '2']) expect(press(menu, actions, sequence), sequence).toBe(true);
		expect(vi.mocked(actions.move).mock.calls).toEqual([[1], [1], [-1]]);
		expect(actions.choose).toHaveBeenCalledTimes(1);
		expect(actions.pick).toHaveBeenCalledWith(1);
		expect(press(menu, actions, '3')).toBe(false);
		expect(press(menu, actions, '\u001B')).toBe(false);
		expect(footer(menu)).toEqual(['↑/↓ choose', 'Enter select']);
		expect(helpRows(credentialsBindings(menu, actions, NO_FORM)).map((row) => row.keys)).toEqual(['↑/k', '↓/j', 'Enter', '1-2']);
	});

	it('a menu of one item does not move', () => {
		const actions = spies();
		const one: CredentialsKeyState = {mode: 'menu', items: 1};
		expect(press(one, actions, 'j')).toBe(false);
		expect(press(one, actions, '1')).toBe(true);
		expect(actions.pick).toHaveBeenCalledWith(0);
		expect(footer(one)).toEqual(['Enter select']);
	});

	it('asked to remove: y or Y removes, n, N or Esc keeps them', () => {
		const actions = spies();
		const asked: CredentialsKeyState = {mode: 'confirm-remove', items: 2};
		for (const sequence of ['y', 'Y']) press(asked, actions, sequence);
		for (const sequence of ['n', 'N', '\u001B']) press(asked, actions, sequence);
		expect(actions.remove).toHaveBeenCalledTimes(2);
		expect(actions.keep).toHaveBeenCalledTimes(3);
		expect(press(asked, actions, '\r')).toBe(false);
		expect(footer(asked)).toEqual(['y remove', 'n keep', 'Esc back to the menu (they are kept)']);
	});

	it('while removing, Esc is taken and does nothing; while entering new ones, the form has the keys', () => {
		const actions = spies();
		expect(press({mode: 'removing', items: 2}, actions, '\u001B')).toBe(true);
		expect(press({mode: 'removing', items: 2}, actions, 'j')).toBe(false);
		expect(Object.values(actions).every((action) => vi.mocked(action).mock.calls.length === 0)).toBe(true);
		const cancel = vi.fn();
		const form: Binding[] = [{keys: ['Esc'], description: 'cancel', footer: 1, handler: cancel}];
		expect(press({mode: 'replace', items: 2}, actions, '\u001B', form)).toBe(true);
		expect(cancel).toHaveBeenCalledTimes(1);
		expect(press({mode: 'replace', items: 2}, actions, 'y', form)).toBe(false);
		expect(actions.remove).not.toHaveBeenCalled();
	});
});
