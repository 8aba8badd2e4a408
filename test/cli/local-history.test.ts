// Every money POST of the CLI lands in the local history (done, refused, unknown), and `history --local` lists it;
// the file holds no credential.
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const borrowArgs = ['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--yes'];

describe('local history of the CLI', () => {
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
		expect(entries[0]).toMatchObject({values: {pledgeAmount: '0.25'}});
		expect(String(entries[0]!.detail)).toContain('found order');

		const table = await runCli(['history', '--local'], {env: {XDG_STATE_HOME: state}});
		expect(table.code).toBe(0);
		expect(table.stdout).toMatch(/^TIME\s+OPERATION\s+VALUES\s+OUTCOME\s+ORDER\s+DETAIL/m);
		expect(table.stdout).toMatch(new RegExp(`done\\s+${orderId}`));
		expect(table.stdout).toContain('3 requests sent by this app, newest first');

		const file = readFileSync(join(state, 'loan-tui', 'history.jsonl'), 'utf8');
		for (const secret of Object.values(TEST_CREDENTIALS)) expect(file).not.toContain(secret);
	}, 60_000);

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
});
