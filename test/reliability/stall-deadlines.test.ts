// The default deadlines, waited out for real: a lookup gives up at 10 s, a borrow at 15 s, never later.
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

const env = TEST_CREDENTIAL_ENV;

describe('default deadlines', () => {
	const sim = useSimulator();

	it('a stalled lookup ends at 10 s with a timeout (exit 1)', async () => {
		sim.simulator.injectFault({kind: 'stall', operation: 'symbols'});
		const started = Date.now();
		const result = await runCli(['symbols', '--base-url', sim.simulator.url], {env});
		const elapsed = Date.now() - started;
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('no answer within 10 s');
		expect(elapsed).toBeGreaterThanOrEqual(10_000);
		expect(elapsed).toBeLessThan(12_500);
	}, 20_000);

	it('a stalled borrow ends at 15 s as "outcome unknown" (exit 3), posted once', async () => {
		sim.simulator.injectFault({kind: 'stall', operation: 'borrow'});
		const started = Date.now();
		// LOAN_TUI_RECONCILE_SECONDS=0: one read of the loans afterwards, so the borrow's own deadline is what is timed.
		const result = await runCli(['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1', '--yes', '--base-url', sim.simulator.url], {env: {...env, LOAN_TUI_RECONCILE_SECONDS: '0'}});
		const elapsed = Date.now() - started;
		expect(result.code).toBe(3);
		expect(result.stderr).toContain('OUTCOME UNKNOWN');
		expect(result.stderr).toContain('no answer within 15 s');
		expect(result.stderr).toContain('Checked since: nothing found — no order of these coins, period and amount was opened since the request was sent (1 read in 0 s; time bound reached)');
		expect(elapsed).toBeGreaterThanOrEqual(15_000);
		expect(elapsed).toBeLessThan(17_500);
		expect(sim.posts()).toHaveLength(1);
	}, 25_000);
});
