// A loan's detail in a real terminal at 60×16 (the built binary in tmux, keys in bursts): what does not fit is marked
// "↓ more" and scrolls into view, every figure reachable, nothing cut.
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`a loan's detail at 60×16${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator({demoLoans: true});
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it('marks what is below, and PgDn and ↓ in bursts bring Expires, Max withdrawable and the target into view', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: TEST_CREDENTIAL_ENV, columns: 60, rows: 16});
		await tmux.waitFor('? this help');
		await tmux.burst('4', 'Enter');
		await tmux.waitFor(/↓ \d+ more \(PgDn\)/);
		// The chance row grows when the pair's price history comes: wait for it (the chart, v, is drawn from the same
		// read) so the rows below stay where the keys move them.
		await tmux.send('v');
		await tmux.waitFor('last 7 days');
		await tmux.send('v');
		const top = await tmux.waitFor((screen) => /↓ \d+ more \(PgDn\)/.test(screen) && /^ {2}Borrowed {2,}\d/m.test(screen));
		expect(top).toMatch(/^ {2}Borrowed {2,}\d/m);
		expect(top).not.toMatch(/Max withdrawable/);
		await tmux.burst('PgDn', 'Down', 'Down');
		const bottom = await tmux.waitFor(/↑ \d+ above \(PgUp\)/);
		await tmux.waitFor((screen) => /^ {2}To initial LTV\s/m.test(screen) && !/↓ \d+ more/.test(screen));
		const end = await tmux.waitFor(/^ {2}Expires\s/m);
		expect(end).toMatch(/^ {2}Max withdrawable\s/m);
		expect(end).not.toContain('…');
		for (const line of end.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
		expect(bottom).not.toMatch(/^ {2}Borrowed {2,}\d/m);
		await tmux.burst('Home');
		await tmux.waitFor(/^ {2}Borrowed {2,}\d/m);
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});
});
