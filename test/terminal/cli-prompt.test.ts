// The borrow subcommand on a terminal: it asks "Borrow? [y/N]" and only "y" posts.
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const env = TEST_CREDENTIAL_ENV;

describe.skipIf(tmuxMissing)(`borrow confirmation on a terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator();
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());
	const command = () => `node ${CLI} borrow --base-url ${sim.simulator.url} --loan-coin USDT --pledge-coin BTC --daily 30 --pledge-amount 0.1`;

	it.each([
		['Enter alone', [] as string[]],
		['n', ['n']],
	])('%s sends nothing and exits 2', async (_name, keys) => {
		tmux = Tmux.start(command(), {env});
		const prompt = await tmux.waitFor('Borrow? [y/N]');
		expect(prompt).toContain('Borrow USDT against BTC, 30 days, pledging 0.1 BTC');
		expect(prompt).toMatch(/profile default \(environment\)/);
		for (const key of keys) await tmux.typeText(key);
		await tmux.send('Enter');
		const after = await tmux.waitFor(/EXIT=\d/);
		expect(after).toContain('Not borrowed: nothing was sent.');
		expect(after).toContain('EXIT=2');
		// Only the lookups were read, each once (the limits' coin list and estimate, which the prompt's figures reuse,
		// and the prices), and the pair's candles for the chance; nothing was posted.
		expect(sim.posts()).toEqual([]);
		const reads = sim.simulator.requests.map((r) => r.operation).filter((operation) => operation !== 'candles');
		expect(reads.sort()).toEqual(['coinInfos', 'estimate', 'tickers']);
		expect(prompt).toMatch(/chance\s+of\s+a\s+margin\s+call\s+within\s+30\s+days/);
		// The disclaimer once (a terminal line may break it anywhere between its words).
		expect(prompt.match(/A\s+model\s+from\s+past\s+prices,\s+not\s+a\s+promise\./g)).toHaveLength(1);
	});

	it('y posts once and prints the order id', async () => {
		tmux = Tmux.start(command(), {env});
		await tmux.waitFor('Borrow? [y/N]');
		await tmux.typeText('y');
		await tmux.send('Enter');
		const after = await tmux.waitFor(/EXIT=\d/);
		expect(after).toContain('EXIT=0');
		expect(after).toContain(`Loan order created: ${sim.simulator.orders[0]!.orderId}`);
		expect(sim.posts()).toHaveLength(1);
	});
});

describe.skipIf(tmuxMissing)(`the app follows a terminal resize${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator({extraSymbols: 200});
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it('re-lays out the explorer when the window shrinks and grows', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {columns: 120, rows: 40});
		await tmux.waitFor('? this help');
		await tmux.send('Enter');
		const wide = await tmux.waitFor(/of 249 pairs/);
		expect(wide).toMatch(/SYMBOL\s+BASE\s+QUOTE/);
		tmux.resize(60, 16);
		// Wait for the settled layout (a frame may be drawn mid-resize): narrow columns and a window of rows that fits.
		const rows = (screen: string) => screen.split('\n').filter((line) => /^[› ] [A-Z0-9]+\s/.test(line)).length;
		const narrow = await tmux.waitFor(
			(screen) => !/BASE\s+QUOTE/.test(screen) && /of 249 pairs/.test(screen) && rows(screen) <= 12 && screen.includes('type filter'),
		);
		for (const line of narrow.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
		expect(rows(narrow)).toBeGreaterThan(3);
		tmux.resize(120, 40);
		await tmux.waitFor(/SYMBOL\s+BASE\s+QUOTE/);
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});
});
