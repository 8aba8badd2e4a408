// Every money POST of the CLI lands in the money record (state/money-journal.ts: done, refused, unknown with what the
// check found), and `history --local` lists it; the file holds no credential; a record that cannot be read is an
// error, never "nothing sent".
import {mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const borrowArgs = ['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--yes'];

describe('history --local: the money record of the CLI', () => {
	const sim = useSimulator();

	it('records a borrow that was done, one refused and one whose outcome is unknown, newest first', async () => {
		const state = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		const env = {...TEST_CREDENTIAL_ENV, XDG_STATE_HOME: state, LOAN_TUI_RECONCILE_SECONDS: '0'};
		const base = ['--base-url', sim.simulator.url];
		expect((await runCli([...borrowArgs, '--pledge-amount', '0.5', ...base], {env})).code).toBe(0);
		const orderId = sim.simulator.orders[0]!.orderId;
		expect((await runCli([...borrowArgs, '--pledge-amount', '99999', ...base], {env})).code).toBe(1);
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		expect((await runCli([...borrowArgs, '--pledge-amount', '0.25', ...base], {env})).code).toBe(3);
		// Refused locally (bad input): nothing was sent, nothing recorded.
		expect((await runCli([...borrowArgs, '--pledge-amount', '-1', ...base], {env})).code).toBe(2);

		const json = await runCli(['history', '--local', '--json'], {env: {XDG_STATE_HOME: state}});
		expect(json.code).toBe(0);
		const entries = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
		expect(entries.map((entry) => entry.outcome)).toEqual(['unknown', 'refused', 'done']);
		expect(entries[2]).toMatchObject({operation: 'borrow', orderId, origin: sim.simulator.url, values: {pledgeAmount: '0.5'}});
		expect(String(entries[1]!.detail)).toMatch(/^43012 /);
		expect(entries[0]).toMatchObject({values: {pledgeAmount: '0.25'}, finding: {status: 'found', orderId: sim.simulator.orders.at(-1)!.orderId}});
		expect(String((entries[0]!.finding as {message: string}).message)).toContain('found order');
		for (const entry of entries) expect(entry).not.toHaveProperty('seq');

		const table = await runCli(['history', '--local'], {env: {XDG_STATE_HOME: state}});
		expect(table.code).toBe(0);
		expect(table.stdout).toMatch(/^TIME\s+OPERATION\s+VALUES\s+OUTCOME\s+ORDER\s+DETAIL\s+CHECK/m);
		expect(table.stdout).toMatch(new RegExp(`done\\s+${orderId}`));
		expect(table.stdout).toMatch(/unknown .*found: found order/);
		expect(table.stdout).toContain('3 requests sent by this app, newest first');

		const file = readFileSync(join(state, 'loan-tui', 'history.jsonl'), 'utf8');
		for (const secret of Object.values(TEST_CREDENTIALS)) expect(file).not.toContain(secret);
	}, 180_000);

	it('history --local with a kind is a usage error; with nothing recorded it says so', async () => {
		const state = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		const mixed = await runCli(['history', 'loans', '--local'], {env: {XDG_STATE_HOME: state}});
		expect(mixed.code).toBe(2);
		const empty = await runCli(['history', '--local'], {env: {XDG_STATE_HOME: state}});
		expect(empty.code).toBe(0);
		expect(empty.stdout).toContain('Nothing sent by this app');
		expect((await runCli(['history', '--local', '--days', '0'], {env: {XDG_STATE_HOME: state}})).code).toBe(2);
	});

	it('the demo records nothing: its orders end with the run', async () => {
		const state = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		expect((await runCli([...borrowArgs, '--pledge-amount', '0.5', '--demo'], {env: {XDG_STATE_HOME: state}})).code).toBe(0);
		const listed = await runCli(['history', '--local', '--json'], {env: {XDG_STATE_HOME: state}});
		expect(JSON.parse(listed.stdout)).toEqual([]);
	});

	it('an unreadable record is an error with the reason (exit 1), never "nothing sent"', async () => {
		const state = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		mkdirSync(join(state, 'loan-tui', 'history.jsonl'), {recursive: true});
		for (const args of [
			['history', '--local'],
			['history', '--local', '--json'],
		]) {
			const run = await runCli(args, {env: {XDG_STATE_HOME: state}});
			expect(run.code).toBe(1);
			expect(run.stdout).toBe('');
			expect(run.stderr).toMatch(/the money record cannot be read: .*history\.jsonl is a directory/);
			expect(run.stderr).not.toMatch(/Nothing sent|\n\s+at /);
		}
		const linked = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		writeFileSync(join(linked, 'elsewhere'), '');
		mkdirSync(join(linked, 'loan-tui'));
		symlinkSync(join(linked, 'elsewhere'), join(linked, 'loan-tui', 'history.jsonl'));
		const run = await runCli(['history', '--local'], {env: {XDG_STATE_HOME: linked}});
		expect(run.code).toBe(1);
		expect(run.stderr).toContain('is a symbolic link');
	});

	it('a record left "sending" (a run that ended mid-request) is listed with a warning; damaged lines are counted', async () => {
		const state = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		mkdirSync(join(state, 'loan-tui'));
		const line = {
			id: 'r1',
			seq: 0,
			time: 1_700_000_000_000,
			operation: 'repay',
			origin: 'https://api.bitget.com',
			values: {orderId: '1130', amount: '5'},
			outcome: 'sending',
		};
		writeFileSync(join(state, 'loan-tui', 'history.jsonl'), `${JSON.stringify(line)}\n{"broken\n`);
		const run = await runCli(['history', '--local'], {env: {XDG_STATE_HOME: state}});
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/repay\s+orderId=1130 amount=5\s+sending \(no answer recorded\)/);
		expect(run.stdout).toContain('Check the loans before sending it again');
		expect(run.stdout).toContain('1 line of');
		const json = await runCli(['history', '--local', '--json'], {env: {XDG_STATE_HOME: state}});
		expect(JSON.parse(json.stdout)).toMatchObject([{id: 'r1', outcome: 'sending'}]);
		expect(json.stderr).toContain('could not be read and was skipped');
	});
});
