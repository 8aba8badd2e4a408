// The ? help in a real terminal, at the smallest size loan-tui supports and at a large one: the screen's key table
// and the shell's, one row per key, every line inside the box, rows that do not fit scrolled to, never cut silently.
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

/** The rows inside the help box: "│ keys  what they do │". */
function helpRows(screen: string): string[] {
	const lines = screen.split('\n');
	const top = lines.findIndex((line) => line.includes('Keys — '));
	const rows: string[] = [];
	for (const line of lines.slice(top + 1)) {
		if (line.startsWith('╰')) break;
		rows.push(line.replace(/^│ ?/, '').replace(/ *│\s*$/, ''));
	}
	return rows;
}

const isKeyRow = (row: string) => /^\S.*? {2,}\S/.test(row) && !/^(↑|↓) \d+ (above|more)|^Esc or \? closes/.test(row);

describe.skipIf(tmuxMissing)(`the help overlay${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	const openHistoryHelp = async (columns: number, rows: number) => {
		tmux = Tmux.start(`node ${CLI} --demo`, {columns, rows});
		await tmux.waitFor('? this help');
		await tmux.send('5');
		await tmux.waitFor(/page 1 of|No .* in the last/);
		await tmux.send('?');
		return tmux.waitFor('Keys — History');
	};

	it('at 200x50 lists every key once, the title first, and the footer says how to close it', async () => {
		const screen = await openHistoryHelp(200, 50);
		const rows = helpRows(screen);
		expect(rows.at(-1)).toBe('Esc or ? closes this help');
		const keys = rows.filter(isKeyRow);
		expect(new Set(keys).size).toBe(keys.length);
		for (const expected of ['←/Shift+Tab', '→/Tab', '1-4', '+', '-', 'Ctrl+R', '?', 'q', 'Esc', 'Ctrl+C']) {
			expect(
				keys.some((row) => row.startsWith(`${expected} `)),
				`a row for ${expected}:\n${keys.join('\n')}`,
			).toBe(true);
		}
		expect(keys.find((row) => row.startsWith('Ctrl+R '))).toMatch(/^Ctrl\+R\s+read again$/);
		const footer = screen.trimEnd().split('\n').at(-1)!;
		expect(footer).toMatch(/Esc\/\? close help/);
		expect(footer).not.toMatch(/Esc quit|Esc back/);
	});

	it('at 60x16 fits the box, says what is cut, and scrolls to every row', async () => {
		const all = helpRows(await openHistoryHelp(200, 50)).filter(isKeyRow);
		tmux!.kill();
		let screen = await openHistoryHelp(60, 16);
		for (const line of screen.split('\n')) expect([...line].length).toBeLessThanOrEqual(60);
		expect(screen).toContain('Keys — History');
		expect(screen).toMatch(/↓ \d+ more/);
		const seen = new Set(helpRows(screen).filter(isKeyRow));
		// Scroll to the bottom, a key at a time, until nothing more is below.
		for (let i = 0; i < all.length && /↓ \d+ more/.test(screen); i++) {
			screen = await tmux!.send('Down');
			for (const row of helpRows(screen).filter(isKeyRow)) seen.add(row);
		}
		expect(screen).toMatch(/↑ \d+ above/);
		expect(screen).not.toMatch(/↓ \d+ more/);
		// Every row of the full list was shown, cut at the box's edge where it is wider.
		for (const row of all)
			expect(
				[...seen].some((shown) => row.startsWith(shown.replace(/…$/, '')) || shown.startsWith(row)),
				`row never shown: ${row}`,
			).toBe(true);
		await tmux!.send('Escape');
		await tmux!.waitFor(/page 1 of|No .* in the last/);
	});
});
