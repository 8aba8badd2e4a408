// The borrow review's chance of a margin call and its chart through the built binary in --demo, in a real terminal:
// the sentence beside the marks, and g's chart with its labelled lines.
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`the borrow review's chance in --demo${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it('says the chance of a margin call beside the marks, and g draws the chart with them', async () => {
		tmux = Tmux.start(`node ${CLI} --demo`, {columns: 100, rows: 30});
		await tmux.waitFor('? this help');
		await tmux.send('Down');
		await tmux.send('Down');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 1 of 6');
		await tmux.typeText('usdt');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 2 of 6');
		await tmux.typeText('btc');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 3 of 6');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 4 of 6');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 5 of 6');
		await tmux.typeText('0.5');
		await tmux.send('Enter');
		// The sentence may wrap anywhere between its words.
		const review = await tmux.waitFor(/chance\s+of\s+a\s+margin\s+call\s+within\s+7\s+days/);
		expect(review).toMatch(/BTC moved \d+(\.\d)?% a year over the last 30 days/);
		expect(review).toMatch(/A\s+model\s+from\s+past\s+prices,\s+not\s+a\s+promise\./);
		expect(review).toMatch(/Liquidation at\s+[\d,.]+ USDT/);
		expect(review).toContain('Borrow? [y/N]');
		await tmux.send('g');
		const chart = await tmux.waitFor('BTC in USDT, last 7 days');
		expect(chart).toMatch(/margin call [\d,]+/);
		expect(chart).toMatch(/liquidation [\d,]+/);
		expect(chart).toContain('●');
		await tmux.send('Escape');
		await tmux.waitFor(/Liquidation at\s+[\d,.]+ USDT/);
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});
});
