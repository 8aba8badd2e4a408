// The money pipeline through the built CLI against the simulator over loopback: signals in every phase after the
// POST may have left (exit 3, the report, the record on disk), the check's findings in hostile cases (someone
// else's look-alike, someone else's repayment, server-trouble codes after the work was done, a read that fails,
// reads that hang past the bound), and --json's error.reconciliation.
import {existsSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import type {BitgetClient} from '../../source/api/client.js';
import {runCli, spawnCli, type CliResult} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

const envelope = (code: string, msg: string, data: unknown = null) => JSON.stringify({code, msg, requestTime: Date.now(), data});
const HOLD_HOOK = fileURLToPath(new URL('../helpers/hold-journal-hook.mjs', import.meta.url));
const borrowArgs = ['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', 'SEVEN', '--pledge-amount', '0.5', '--yes'];

/** Waits (bounded, failing loudly) until `check` holds; fails at once, with what it printed, if the run ends first. */
async function until(check: () => boolean, what: string, run?: Promise<CliResult>, withinMs = 15_000): Promise<void> {
	let ended: CliResult | undefined;
	void run?.then((result) => (ended = result));
	const deadline = Date.now() + withinMs;
	while (!check()) {
		if (ended) throw new Error(`the run ended (exit ${ended.code}) before ${what}: ${ended.stderr}`);
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

describe('the money pipeline through the CLI', () => {
	const sim = useSimulator();
	const state = () => mkdtempSync(join(tmpdir(), 'loan-tui-money-state-'));
	const env = (stateHome: string, more: NodeJS.ProcessEnv = {}) => ({...TEST_CREDENTIAL_ENV, XDG_STATE_HOME: stateHome, ...more});
	const cli = (args: string[], stateHome: string, more: NodeJS.ProcessEnv = {}) =>
		runCli([...args, '--base-url', sim.simulator.url], {env: env(stateHome, more), timeoutMs: 60_000});
	const posts = (path: string) => sim.posts().filter((post) => post.path.endsWith(path));
	/** Index of the first POST in the request log. */
	/** The GETs after the POST to `path`. */
	const readsAfter = (path: string) => {
		const index = sim.simulator.requests.findIndex((request) => request.method === 'POST' && request.path.endsWith(path));
		return index < 0 ? [] : sim.simulator.requests.slice(index + 1).filter((request) => request.method === 'GET');
	};
	const localHistory = async (stateHome: string) => {
		const result = await runCli(['history', '--local', '--json'], {env: {XDG_STATE_HOME: stateHome}});
		expect(result.code, result.stderr).toBe(0);
		return JSON.parse(result.stdout) as Array<Record<string, unknown>>;
	};
	const openLoan = async (client: BitgetClient, pledgeAmount = '0.5') =>
		(await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount})).orderId;

	describe.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('%s', (signal) => {
		it('during the POST: exit 3 with the values sent, recorded as unknown', async () => {
			const home = state();
			sim.simulator.injectFault({kind: 'stall-after-acting', operation: 'borrow'});
			const {child, result} = spawnCli([...borrowArgs, '--base-url', sim.simulator.url], {env: env(home), timeoutMs: 60_000});
			await until(() => posts('/borrow').length === 1, 'the POST', result);
			child.kill(signal);
			const run = await result;
			expect(run.code, run.stderr).toBe(3);
			expect(run.stderr).toContain('OUTCOME UNKNOWN');
			expect(run.stderr).toContain(`interrupted by ${signal}`);
			expect(run.stderr).toContain('Sent: borrow loanCoin=USDT pledgeCoin=BTC daily=SEVEN pledgeAmount=0.5');
			expect(run.stderr).not.toMatch(/\n\s+at /);
			expect((await localHistory(home))[0]).toMatchObject({operation: 'borrow', outcome: 'unknown'});
			expect(posts('/borrow')).toHaveLength(1);
		});

		it('during the check: exit 3 at once with what was learned so far, the finding recorded', async () => {
			const home = state();
			const client = sim.client();
			const orderId = await openLoan(client);
			// Not carried out, and answered with a server-trouble code: the check finds nothing and keeps reading.
			sim.simulator.injectFault({kind: 'raw', operation: 'repay', status: 200, body: envelope('40015', 'System is abnormal, please try again later')});
			const {child, result} = spawnCli(['repay', orderId, '--amount', '10', '--yes', '--base-url', sim.simulator.url], {
				env: env(home, {LOAN_TUI_RECONCILE_SECONDS: '120'}),
				timeoutMs: 60_000,
			});
			// Two reads of the check: the first finished (something learned), the second is on its way.
			await until(() => readsAfter('/repay').filter((read) => read.operation === 'ongoingOrders').length >= 2, 'two reads of the check', result);
			child.kill(signal);
			const run = await result;
			expect(run.code, run.stderr).toBe(3);
			expect(run.stderr).toContain('OUTCOME UNKNOWN');
			expect(run.stderr).toContain('the server answered 40015 System is abnormal, please try again later (HTTP 200)');
			expect(run.stderr).toMatch(/Checked (since|so far)/);
			expect(run.stderr).toContain('nothing found');
			const [record] = await localHistory(home);
			expect(record).toMatchObject({operation: 'repay', outcome: 'unknown', orderId});
			expect(JSON.stringify(record)).toContain('not-found');
			expect(posts('/repay')).toHaveLength(1);
		});

		it('while the record of what the check found is written: exit 3 with the report; the record already says unknown', async () => {
			const home = state();
			const marker = join(home, 'held');
			const orderId = await openLoan(sim.client());
			sim.simulator.injectFault({kind: 'raw', operation: 'repay', status: 200, body: envelope('40015', 'System is abnormal, please try again later')});
			// Appends: 1 "sending", 2 the outcome, 3 what the check found — the third never completes.
			const {child, result} = spawnCli(['repay', orderId, '--amount', '10', '--yes', '--base-url', sim.simulator.url], {
				env: env(home, {LOAN_TUI_RECONCILE_SECONDS: '0', LOAN_TUI_TEST_HOLD_APPEND: '3', LOAN_TUI_TEST_HOLD_MARKER: marker}),
				nodeArgs: ['--import', HOLD_HOOK],
				timeoutMs: 60_000,
			});
			await until(() => existsSync(marker), 'the held record', result);
			child.kill(signal);
			const run = await result;
			expect(run.code, run.stderr).toBe(3);
			expect(run.stderr).toContain('OUTCOME UNKNOWN');
			expect(run.stderr).toContain('Sent: repay orderId=');
			const [record] = await localHistory(home);
			expect(record).toMatchObject({operation: 'repay', outcome: 'unknown', orderId});
			expect(posts('/repay')).toHaveLength(1);
		});
	});

	it('a second signal quits at once, still with the report', async () => {
		const home = state();
		sim.simulator.injectFault({kind: 'stall-after-acting', operation: 'borrow'});
		// Every read of the check hangs too: only the signals can end the run before its bound.
		const {child, result} = spawnCli([...borrowArgs, '--base-url', sim.simulator.url], {
			env: env(home, {LOAN_TUI_RECONCILE_SECONDS: '120'}),
			timeoutMs: 60_000,
		});
		await until(() => posts('/borrow').length === 1, 'the POST', result);
		child.kill('SIGINT');
		child.kill('SIGINT');
		const run = await result;
		expect(run.code).toBe(3);
		expect(run.stderr).toContain('OUTCOME UNKNOWN');
		expect(run.stderr).toContain('Sent: borrow loanCoin=USDT');
	});

	describe('what the check finds', () => {
		it("someone else's look-alike (another pledge amount) is never named as found: unclear, exit 3", async () => {
			const home = state();
			sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status: 500, body: envelope('40015', 'System is abnormal')});
			const {result} = spawnCli([...borrowArgs, '--json', '--base-url', sim.simulator.url], {
				env: env(home, {LOAN_TUI_RECONCILE_SECONDS: '5'}),
				timeoutMs: 60_000,
			});
			await until(() => posts('/borrow').length === 1, 'the POST', result);
			const other = await openLoan(sim.client(), '0.7');
			const run = await result;
			expect(run.code).toBe(3);
			const {error} = JSON.parse(run.stderr) as {error: {reconciliation: {status: string; orderId?: string; message: string; reads: unknown[]}}};
			expect(error.reconciliation.status).toBe('unclear');
			expect(error.reconciliation.orderId).toBeUndefined();
			expect(error.reconciliation.message).toContain(`order ${other} (pledge amount 0.7)`);
			expect(error.reconciliation.reads).toContainEqual({read: 'ongoing-orders', ok: true});
			// The CLI's one POST, and the look-alike's.
			expect(posts('/borrow').map((post) => JSON.parse(post.body).pledgeAmount)).toEqual(['0.5', '0.7']);
		});

		it("someone else's look-alike first, ours later: ours is found, the other never named as the match", async () => {
			const home = state();
			sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status: 200, body: envelope('45001', 'Unknown error')});
			const {result} = spawnCli([...borrowArgs, '--json', '--base-url', sim.simulator.url], {
				env: env(home, {LOAN_TUI_RECONCILE_SECONDS: '60'}),
				timeoutMs: 90_000,
			});
			await until(() => posts('/borrow').length === 1, 'the POST', result);
			const client = sim.client();
			const other = await openLoan(client, '0.7');
			// The check has read (and seen the other) before ours appears.
			const seen = sim.simulator.requests.length;
			await until(() => sim.simulator.requests.slice(seen).some((request) => request.operation === 'ongoingOrders'), 'a read after the look-alike');
			const ours = await openLoan(client, '0.5');
			const run = await result;
			expect(run.code).toBe(3);
			const {error} = JSON.parse(run.stderr) as {error: {reconciliation: {status: string; orderId?: string; message: string}}};
			expect(error.reconciliation).toMatchObject({status: 'found', orderId: ours});
			expect(error.reconciliation.message).toContain(`found order ${ours}`);
			expect(error.reconciliation.message).not.toContain(`found order ${other}`);
			const [record] = await localHistory(home);
			expect(JSON.stringify(record)).toContain(ours);
		});

		it('a borrow Bitget recorded as failed (ROLLBACK) is never a match: not found, settled, exit 3', async () => {
			const home = state();
			// 11 BTC is more than the account holds: the desk turns it down and records ROLLBACK; the answer is a 500.
			sim.simulator.injectFault({kind: 'raw-after-acting', operation: 'borrow', status: 500, body: envelope('40015', 'System is abnormal')});
			const run = await cli(['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', 'SEVEN', '--pledge-amount', '11', '--yes', '--json'], home, {
				LOAN_TUI_RECONCILE_SECONDS: '60',
			});
			expect(run.code, run.stderr).toBe(3);
			const failed = sim.simulator.loans.all.find((loan) => loan.status === 'ROLLBACK');
			expect(failed).toBeDefined();
			const {error} = JSON.parse(run.stderr) as {error: {reconciliation: {status: string; orderId?: string; message: string; tries: number}}};
			expect(error.reconciliation.status).toBe('not-found');
			expect(error.reconciliation.orderId).toBeUndefined();
			expect(error.reconciliation.message).toContain(`failed borrow (ROLLBACK, order ${failed!.orderId})`);
			// Settled by the first read that saw it, not by the bound.
			expect(error.reconciliation.tries).toBe(1);
			expect(posts('/borrow')).toHaveLength(1);
		});

		it('repay --all lost, someone else repays 5 USDT and the loan stays open: unclear, never repaid in full', async () => {
			const home = state();
			const client = sim.client();
			const orderId = await openLoan(client);
			sim.simulator.injectFault({kind: 'reset-before-response', operation: 'repay'});
			const {result} = spawnCli(['repay', orderId, '--all', '--yes', '--json', '--base-url', sim.simulator.url], {
				env: env(home, {LOAN_TUI_RECONCILE_SECONDS: '5'}),
				timeoutMs: 60_000,
			});
			await until(() => posts('/repay').length === 1, 'the POST', result);
			await client.repay({orderId, repayAll: false, amount: '5', repayUnlock: false});
			const run = await result;
			expect(run.code).toBe(3);
			const {error} = JSON.parse(run.stderr) as {error: {reconciliation: {status: string; message: string}}};
			expect(error.reconciliation.status).toBe('unclear');
			expect(error.reconciliation.message).toContain('of 5 USDT');
			expect(error.reconciliation.message).toContain('the loan is still open');
			expect(error.reconciliation.message).not.toMatch(/repaid in full|found a repayment/);
		});

		it.each(['40010', '40015', '45001'])(
			'%s after the server recorded the repayment: unknown (exit 3), and the repayment is found — never "refused"',
			async (code) => {
				const home = state();
				const orderId = await openLoan(sim.client());
				sim.simulator.injectFault({kind: 'raw-after-acting', operation: 'repay', status: 400, body: envelope(code, 'Request timed out')});
				const run = await cli(['repay', orderId, '--amount', '100', '--yes'], home);
				expect(run.code, run.stderr).toBe(3);
				expect(run.stderr).not.toMatch(/refused|Nothing was repaid/i);
				expect(run.stderr).toContain(`the server answered ${code} Request timed out (HTTP 400)`);
				expect(run.stderr).toContain('Checked since: found a match — found a repayment of 100 USDT');
				const [record] = await localHistory(home);
				expect(record).toMatchObject({operation: 'repay', outcome: 'unknown'});
				expect(JSON.stringify(record)).toContain('"found"');
			},
		);

		it('reduces failing keeps the repay-history evidence, and says which read failed', async () => {
			const home = state();
			const orderId = await openLoan(sim.client());
			sim.simulator.injectFault({kind: 'reset-after-order', operation: 'repay'});
			sim.simulator.injectFault({kind: 'html-500', operation: 'reduces', times: Number.POSITIVE_INFINITY});
			const run = await cli(['repay', orderId, '--amount', '100', '--yes', '--json'], home);
			expect(run.code).toBe(3);
			const {error} = JSON.parse(run.stderr) as {error: {reconciliation: {status: string; message: string; reads: Array<{read: string; ok: boolean}>}}};
			expect(error.reconciliation.status).toBe('found');
			expect(error.reconciliation.message).toContain('reduces could not be read');
			expect(error.reconciliation.reads).toContainEqual(expect.objectContaining({read: 'reduces', ok: false}));
		});

		it('the bound is a bound: reads that hang end the check at LOAN_TUI_RECONCILE_SECONDS, not at --timeout', async () => {
			const home = state();
			sim.simulator.injectFault({kind: 'reset-before-response', operation: 'borrow'});
			// Every read of the loans hangs: the snapshot before the send is given up after its own bound, and every
			// read of the check is still in flight when the check's bound passes.
			for (const operation of ['ongoingOrders', 'borrowHistory'] as const)
				sim.simulator.injectFault({kind: 'stall', operation, times: Number.POSITIVE_INFINITY});
			const {result} = spawnCli([...borrowArgs, '--json', '--timeout', '600', '--base-url', sim.simulator.url], {
				env: env(home, {LOAN_TUI_RECONCILE_SECONDS: '2'}),
				timeoutMs: 120_000,
			});
			// Without the bound the run would wait for --timeout (600 s), far past this test's own 120 s kill.
			const run: CliResult = await result;
			expect(run.signal).toBeNull();
			expect(run.code).toBe(3);
			const {error} = JSON.parse(run.stderr) as {error: {reconciliation: {status: string; timedOut?: boolean; message: string}}};
			expect(error.reconciliation).toMatchObject({status: 'unchecked', timedOut: true});
			expect(posts('/borrow')).toHaveLength(1);
		});
	});
});
