// The fault matrix through the built CLI: exit codes, one clear message, no stack trace, no hang, at most one POST.
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {BORROW_OUTCOME, cases, MESSAGE, TIMES, type MatrixFault, type Operation} from '../helpers/fault-matrix.js';
import {deadBaseUrl, TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

// After an unknown outcome the CLI checks the loans again; 1 s keeps the matrix fast (the 20 s default is tested in cli/loans).
// (A check's bound only shortens how long it looks; what it finds in that time is checked with "Checked since: ", any finding.)
const env = {...TEST_CREDENTIAL_ENV, LOAN_TUI_RECONCILE_SECONDS: '1'};
const ARGS: Record<Operation, string[]> = {
	symbols: ['symbols'],
	estimate: ['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1'],
	borrow: ['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1', '--yes'],
};

describe('fault matrix through the CLI', () => {
	const sim = useSimulator();

	// Stalled borrows wait out the real 15 s deadline in stall-deadlines.test.ts; here the lookups use --timeout 1.
	const matrix = cases().filter(([fault, operation]) => !(fault === 'stall' && operation === 'borrow'));

	it.each(matrix)('%s on %s', async (fault: MatrixFault, operation: Operation) => {
		const baseUrl = fault === 'connection-refused' ? await deadBaseUrl() : sim.simulator.url;
		if (fault !== 'connection-refused') sim.simulator.injectFault({kind: fault, operation, times: TIMES[fault]});
		// --timeout 1 only where the fault lasts and is waited out (a stalled lookup; 429s, retried until the deadline): an
		// answered request keeps the default deadline, so a slow machine cannot turn its answer into a timeout.
		const deadline = TIMES[fault] !== undefined ? ['--timeout', '1'] : [];
		// Never hangs: the run ends by itself (an exit code, no signal) before the hard kill.
		const result = await runCli([...ARGS[operation], '--base-url', baseUrl, ...deadline], {env, timeoutMs: 25_000});
		expect(result.signal).toBeNull();

		const expectedExit = operation === 'borrow' && BORROW_OUTCOME[fault] === 'unknown' ? 3 : 1;
		expect(result.code).toBe(expectedExit);
		expect(result.stdout).toBe('');
		expect(result.stderr).toMatch(MESSAGE[fault]);
		expect(result.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
		// An unknown outcome's report (source/operations/outcome-words.ts): the headline, what happened, what was sent,
		// what the check found (and, for a match, that it is evidence), that it is recorded, what to do: seven at most.
		expect(result.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(expectedExit === 3 ? 7 : 4);
		if (expectedExit === 3) expect(result.stderr).toMatch(/OUTCOME UNKNOWN[^]*Checked since: /);
		else expect(result.stderr).not.toContain('OUTCOME UNKNOWN');
		// --timeout 1 (a stalled lookup): it was the one-second deadline that ended the wait, as the message says.
		if (fault === 'stall') expect(result.stderr).toContain('no answer within 1 s');
		if (operation === 'borrow') expect(sim.posts().length).toBeLessThanOrEqual(1);
	});
});
