import {describe, expect, it, vi} from 'vitest';
import {bindingFor, dispatchKey, footerKeys, helpRows, specLabel, specMatches, type Binding} from '../../source/ui/keys/binding.js';
import {parseKey} from '../../source/ui/keys/parse-key.js';
import {GLOBAL_KEYS, copyBinding, refreshBinding} from '../../source/ui/keys/shared-bindings.js';

const k = (sequence: string) => parseKey(sequence);
const matches = (spec: string, sequence: string) => {
	const {input, key} = k(sequence);
	return specMatches(spec, input, key);
};

describe('key specs', () => {
	it('name each key exactly', () => {
		expect(matches('Enter', '\r')).toBe(true);
		expect(matches('Esc', '\u001B')).toBe(true);
		expect(matches('Tab', '\t')).toBe(true);
		expect(matches('Tab', '\u001B[Z')).toBe(false);
		expect(matches('Shift+Tab', '\u001B[Z')).toBe(true);
		expect(matches('Up', '\u001B[A')).toBe(true);
		expect(matches('PgDn', '\u001B[6~')).toBe(true);
		expect(matches('Space', ' ')).toBe(true);
		expect(matches('Ctrl+r', '\u0012')).toBe(true);
		expect(matches('r', '\u0012')).toBe(false);
		expect(matches('y', 'y')).toBe(true);
		expect(matches('y', 'Y')).toBe(false);
		expect(matches('y', '\u001By')).toBe(false);
		expect(matches('1-4', '3')).toBe(true);
		expect(matches('1-4', '5')).toBe(false);
		expect(matches('text', 'x')).toBe(true);
		expect(matches('text', '\u001B')).toBe(false);
	});

	it('fail loudly on a spec that names no key', () => {
		expect(() => matches('Ctrl+Shift+Q', 'q')).toThrow(/names no key/);
		expect(() => matches('Enterr', '\r')).toThrow(/names no key/);
	});

	it('read as the help writes them', () => {
		expect(['Up', 'Down', 'Left', 'Right', 'Ctrl+r', 'PgDn', 'y'].map(specLabel)).toEqual(['↑', '↓', '←', '→', 'Ctrl+R', 'PgDn', 'y']);
	});
});

describe('a key table', () => {
	const next = vi.fn();
	const previous = vi.fn();
	const reload = vi.fn();
	const hidden = vi.fn();
	const table: Binding[] = [
		{keys: ['Right', 'Tab'], description: 'next history', group: 'history', footer: 1, handler: next},
		{keys: ['Left', 'Shift+Tab'], description: 'previous history', group: 'history', footer: 1, handler: previous},
		{keys: ['x'], description: 'not now', when: false, handler: hidden},
		refreshBinding(reload, 'read again', 2),
	];

	it('dispatches a key to the first row that applies and names it, and says when no row does', () => {
		expect(dispatchKey(table, '', k('\t').key)).toBe(true);
		expect(next).toHaveBeenCalledTimes(1);
		expect(dispatchKey(table, 'r', k('\u0012').key)).toBe(true);
		expect(reload).toHaveBeenCalledTimes(1);
		expect(dispatchKey(table, 'x', k('x').key)).toBe(false);
		expect(hidden).not.toHaveBeenCalled();
		expect(bindingFor(table, 'z', k('z').key)).toBeUndefined();
	});

	it('makes the help (every row that applies, once) and the footer (groups as one hint) from the same rows', () => {
		expect(helpRows(table)).toEqual([
			{keys: '→/Tab', action: 'next history'},
			{keys: '←/Shift+Tab', action: 'previous history'},
			{keys: 'Ctrl+R', action: 'read again'},
		]);
		expect(footerKeys(table)).toEqual([
			{keys: '→/←', action: 'history', footer: 1},
			{keys: 'Ctrl+R', action: 'read again', footer: 2},
		]);
		expect(helpRows([...table, ...table])).toHaveLength(3);
	});

	it('shares the shell keys and the copy row', () => {
		expect(GLOBAL_KEYS.map((row) => row.keys)).toEqual(['Esc', 'q', '?', 'Ctrl+C']);
		const copy = vi.fn();
		expect(helpRows([copyBinding('order ID', copy)])).toEqual([{keys: 'c', action: 'copy the order ID'}]);
	});
});
