// The chance of a margin call in the built binary's --demo, in a real terminal (tmux): the Loans list's column, and a
// loan's detail with the sentence and the chart's labelled margin-call line.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`the chance in --demo${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it('Loans shows CHANCE with a percentage; a loan shows the chance in words and the chart with its margin-call line', async () => {
		const env = {XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'loan-tui-state-')), XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'loan-tui-cache-'))};
		tmux = Tmux.start(`node ${CLI} --demo`, {env, columns: 200, rows: 50});
		await tmux.waitFor('? this help');
		await tmux.send('4');
		await tmux.waitFor('Total owed');
		// The histories come after the loans: a percentage in the column, and the footnote once.
		const list = await tmux.waitFor(/CHANCE[\s\S]*\d+%\s+none \(flexible\)[\s\S]*A model from past prices, not a promise\./);
		expect(list.match(/A model from past prices/g)).toHaveLength(1);
		await tmux.send('Enter');
		const detail = await tmux.waitFor(/margin call \d/);
		expect(detail.replace(/\s+/g, ' ')).toMatch(/moved \d+% a year over the last 30 days: a .* chance of a margin call within 30 days/);
		expect(detail).toContain('last 7 days');
		expect(detail).toContain('liquidation');
		await tmux.send('d');
		await tmux.waitFor('last 30 days');
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});
});
