// The Plan screen in a real terminal of 60×16 (tmux), the built binary, keys in bursts: opened from home, the amount
// typed, the ways read with their progress and their chance of a margin call, sorted by safety, and Enter into the
// borrow wizard filled in; in --demo, the chance column filled from the demo's candles.
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`the Plan screen${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator();
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it('home → Plan, amount typed, ways sorted by safety, Enter opens the borrow wizard with that way', async () => {
		sim.simulator.setPrice('BTC', '90000');
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: TEST_CREDENTIAL_ENV, columns: 60, rows: 16});
		const terminal = tmux;
		await terminal.waitFor('? this help');
		await terminal.burst('8');
		await terminal.waitFor('› Loan coin');
		await terminal.burstText('USDT');
		await terminal.burst('Enter');
		await terminal.waitFor('› Loan amount');
		await terminal.burstText('10000');
		// To the periods, 7 days only, and plan: one write.
		await terminal.burst('Tab', '7', 'Enter');
		const ranked = await terminal.waitFor(/ways 1-\d+ of 10/);
		expect(ranked).toContain('10 ways by cost');
		// At 60 columns by cost: the chance of a margin call beside the APR (the fall to liquidation comes back by safety).
		expect(ranked).toMatch(/PLEDGE\s+PERIOD\s+COLLATERAL\s+APR\s+CHANCE/);
		// Every line of the screen within 60 columns.
		for (const line of ranked.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
		// Sort by safety, then the second way (the Down waited for on its own: the frame after s alone also says "by safety").
		// (Any change is not enough here: the prices' age ticks; wait for the highlight to move.)
		const highlighted = (screen: string) => /› ([A-Z]+)\s+7 days/.exec(screen)?.[1];
		await terminal.burst('s');
		const bySafety = await terminal.waitFor(/ways by safety/);
		expect(bySafety).toMatch(/APR\s+TO LIQ\./);
		const first = highlighted(bySafety);
		await terminal.burst('Down');
		const safety = await terminal.waitFor((screen) => highlighted(screen) !== undefined && highlighted(screen) !== first);
		const chosen = /› ([A-Z]+)\s+7 days/.exec(safety)?.[1];
		expect(chosen, safety).toBeDefined();
		expect(safety).toMatch(new RegExp(`${chosen} 7 days: margin call at [\\d,.]+ USDT`));
		await terminal.send('Enter');
		const wizard = await terminal.waitFor('Borrow · 5 of 6');
		expect(wizard).toContain(`borrow USDT · pledge ${chosen} · 7 days · by loan amount`);
		expect(wizard).toMatch(/Loan \(USDT\)\s+10000/);
		await terminal.send('Enter');
		const review = (await terminal.waitFor(/\[y\/N\]/)).replace(/\s+/g, ' ');
		expect(review).toContain(chosen!);
	});

	it('--demo: Plan shows the CALL CHANCE column filled from the candles, "no history" for TON, the model said once', async () => {
		tmux = Tmux.start(`node ${CLI} --demo`, {columns: 120, rows: 30});
		const terminal = tmux;
		await terminal.waitFor('? this help');
		await terminal.burst('8');
		await terminal.waitFor('› Loan coin');
		await terminal.burstText('USDT');
		await terminal.burst('Enter');
		await terminal.waitFor('› Loan amount');
		await terminal.burstText('1000');
		await terminal.burst('Tab', '7', 'Enter');
		const ranked = await terminal.waitFor(/TON\s.*no history/);
		expect(ranked).toMatch(/LIQUIDATION AT\s+CALL CHANCE/);
		expect(ranked).toMatch(/BTC\s+7 days.*\s(<0\.1|\d+(\.\d)?)%\s*$/m);
		expect(ranked.split('A model from past prices, not a promise.')).toHaveLength(2);
	});
});
