// The default deadlines, waited out for real: a lookup gives up at 10 s, a borrow at 15 s, never later. Nothing is timed
// here: the stall never answers, so only the CLI's own deadline can end the run, and the message names which one;
// "never later" is the run ending by itself (an exit code, no signal) before the test's hard kill.
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

const env = TEST_CREDENTIAL_ENV;

// The two deadlines are waited out side by side, each against its own simulator (a reset after one test must not
// end the other's stall).
describe.concurrent('default deadlines', () => {
	describe('a lookup', () => {
		const sim = useSimulator();
		it('a stalled lookup ends at 10 s with a timeout (exit 1)', async () => {
			sim.simulator.injectFault({kind: 'stall', operation: 'symbols'});
			const result = await runCli(['symbols', '--base-url', sim.simulator.url], {env, timeoutMs: 20_000});
			expect(result.signal).toBeNull();
			expect(result.code).toBe(1);
			expect(result.stderr).toContain('no answer within 10 s');
		}, 90_000);
	});

	describe('a borrow', () => {
		const sim = useSimulator();
		it('a stalled borrow ends at 15 s as "outcome unknown" (exit 3), posted once', async () => {
			sim.simulator.injectFault({kind: 'stall', operation: 'borrow'});
			// LOAN_TUI_RECONCILE_SECONDS=0: one read of the loans afterwards, so the borrow's own deadline is what ends it.
			const result = await runCli(
				['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1', '--yes', '--base-url', sim.simulator.url],
				{env: {...env, LOAN_TUI_RECONCILE_SECONDS: '0'}, timeoutMs: 30_000},
			);
			expect(result.signal).toBeNull();
			expect(result.code).toBe(3);
			expect(result.stderr).toContain('OUTCOME UNKNOWN');
			expect(result.stderr).toContain('no answer within 15 s');
			// The seconds it checked are real elapsed time: any number.
			expect(result.stderr).toMatch(
				/Checked since: nothing found — no order of these coins, period and amount was opened since the request was sent \(1 read in \d+ s; time bound reached\)/,
			);
			expect(sim.posts()).toHaveLength(1);
		}, 90_000);
	});
});
