// The built app in tmux, a borrow in flight (the simulator's stall fault) and the ways it can be interrupted;
// then what stays reachable after a borrow: the copy key (OSC 52 into a tmux buffer) and `history --local`.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI, runCli} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`money POSTs in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator();
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	const start = (env: NodeJS.ProcessEnv = {}) => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: {...TEST_CREDENTIAL_ENV, ...env}});
		return tmux;
	};

	/** Home → Borrow → review, typed in bursts (several keys per write, as a fast typist or a slow link sends them). */
	const toReview = async (t: Tmux) => {
		await t.waitFor('? this help');
		await t.burst('Down', 'Down', 'Enter');
		await t.waitFor('Borrow · 1 of 6');
		await t.burst('usdt', 'Enter');
		await t.waitFor('Borrow · 2 of 6');
		await t.burst('btc', 'Enter', 'Enter', 'Enter');
		await t.waitFor('Borrow · 5 of 6');
		await t.burst('0.5', 'Enter');
		return t.waitFor(/Hourly interest\s+[\d.]+ USDT/);
	};

	const inFlight = async (t: Tmux) => {
		sim.simulator.injectFault({kind: 'stall', operation: 'borrow'});
		await t.send('y');
		await t.waitFor('Sending the borrow request');
		const deadline = Date.now() + 15_000;
		while (sim.posts().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
		expect(sim.posts()).toHaveLength(1);
	};

	it('Ctrl+C while the borrow is out: the outcome-unknown screen at once; the second Ctrl+C quits with the terminal restored and a line on stderr', async () => {
		const t = start();
		const review = await toReview(t);
		expect(review).toContain(`Server           ${sim.simulator.url}`);
		await inFlight(t);
		await t.send('C-c');
		// "At once": the borrow is stalled for good (it never answers, nor times out before 15 s), and the screen names
		// Ctrl+C as what ended the wait, not a deadline; no clock is read.
		const unknown = await t.waitFor('OUTCOME UNKNOWN');
		expect(unknown).toContain('interrupted by Ctrl+C');
		expect(unknown).not.toContain('no answer within');
		expect(unknown).not.toContain('EXIT=');
		await t.send('C-c');
		const after = await t.waitFor(/EXIT=\d+/);
		expect(after).toContain('loan-tui: outcome unknown: borrow loanCoin=USDT pledgeCoin=BTC daily=SEVEN pledgeAmount=0.5');
		expect(after).toContain('EXIT=3');
		// The shell's screen is back (the app's frame is gone) and the cursor shows.
		expect(after).not.toContain('Borrow? [y/N]');
		expect(t.cursorVisible()).toBe(true);
		expect(sim.posts()).toHaveLength(1);
	});

	it('SIGTERM while the borrow is out: the outcome is reported and recorded before the app exits; nothing more is posted', async () => {
		const state = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		const t = start({XDG_STATE_HOME: state});
		await toReview(t);
		await inFlight(t);
		process.kill(await t.descendantPid(CLI), 'SIGTERM');
		const after = await t.waitFor(/EXIT=\d+/);
		expect(after).toContain('loan-tui: outcome unknown: borrow loanCoin=USDT pledgeCoin=BTC daily=SEVEN pledgeAmount=0.5');
		expect(after).toContain('EXIT=3');
		expect(t.cursorVisible()).toBe(true);
		expect(sim.posts()).toHaveLength(1);
		const history = await runCli(['history', '--local', '--json'], {env: {XDG_STATE_HOME: state}});
		expect(history.code).toBe(0);
		const [entry] = JSON.parse(history.stdout) as Array<Record<string, unknown>>;
		expect(entry).toMatchObject({operation: 'borrow', outcome: 'unknown', values: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'}});
		expect(String(entry!.detail)).toContain('SIGTERM');
	});

	it('after a borrow, c copies the order id (OSC 52) and history --local lists it, with no secret in the file', async () => {
		const state = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		const t = start({XDG_STATE_HOME: state});
		t.setOption('set-clipboard', 'on');
		await toReview(t);
		await t.send('y');
		await t.waitFor('Order ID:');
		const orderId = sim.simulator.orders[0]!.orderId;
		await t.send('c');
		await t.waitFor('sent to the clipboard');
		const deadline = Date.now() + 15_000;
		while (t.newestBuffer() !== orderId && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
		expect(t.newestBuffer()).toBe(orderId);
		await t.send('C-c');
		await t.waitFor('EXIT=0');
		const listed = await runCli(['history', '--local'], {env: {XDG_STATE_HOME: state}});
		expect(listed.code).toBe(0);
		expect(listed.stdout).toMatch(new RegExp(`borrow\\s+loanCoin=USDT pledgeCoin=BTC daily=SEVEN pledgeAmount=0\\.5\\s+done\\s+${orderId}`));
		for (const secret of [TEST_CREDENTIALS.secretKey, TEST_CREDENTIALS.passphrase, TEST_CREDENTIALS.apiKey]) expect(listed.stdout).not.toContain(secret);
	});
});
