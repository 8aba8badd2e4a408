// The watch's top-up limits hold outside one process: restarts, `kill -9`, cron's --once runs, a second watch of the
// same account, a server clock that jumps, a stop in the middle of two top-ups. Every case counts the revise-pledge
// POSTs the simulator received. Demo loans: ETH 20 at 75.73 % (call 80 %, liquidation 90 %), BTC calm at 70.02 %.
// Reads are asked for with SIGUSR1 and waited for on the simulator's request log, never on the clock.
import {existsSync, mkdtempSync, readdirSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {runCli, spawnCli} from '../helpers/cli.js';
import {spawnWatch} from '../helpers/watch-process.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

const WAIT = {timeout: 40_000, interval: 20};

describe("the guardian's limits survive restarts, crashes, cron and a second watch", () => {
	const sim = useSimulator({demoLoans: true});
	const stopAll: Array<() => void> = [];
	afterEach(() => {
		for (const stop of stopAll.splice(0)) stop();
	});
	const posts = () => sim.simulator.requests.filter((request) => request.operation === 'revisePledge');
	const loanReads = () => sim.simulator.requests.filter((request) => request.operation === 'ongoingOrders').length;
	const scratch = () => mkdtempSync(join(tmpdir(), 'loan-tui-guardian-'));
	const envOf = (home: string, extra: Record<string, string> = {}) => ({
		...TEST_CREDENTIAL_ENV,
		HOME: home,
		XDG_STATE_HOME: home,
		LOAN_TUI_RECONCILE_SECONDS: '0',
		...extra,
	});
	const accountsOf = (home: string) => join(home, '.local', 'state', 'loan-tui', 'accounts');

	/** A watch in its own process: its NDJSON events and stderr as they come. */
	const watch = (home: string, extra: string[], env: Record<string, string> = {}) => {
		const args = ['watch', '--interval', '3600', '--json', ...extra, '--base-url', sim.simulator.url];
		const {child, result, events, stderr} = spawnWatch(args, envOf(home, env), stopAll);
		const topUps = () =>
			events()
				.filter((event) => event.kind === 'top-up')
				.map((event) => event.topUp!);
		const started = () => vi.waitFor(() => expect(stderr()).toMatch(/watching \d+ loans? every/), WAIT);
		return {child, result, events, topUps, started, stderr};
	};
	const once = (home: string, extra: string[]) =>
		runCli(['watch', '--once', '--json', ...extra, '--base-url', sim.simulator.url], {env: envOf(home), timeoutMs: 60_000});
	const askRead = async (child: {kill(signal: NodeJS.Signals): boolean}) => {
		const before = loanReads();
		child.kill('SIGUSR1');
		await vi.waitFor(() => expect(loanReads()).toBeGreaterThan(before), WAIT);
	};
	// 0.01 ETH leaves the ETH loan above 75 % (75.73 × 20 / 20.01 = 75.69 %): the server took the top-up, the LTV stays
	// high, and every restart reads the same crossing.
	const small = (orderId: string) => ['--order', orderId, '--top-up-at', '75', '--top-up-to', '70', '--max-add', '0.01ETH', '--yes'];

	it('three restarts (one of them kill -9) over one crossing: one POST', async () => {
		const home = scratch();
		const {tight} = sim.demoLoanIds();
		const first = watch(home, small(tight));
		await vi.waitFor(() => expect(first.topUps()).toMatchObject([{result: 'done', amount: '0.01', capped: true}]), WAIT);
		first.child.kill('SIGKILL');
		await first.result;
		for (let restart = 0; restart < 3; restart++) {
			const again = watch(home, small(tight));
			await again.started();
			expect(again.topUps()).toEqual([]);
			again.child.kill(restart === 1 ? 'SIGKILL' : 'SIGTERM');
			await again.result;
		}
		expect(posts()).toHaveLength(1);
	});

	it('cron: two --once runs over one crossing send one POST; --once may top up now', async () => {
		const home = scratch();
		const {tight} = sim.demoLoanIds();
		const first = await once(home, small(tight));
		expect(first.code, first.stderr).toBe(10);
		expect(first.stdout).toMatch(/"result":"done","amount":"0.01"/);
		const second = await once(home, small(tight));
		expect(second.code, second.stderr).toBe(10);
		expect(second.stdout).not.toMatch(/"kind":"top-up"/);
		expect(posts()).toHaveLength(1);
	});

	it('kill -9 while the POST is unanswered, then a restart: no second POST; the loan waits for its history', async () => {
		const home = scratch();
		const {tight} = sim.demoLoanIds();
		sim.simulator.injectFault({kind: 'stall', operation: 'revisePledge'});
		const first = watch(home, small(tight));
		await vi.waitFor(() => expect(posts()).toHaveLength(1), WAIT);
		first.child.kill('SIGKILL');
		await first.result;
		sim.simulator.clearFaults();
		const again = watch(home, small(tight));
		await again.started();
		expect(again.topUps()).toMatchObject([{result: 'skipped', reason: expect.stringMatching(/an earlier top-up of this loan has an unknown outcome/)}]);
		await askRead(again.child);
		await askRead(again.child);
		expect(posts()).toHaveLength(1);
		again.child.kill('SIGTERM');
		const ended = await again.result;
		expect(ended.code, ended.stderr).toBe(0);
	});

	it('one account, two profiles and two state directories: the second is refused and sends nothing; a demo watch runs beside', async () => {
		const home = scratch();
		const {tight} = sim.demoLoanIds();
		const first = watch(home, small(tight));
		await vi.waitFor(() => expect(first.topUps()).toMatchObject([{result: 'done'}]), WAIT);
		const other = await runCli(['watch', '--once', '--json', ...small(tight), '--profile', 'second', '--base-url', sim.simulator.url], {
			env: envOf(home, {XDG_STATE_HOME: scratch()}),
		});
		expect(other.code).toBe(2);
		expect(other.stderr).toMatch(
			new RegExp(`another loan-tui watch \\(process ${first.child.pid} with profile \\\\?"default\\\\?"\\) is guarding this Bitget account`),
		);
		const running = runCli(['watch', '--json', '--interval', '3600', ...small(tight), '--profile', 'third', '--base-url', sim.simulator.url], {
			env: envOf(home, {XDG_STATE_HOME: scratch()}),
		});
		expect((await running).code).toBe(2);
		// The demo is an account of its own: its watch starts beside the real one.
		const demo = spawnCli(['watch', '--demo', '--interval', '3600'], {env: {HOME: home, XDG_STATE_HOME: home}, timeoutMs: 60_000});
		stopAll.push(() => demo.child.kill('SIGKILL'));
		let demoErr = '';
		demo.child.stderr.on('data', (chunk) => (demoErr += chunk));
		await vi.waitFor(() => expect(demoErr).toMatch(/watching 2 loans/), WAIT);
		demo.child.kill('SIGTERM');
		expect((await demo.result).code).toBe(0);
		expect(posts()).toHaveLength(1);
		first.child.kill('SIGTERM');
		expect((await first.result).code).toBe(0);
	});

	it("the server's clock moved on 25 hours opens no new day: the limits run on this machine's clock", async () => {
		const home = scratch();
		const {tight} = sim.demoLoanIds();
		const guard = watch(home, small(tight));
		await vi.waitFor(() => expect(guard.topUps()).toMatchObject([{result: 'done'}]), WAIT);
		await guard.started();
		// Back below the line (a new crossing may act), then the server's clock a day on and the price back down.
		sim.simulator.setPrice('ETH', '1700');
		await askRead(guard.child);
		sim.simulator.setClockOffset(25 * 3_600_000);
		sim.simulator.setPrice('ETH', '1545');
		guard.child.kill('SIGUSR1');
		await vi.waitFor(() => expect(guard.topUps()).toHaveLength(2), WAIT);
		expect(guard.topUps()[1]).toMatchObject({result: 'skipped', reason: expect.stringMatching(/less than 10 minutes ago|used up/)});
		expect(posts()).toHaveLength(1);
		guard.child.kill('SIGTERM');
		expect((await guard.result).code).toBe(0);
	});

	it('SIGTERM while the first of two top-ups hangs: one POST, recorded unknown (nothing left "sending"), the alert out, the lock gone, exit 3', async () => {
		const home = scratch();
		sim.simulator.injectFault({kind: 'stall', operation: 'revisePledge'});
		const guard = watch(home, ['--top-up-at', '70', '--top-up-to', '65', '--max-add', '5ETH,1BTC', '--yes']);
		await vi.waitFor(() => expect(posts()).toHaveLength(1), WAIT);
		guard.child.kill('SIGTERM');
		const ended = await guard.result;
		expect(ended.code, ended.stderr).toBe(3);
		expect(ended.stderr).toMatch(/watch stopped — 1 top-up's outcome is unknown/);
		expect(posts()).toHaveLength(1);
		expect(guard.topUps()).toMatchObject([{result: 'unknown'}]);
		const accounts = accountsOf(home);
		const [account] = readdirSync(accounts);
		expect(existsSync(join(accounts, account!, 'watch.lock'))).toBe(false);
		const latest = (file: string) => {
			const byId = new Map<string, Record<string, unknown>>();
			for (const line of readFileSync(file, 'utf8')
				.split('\n')
				.filter((one) => one.startsWith('{'))) {
				const record = JSON.parse(line) as Record<string, unknown>;
				const before = byId.get(String(record.id));
				if (!before || Number(record.seq) >= Number(before.seq)) byId.set(String(record.id), record);
			}
			return [...byId.values()];
		};
		expect(latest(join(accounts, account!, 'top-ups.jsonl')).map((record) => record.outcome)).toEqual(['unknown']);
		expect(latest(join(home, 'loan-tui', 'history.jsonl')).map((record) => record.outcome)).toEqual(['unknown']);
	});

	it('--max-add: a bare amount over loans of two coins, a coin without a cap, a coin twice: exit 2 before any POST', async () => {
		const home = scratch();
		const top = ['--top-up-at', '75', '--top-up-to', '70', '--yes'];
		const bare = await once(home, [...top, '--max-add', '5']);
		expect(bare.code).toBe(2);
		expect(bare.stderr).toMatch(/--max-add 5 names no coin, and the loans watched pledge BTC and ETH: name the cap of each/);
		const missing = await once(home, [...top, '--max-add', '1ETH']);
		expect(missing.code).toBe(2);
		expect(missing.stderr).toMatch(/--max-add names no cap for BTC/);
		const twice = await once(home, [...top, '--max-add', '1ETH,2eth']);
		expect(twice.code).toBe(2);
		expect(twice.stderr).toMatch(/--max-add names ETH twice/);
		expect(posts()).toEqual([]);
	});
});
