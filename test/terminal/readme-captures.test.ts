// README's captures of Loans and Coins against the app itself: `--demo` at 100×30, as README says they were taken.
// The figures drift under the demo (prices move), so what is compared is the lines without figures: titles, column
// headers, what a narrow terminal leaves out. A layout change that makes a capture stale fails here.
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** The capture under README's `### heading`, its lines without a figure in them (no decimal, no percentage). */
function headerLines(heading: string): string[] {
	const section = README.slice(README.indexOf(`### ${heading}\n`));
	const block = /```\n([\s\S]*?)```/.exec(section)![1]!;
	return block
		.split('\n')
		.filter((line) => line.trim() !== '' && !/\d\.\d|%/.test(line))
		.map(ageless);
}

const ageless = (line: string) => line.replace(/\b\d+ (s|min|h|d) ago\b/g, '_ ago').trimEnd();

describe.skipIf(tmuxMissing)(`README's captures${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	for (const [heading, key, ready] of [
		// Whole once the chances are read: the footnote comes with the first.
		['Loans', '4', /A model from past prices[\s\S]*Total pledged/],
		['Coins', '7', 'LOAN COIN'],
	] as const) {
		it(`${heading}: the capture's titles and column headers are the screen's at 100×30`, async () => {
			const expected = headerLines(heading);
			expect(expected.length).toBeGreaterThanOrEqual(2);
			tmux = Tmux.start(`node ${CLI} --demo`, {columns: 100, rows: 30});
			await tmux.waitFor('? this help');
			await tmux.send(key);
			const screen = (await tmux.waitFor(ready)).split('\n').map(ageless);
			for (const line of expected) expect(screen, line).toContain(line);
			await tmux.send('C-c');
			await tmux.waitFor('EXIT=0');
		});
	}
});
