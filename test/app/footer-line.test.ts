import {describe, expect, it} from 'vitest';
import {footerHints, joinHints} from '../../source/ui/keys/footer-line.js';
import type {KeyHelp} from '../../source/ui/keys/binding.js';

const KEYS: KeyHelp[] = [
	{keys: 'type', action: 'filter', footer: 1},
	{keys: '↑/↓', action: 'move', footer: 1},
	{keys: 'Enter', action: 'details (opens the pair)', footer: 1},
	{keys: 'Ctrl+U', action: 'clear filter', footer: 1},
	{keys: 'Ctrl+R', action: 'reload', footer: 1},
];

describe('footer line', () => {
	it('shows every hint in display order when there is room, without the parenthesised detail', () => {
		expect(joinHints(footerHints(KEYS, 'navigate', 200))).toBe(
			'type filter · ↑/↓ move · Enter details · Ctrl+U clear filter · Ctrl+R reload · Esc back · q quit · ? this help',
		);
	});

	it('drops the least important hints first and never Esc', () => {
		const at60 = joinHints(footerHints(KEYS, 'navigate', 60));
		expect([...at60].length).toBeLessThanOrEqual(60);
		expect(at60).toContain('Esc back');
		expect(at60).toMatch(/^type filter · ↑\/↓ move · Enter details/);
		expect(at60).not.toContain('q quit');
		for (const width of [0, 5, 20, 40]) expect(footerHints(KEYS, 'navigate', width)).toContain('Esc back');
		expect(footerHints(KEYS, 'navigate', 5)).toEqual(['Esc back']);
	});

	it('offers neither q nor ? while a text field has focus or a request is out; Esc says quit on home', () => {
		expect(footerHints(KEYS, 'text', 200)).not.toContain('q quit');
		expect(footerHints(KEYS, 'busy', 200)).toEqual([...KEYS.filter((k) => k.footer).map((k) => `${k.keys} ${k.action.replace(/ \(.*\)$/, '')}`), 'Esc back']);
		expect(footerHints([], 'navigate', 200, {home: true})).toEqual(['Esc quit', 'q quit', '? this help']);
	});

	it("uses a screen's own Esc hint instead of the global one, and never drops it", () => {
		const keys: KeyHelp[] = [
			{keys: 'Esc', action: 'back to review (sending again needs a second y)', footer: 1},
			{keys: 'h', action: 'home', footer: 1},
		];
		expect(footerHints(keys, 'navigate', 200)).toEqual(['Esc back to review', 'h home', 'q quit', '? this help']);
		expect(footerHints(keys, 'navigate', 10)).toEqual(['Esc back to review']);
	});

	it("drops by the rows' footer numbers, keeping the table order on screen", () => {
		const keys: KeyHelp[] = [
			{keys: 'a', action: 'minor', footer: 3},
			{keys: 'b', action: 'major', footer: 1},
		];
		expect(footerHints(keys, 'busy', 200)).toEqual(['a minor', 'b major', 'Esc back']);
		expect(footerHints(keys, 'busy', 20)).toEqual(['b major', 'Esc back']);
	});
});
