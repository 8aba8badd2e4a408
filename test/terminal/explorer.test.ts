// The built binary in tmux against the simulator with 5,000 extra pairs, read through capture-pane.
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`explorer in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator({extraSymbols: 5000});
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it('opens Symbols, filters, opens a detail, goes back, and quits with Ctrl+C restoring the terminal', async () => {
		tmux = Tmux.start(`stty sane; node ${CLI} --base-url ${sim.simulator.url}; stty -a | grep -o -- '-\\?icanon' | head -1`);
		await tmux.waitFor('? this help');
		await tmux.send('Enter');
		const list = await tmux.waitFor(/5049 of 5049 pairs/);
		expect(list).toMatch(/› BTCUSDT\s+BTC\s+USDT\s+online/);
		await tmux.typeText('x0042');
		const filtered = await tmux.waitFor(/> x0042/);
		expect(filtered).toMatch(/› X0042\w+/);
		expect(filtered).toMatch(/\d+ of 5049 pairs/);
		const symbol = filtered.match(/› (X0042\w+)/)![1]!;
		await tmux.send('Enter');
		const detail = await tmux.waitFor('Maker fee');
		expect(detail).toContain(`Symbol              ${symbol}`);
		expect(detail).toMatch(/Status\s+\w+ — /);
		await tmux.send('Escape');
		const back = await tmux.waitFor('> x0042');
		expect(back).toContain(`› ${symbol}`);
		await tmux.send('C-c');
		const after = await tmux.waitFor(/EXIT=\d+/);
		expect(after).toContain('EXIT=0');
		// Raw mode is off again (canonical input restored) and the cursor is visible.
		expect(after).toMatch(/^icanon$/m);
		expect(tmux.cursorVisible()).toBe(true);
		// The alternate screen is gone: none of the app is left on the shell's screen.
		expect(after).not.toContain('Maker fee');
		expect(after).not.toContain('pairs');
	});

	it('takes a filter typed in one write the moment the list shows (while the search warms up), and Backspaces in one write', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`);
		await tmux.waitFor('? this help');
		await tmux.send('Enter');
		await tmux.waitFor(/5049 of 5049 pairs/);
		await tmux.burstText('x0042');
		const filtered = await tmux.waitFor(/> x0042/);
		expect(filtered).toMatch(/› X0042(USDT|USDC|BTC|ETH)\b/);
		expect(filtered).toMatch(/\b[1-9]\d* of 5049 pairs/);
		await tmux.burst('BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
		const cleared = await tmux.waitFor(/5049 of 5049 pairs/);
		expect(cleared).toContain('› BTCUSDT');
		await tmux.send('C-c');
	});

	it('filters by several words and by btc/usdt, counts the selected row of the matches, and Esc clears before it goes back', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`);
		await tmux.waitFor('? this help');
		await tmux.send('Enter');
		// The counter: the selected row of the matches, on the filter line.
		const list = await tmux.waitFor(/5049 of 5049 pairs/);
		expect(list).toMatch(/^>.*\s1\/5049$/m);
		await tmux.burstText('eth usdt');
		const words = await tmux.waitFor(/> eth usdt.*\s1\/1$/m);
		expect(words).toMatch(/› ETHUSDT\s+ETH\s+USDT/);
		expect(words).toMatch(/^1 of 5049 pairs/m);
		for (const typed of ['btc/usdt', 'btc-usdt']) {
			await tmux.send('C-u');
			await tmux.waitFor(/5049 of 5049 pairs/);
			await tmux.burstText(typed);
			const pair = await tmux.waitFor(new RegExp(`> ${typed}.*\\s1/1$`, 'm'));
			expect(pair).toMatch(/› BTCUSDT\s+BTC\s+USDT/);
		}
		await tmux.send('C-u');
		await tmux.burstText('x0042');
		await tmux.waitFor(/> x0042.*\s1\/4$/m);
		await tmux.burst('Down', 'Down');
		await tmux.waitFor(/> x0042.*\s3\/4$/m);
		// Esc clears the filter (the screen stays), the second Esc goes back.
		await tmux.send('Escape');
		const cleared = await tmux.waitFor(/5049 of 5049 pairs/);
		expect(cleared).toMatch(/^>\s+1\/5049$/m);
		expect(cleared).toContain('› BTCUSDT');
		await tmux.send('Escape');
		const home = await tmux.waitFor('browse and filter');
		expect(home).not.toContain('of 5049 pairs');
		// Nothing was kept: the filter was cleared before leaving.
		await tmux.send('Enter');
		await tmux.waitFor(/^>\s+1\/5049$/m);
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});

	it('keeps the filter and the selected row when Symbols is left from the list and opened again', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`);
		await tmux.waitFor('? this help');
		await tmux.send('Enter');
		await tmux.waitFor(/5049 of 5049 pairs/);
		await tmux.burstText('x0042 usd');
		await tmux.waitFor(/> x0042 usd.*\s1\/2$/m);
		await tmux.burst('Down', 'Tab');
		const onList = await tmux.waitFor(/Esc back/);
		expect(onList).toMatch(/› X0042USDT/);
		await tmux.send('Escape');
		await tmux.waitFor('browse and filter');
		await tmux.send('Enter');
		const back = await tmux.waitFor(/> x0042 usd.*\s2\/2$/m);
		expect(back).toMatch(/› X0042USDT/);
		expect(back).toMatch(/^2 of 5049 pairs/m);
		// Typing goes on from where the filter was.
		await tmux.burst('BSpace', 'BSpace', 'BSpace', 'BSpace');
		await tmux.waitFor(/> x0042.*\s1\/4$/m);
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});

	it('draws even when CI is set in the shell (Ink would otherwise hold every frame back)', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: {CI: 'true'}});
		const home = await tmux.waitFor('? this help');
		expect(home).toContain('Credentials  API key');
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});

	it('fits a 60x16 terminal without wrapping', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {columns: 60, rows: 16});
		await tmux.waitFor('? this help');
		await tmux.send('Enter');
		const screen = await tmux.waitFor(/of 5049 pairs/);
		for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
		expect(screen).toMatch(/› BTCUSDT\s+online/);
		// The estimate's three periods fit side by side too.
		await tmux.escape(/Esc quit\b/);
		await tmux.send('Down');
		await tmux.send('Enter');
		await tmux.waitFor('Loan coin');
		await tmux.typeText('USDT');
		await tmux.send('Enter');
		await tmux.typeText('ETH');
		await tmux.send('Enter');
		await tmux.send('Enter');
		await tmux.typeText('2');
		const estimate = await tmux.waitFor(/Annualised rate\s+\d/);
		expect(estimate).toMatch(/Annualised rate\s+[\d.]+%( ←)?\s+[\d.]+%( ←)?\s+[\d.]+%/);
		expect(estimate).toMatch(/7 days\s+30 days\s+flexible/);
		for (const line of estimate.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});
});
