// loan-tui watch over the simulator's two demo loans (ETH near its margin call at 75.73 %, call 80 %, liquidation
// 90 %; BTC calm at 70.02 %), as a process: --once's exit status for each level; a watch that alerts once per change
// of level on stdout (NDJSON), --exec and a loopback webhook, reminds while a loan stays at margin call (the
// server's clock moved on), refuses a second watch, and stops on SIGTERM; blindness
// when the server stops answering, and sight again; a price wobbling at a line and an absurd tick on the stream.
// Reads are asked for with SIGUSR1, never waited for by the clock.
import {chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, existsSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {runCli, spawnCli} from '../helpers/cli.js';
import {spawnWatch} from '../helpers/watch-process.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

const WAIT = {timeout: 30_000, interval: 20};

describe('loan-tui watch', () => {
	const sim = useSimulator({demoLoans: true});
	const stateHome = () => mkdtempSync(join(tmpdir(), 'loan-tui-watch-'));
	const run = (args: string[], env: Record<string, string> = {}) =>
		runCli(['watch', ...args, '--base-url', sim.simulator.url], {env: {...TEST_CREDENTIAL_ENV, ...env}});
	const reads = () => sim.simulator.requests.filter((request) => request.operation === 'ongoingOrders').length;
	const tickerReads = () => sim.simulator.requests.filter((request) => request.operation === 'tickers').length;
	/** SIGUSR1, then both requests of the read it starts seen by the simulator: what it answers is fixed from then on,
	 * so a price moved after this cannot land half in that read. */
	const askRead = async (child: {kill(signal: NodeJS.Signals): boolean}) => {
		const [loans, tickers] = [reads(), tickerReads()];
		child.kill('SIGUSR1');
		await vi.waitFor(() => expect([reads() > loans, tickerReads() > tickers]).toEqual([true, true]), WAIT);
	};
	const stopAll: Array<() => void> = [];
	afterEach(() => {
		for (const stop of stopAll.splice(0)) stop();
	});

	/** A watch over the simulator, its NDJSON events and stderr as they come. */
	const startWatch = (extra: string[], env: Record<string, string> = {}, {json = true} = {}) => {
		const args = ['watch', '--interval', '3600', ...(json ? ['--json'] : []), ...extra, '--base-url', sim.simulator.url];
		const home = env.XDG_STATE_HOME ?? stateHome();
		// HOME too: the account's lock and top-up ledger live under it (~/.local/state/loan-tui/accounts).
		const fullEnv = {...TEST_CREDENTIAL_ENV, XDG_STATE_HOME: home, HOME: home, LOAN_TUI_RECONCILE_SECONDS: '0', ...env};
		return {...spawnWatch(args, fullEnv, stopAll), args, env: fullEnv};
	};
	it("--once: one read, every loan's level, the worst as the exit status (0, 10, 11, 12; 1 when the loans cannot be read)", async () => {
		const warn = await run(['--once']);
		expect(warn.code, warn.stderr).toBe(10);
		expect(warn.stdout).toMatch(
			/loan \d+ ETH\/USDT: WARN · LTV 75\.73% · ETH at 1,545\.0000 USDT; margin call at 1,462\.5512 USDT, liquidation at 1,300\.0455 USDT/,
		);
		expect(warn.stdout).toMatch(/loan \d+ BTC\/USDT: ok · LTV 70\.02%/);
		for (const [price, code, level] of [
			['1700', 0, 'ok'],
			['1460', 11, 'margin-call'],
			['1340', 12, 'liquidation-near'],
		] as const) {
			sim.simulator.setPrice('ETH', price);
			const result = await run(['--once', '--json']);
			expect(result.code, `ETH at ${price}: ${result.stderr}`).toBe(code);
			const eth = result.stdout
				.trim()
				.split('\n')
				.map((line) => JSON.parse(line) as Record<string, unknown>)
				.find((event) => event.pledgeCoin === 'ETH');
			expect(eth).toMatchObject({kind: 'level', level, loanCoin: 'USDT', projected: false});
		}
		// --warn-ltv moves the line; one at or above a loan's liquidation LTV is refused before watching.
		sim.simulator.setPrice('ETH', '1545');
		expect((await run(['--once', '--warn-ltv', '76'])).code).toBe(0);
		const late = await run(['--once', '--warn-ltv', '90']);
		expect(late.code).toBe(2);
		expect(late.stderr).toMatch(/--warn-ltv 90\.00% is at or above the liquidation LTV of loan \d+ \(90\.00%\)/);
		// --notify where no notifier is installed: said once, the alerts still printed.
		const quiet = await run(['--once', '--notify'], {PATH: '/nonexistent'});
		expect(quiet.code).toBe(10);
		expect(quiet.stderr.match(/desktop notifications need notify-send, which is not installed/g) ?? []).toHaveLength(1);
		expect(quiet.stdout).toMatch(/ETH\/USDT: WARN/);
		sim.simulator.setAvailable(false);
		const blind = await run(['--once', '--timeout', '2']);
		expect(blind.code).toBe(1);
		expect(blind.stdout).toMatch(/cannot read your loans/);
	});

	it('bad input is exit 2 before any request: a short interval, thresholds, a webhook over plain http elsewhere, an unknown order', async () => {
		for (const [args, message] of [
			[['--interval', '5'], /--interval must be a whole number of seconds from 10 to 86400 \(got "5"\)/],
			[['--warn-ltv', '120'], /--warn-ltv must be a percentage above 0 and below 100/],
			[['--repeat', '0'], /--repeat must be a whole number of minutes from 1/],
			[['--webhook', 'http://example.com/hook'], /--webhook must be an https:\/\/ URL \(plain http only to this machine\)/],
			[['--order', 'abc'], /--order: /],
			[['--warn-chance', '0.1'], /--warn-chance 0\.1 could be a fraction or a percentage: write 10% for a 1-in-10 chance, or 0\.1% for a 1-in-1,000 chance/],
			[['--warn-chance', '100'], /--warn-chance must be a percentage above 0 and below 100, like 10 or 10% .*\(got "100"\)/],
			[['--warn-chance', '0%'], /--warn-chance must be a percentage above 0 and below 100/],
			[['--warn-chance', '-5%'], /--warn-chance must be a percentage above 0 and below 100/],
			[['--warn-chance', '1-in-10'], /--warn-chance must be a percentage above 0 and below 100/],
		] as const) {
			const result = await run([...args]);
			expect(result.code, result.stderr).toBe(2);
			expect(result.stderr).toMatch(message);
		}
		expect(sim.simulator.requests).toEqual([]);
		const unknown = await run(['--once', '--order', '1130000000000009999']);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toMatch(/not among your ongoing loans: 1130000000000009999/);
	});

	it('--once --warn-chance: a loan whose chance within 24 h reaches P is printed (NDJSON kind "chance") and exits 10 though its level is ok', async () => {
		// ETH at 1590: LTV 73.6 % (ok), about a 1-in-45 chance of a margin call within 24 h; BTC far from its own.
		sim.simulator.setPrice('ETH', '1590');
		const candles = () => sim.simulator.requests.filter((request) => request.operation === 'candles').length;
		const cache = {XDG_CACHE_HOME: stateHome()};
		expect((await run(['--once', '--warn-chance', '50%'], cache)).code).toBe(0);
		expect(candles()).toBe(4);
		// The next run within the hour finds both pairs' histories on disk (the cache directory): no candle read.
		const warned = await run(['--once', '--warn-chance', '1', '--json'], cache);
		expect(candles()).toBe(4);
		expect(warned.code, warned.stderr).toBe(10);
		const events = warned.stdout
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line) as Record<string, unknown>);
		expect(events.filter((event) => event.kind === 'chance')).toEqual([
			expect.objectContaining({
				pledgeCoin: 'ETH',
				threshold: 0.01,
				horizonHours: 24,
				marginCallProbability: expect.any(Number),
				volatility: expect.any(Number),
			}),
		]);
		expect(events.filter((event) => event.kind === 'level').map((event) => event.level)).toEqual(['ok', 'ok']);
		expect(warned.stderr).toMatch(
			/--warn-chance: an alert when a loan's chance of a margin call within 24 h reaches 1% \(1-in-100\); advice only, it never tops up\. A model from past prices, not a promise\./,
		);
		// Without history (BTC listed two days ago; a cache of its own): said once, never judged, never a guess.
		sim.simulator.loans.setListedAt('BTC', Date.now() - 2 * 86_400_000);
		const blind = await run(['--once', '--warn-chance', '1%'], {XDG_CACHE_HOME: stateHome()});
		expect(blind.code).toBe(10);
		expect(blind.stderr.match(/no price history for BTC \(.*\): --warn-chance cannot judge this loan/g) ?? []).toHaveLength(1);
		expect(blind.stdout).toMatch(/ETH\/USDT: CHANCE of a margin call within 24 h: 1-in-\d+ \(\d+%\), at or past --warn-chance 1%/);
	});

	it('alerts once per change of level on stdout, --exec and the webhook; a second watch is refused; SIGTERM stops it', async () => {
		const bodies: Array<Record<string, unknown>> = [];
		const hook: Server = createServer((req, res) => {
			let body = '';
			req.on('data', (chunk) => (body += chunk));
			req.on('end', () => {
				bodies.push(JSON.parse(body) as Record<string, unknown>);
				res.end('ok');
			});
		});
		await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
		stopAll.push(() => hook.close());
		const scratch = stateHome();
		const execLog = join(scratch, 'exec.log');
		const execEnv = join(scratch, 'exec.env');
		const watch = startWatch(
			[
				'--exec',
				// The environment first: once the log has a line, that command's environment is whole on disk.
				`env > '${execEnv}'; echo "$LOAN_TUI_EVENT_LEVEL $LOAN_TUI_EVENT_PLEDGE_COIN" >> '${execLog}'`,
				'--webhook',
				`http://127.0.0.1:${(hook.address() as AddressInfo).port}/alerts`,
			],
			{XDG_STATE_HOME: scratch},
		);
		const {child, result, events} = watch;
		const levels = () => events().map((event) => `${event.pledgeCoin}:${event.level}`);
		const readNow = async (expected: number) => {
			await askRead(child);
			await vi.waitFor(() => expect(events()).toHaveLength(expected), WAIT);
		};

		const execLines = () => (existsSync(execLog) ? readFileSync(execLog, 'utf8').trim().split('\n') : []);
		// Each alert delivered on --exec and the webhook before the next change: one delivery per loan is in flight at a
		// time, and alerts that come meanwhile are folded into the latest (cli/watch/channels.ts), which is not this test.
		const delivered = async (count: number) => {
			await vi.waitFor(() => expect([execLines().length, bodies.length]).toEqual([count, count]), WAIT);
		};

		// The first read: ETH at warn is an alert, calm BTC is not.
		await vi.waitFor(() => expect(watch.stderr()).toMatch(/watching 2 loans every 3600 s \(worst: warn\)/), WAIT);
		expect(levels()).toEqual(['ETH:warn']);
		await delivered(1);
		// ETH to 1,460: 75.73 × 1,545 / 1,460 = 80.14 %, at the margin call.
		sim.simulator.setPrice('ETH', '1460');
		await readNow(2);
		// From the read, or first from the price stream (projected): one alert either way.
		expect(events()[1]).toMatchObject({kind: 'level', level: 'margin-call', previous: 'warn', pledgeCoin: 'ETH', loanCoin: 'USDT'});
		expect(Number(events()[1]!.ltv)).toBeGreaterThanOrEqual(0.8);
		await delivered(2);
		// The same level read again is no alert: the next alert (back to ok) is the third line, not a second margin call.
		await askRead(child);
		sim.simulator.setPrice('ETH', '1700');
		// A read after the move: it says ok at once (a projection from the stream waits its 10 s dwell first).
		await askRead(child);
		await vi.waitFor(() => expect(events()).toHaveLength(3), WAIT);
		expect(levels()).toEqual(['ETH:warn', 'ETH:margin-call', 'ETH:ok']);

		// Each alert reached --exec (with the event, never the credentials) and the webhook.
		await delivered(3);
		expect(readFileSync(execLog, 'utf8')).toBe('warn ETH\nmargin-call ETH\nok ETH\n');
		const childEnv = readFileSync(execEnv, 'utf8');
		expect(childEnv).toMatch(/^LOAN_TUI_EVENT_ORDER_ID=\d+$/m);
		expect(childEnv).not.toMatch(/BITGET_|test-secret-key|test-passphrase/);
		expect(bodies.map((body) => body.level)).toEqual(['warn', 'margin-call', 'ok']);

		// One watch per account: the same key under another profile name and another state directory is refused.
		const second = await runCli([...watch.args, '--profile', 'other'], {env: {...watch.env, XDG_STATE_HOME: stateHome()}});
		expect(second.code).toBe(2);
		expect(second.stderr).toMatch(
			new RegExp(`another loan-tui watch \\(process ${child.pid} with profile \\\\?"default\\\\?"\\) is guarding this Bitget account`),
		);

		child.kill('SIGTERM');
		const ended = await result;
		expect(ended.code, ended.stderr).toBe(0);
		expect(ended.stderr).toMatch(/watch stopped/);
		expect(
			readdirSync(join(scratch, '.local', 'state', 'loan-tui', 'accounts')).flatMap((account) =>
				readdirSync(join(scratch, '.local', 'state', 'loan-tui', 'accounts', account)),
			),
		).toEqual([]);
	});

	it('a scripted fall, as a person reads it: one line per level down to the liquidation, each with the bell and a desktop notification', async () => {
		const scratch = stateHome();
		// A notify-send of our own on PATH: it records what it was asked to show.
		const bin = join(scratch, 'bin');
		const shown = join(scratch, 'notifications.log');
		mkdirSync(bin);
		writeFileSync(join(bin, 'notify-send'), `#!/bin/sh\nprintf '%s|%s\\n' "$1" "$2" >> '${shown}'\n`);
		chmodSync(join(bin, 'notify-send'), 0o755);
		const watch = startWatch(['--bell', '--notify'], {XDG_STATE_HOME: scratch, PATH: `${bin}:${process.env.PATH ?? ''}`}, {json: false});
		const lines = () =>
			watch
				.stdout()
				.split('\n')
				.filter((line) => line.includes('ETH/USDT'));
		await vi.waitFor(() => expect(watch.stderr()).toMatch(/watching 2 loans every 3600 s \(worst: warn\)/), WAIT);
		// ETH 1,545 → 1,460 (80.14 %) → 1,340 (87.32 %, within 3 points of 90 %) → 1,290: past the liquidation price
		// (1,300.03), the simulator liquidates it. Each step's alert may come from the stream first (projected) or the read.
		const steps: Array<[string, RegExp]> = [
			['1460', /ETH\/USDT: MARGIN CALL \(was WARN\) · LTV 80\.14%/],
			['1340', /ETH\/USDT: LIQUIDATION NEAR \(was MARGIN CALL\) · LTV 87\.3\d%/],
			['1290', /ETH\/USDT: LIQUIDATED/],
		];
		// Each notification shown before the next step: one per loan is in flight at a time, and later ones are folded.
		const notified = (count: number) =>
			vi.waitFor(() => expect(existsSync(shown) ? readFileSync(shown, 'utf8').trim().split('\n') : []).toHaveLength(count), WAIT);
		await notified(1);
		for (const [index, [price, line]] of steps.entries()) {
			sim.simulator.setPrice('ETH', price);
			await askRead(watch.child);
			await vi.waitFor(() => expect(lines().at(-1)).toMatch(line), WAIT);
			await notified(index + 2);
		}
		expect(lines()).toHaveLength(4);
		expect(lines()[0]).toMatch(
			/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d {2}loan \d+ ETH\/USDT: WARN · LTV 75\.73% · ETH at 1,545\.0000 USDT; margin call at 1,462\.5512 USDT, liquidation at 1,300\.0455 USDT$/,
		);
		// No line for calm BTC, which stayed ok.
		expect(watch.stdout()).not.toMatch(/BTC\/USDT/);
		// The bell goes to stderr, a pipe of its own: it may arrive after the line.
		await vi.waitFor(() => expect(watch.stderr().match(/\u0007/g) ?? []).toHaveLength(4), WAIT);
		await vi.waitFor(() => expect(existsSync(shown) ? readFileSync(shown, 'utf8').trim().split('\n') : []).toHaveLength(4), WAIT);
		const notes = readFileSync(shown, 'utf8').trim().split('\n');
		expect(notes.every((note) => note.startsWith('loan-tui|loan '))).toBe(true);
		expect(notes.map((note) => /: ([A-Z ]+)/.exec(note)?.[1]?.trim())).toEqual(['WARN', 'MARGIN CALL', 'LIQUIDATION NEAR', 'LIQUIDATED']);
		watch.child.kill('SIGTERM');
		expect((await watch.result).code).toBe(0);
	});

	it('reminds every --repeat minutes while a loan stays at margin call, on stdout and --exec; none sooner, none for ok', async () => {
		// Time passes on the server's clock, which the client follows (api/clock.ts): the simulator's moves forward
		// and each read is asked for with SIGUSR1, so no test waits half an hour or counts on a timer.
		const scratch = stateHome();
		const execLog = join(scratch, 'exec.log');
		sim.simulator.setPrice('ETH', '1460');
		const watch = startWatch(['--repeat', '30', '--exec', `echo "$LOAN_TUI_EVENT_KIND $LOAN_TUI_EVENT_LEVEL $LOAN_TUI_EVENT_PLEDGE_COIN" >> '${execLog}'`], {
			XDG_STATE_HOME: scratch,
		});
		await vi.waitFor(() => expect(watch.stderr()).toMatch(/watching 2 loans every 3600 s \(worst: margin-call\)/), WAIT);
		const kinds = () => watch.events().map((event) => `${String(event.kind)}:${String(event.pledgeCoin)}:${String(event.level)}`);
		expect(kinds()).toEqual(['level:ETH:margin-call']);
		const start = Date.parse(String(watch.events()[0]!.time));
		const accepted = () => sim.simulator.requests.filter((request) => request.operation === 'ongoingOrders' && request.code === '00000').length;
		/** The server's clock `minutes` after the start, then a read, waited for until the server accepted it (its first
		 * request, signed on the old clock, is refused with 40008 and sent again on the new one). */
		const readAt = async (minutes: number) => {
			const before = accepted();
			sim.simulator.setClockOffset(minutes * 60_000);
			watch.child.kill('SIGUSR1');
			await vi.waitFor(() => expect(accepted()).toBeGreaterThan(before), WAIT);
		};
		const reminderAfter = (minutes: number) =>
			vi.waitFor(
				() => expect(watch.events().some((event) => event.kind === 'reminder' && Date.parse(String(event.time)) >= start + minutes * 60_000)).toBe(true),
				WAIT,
			);
		// 29 minutes on: too soon. 31: the reminder, after which (the reads go in order) the 29th-minute read had
		// long been said, so one reminder in all means none came early.
		await readAt(29);
		await readAt(31);
		await reminderAfter(31);
		expect(kinds()).toEqual(['level:ETH:margin-call', 'reminder:ETH:margin-call']);
		// Delivered before the next: a reminder that came while --exec still ran would be folded into the latest.
		await vi.waitFor(() => expect(existsSync(execLog) ? readFileSync(execLog, 'utf8').trim().split('\n') : []).toHaveLength(2), WAIT);
		// Counted from the reminder, not from the first alert: 45 minutes is too soon, 62 is due.
		await readAt(45);
		await readAt(62);
		await reminderAfter(62);
		expect(kinds()).toEqual(['level:ETH:margin-call', 'reminder:ETH:margin-call', 'reminder:ETH:margin-call']);
		const reminder = watch.events()[2]!;
		expect(reminder).toMatchObject({kind: 'reminder', level: 'margin-call', price: '1460', projected: false});
		expect(String(reminder.text)).toMatch(/ETH\/USDT: MARGIN CALL \(still\) · LTV 80\.1\d%/);
		await vi.waitFor(() => expect(existsSync(execLog) ? readFileSync(execLog, 'utf8').trim().split('\n') : []).toHaveLength(3), WAIT);
		expect(readFileSync(execLog, 'utf8')).toBe('level margin-call ETH\nreminder margin-call ETH\nreminder margin-call ETH\n');
		watch.child.kill('SIGTERM');
		expect((await watch.result).code).toBe(0);
	});

	it('blind after three failed reads (each said on stderr), one alert; it says when it sees again', async () => {
		const {child, result, stdout, stderr} = startWatch(['--timeout', '2']);
		await vi.waitFor(() => expect(stderr()).toMatch(/watching 2 loans/), WAIT);
		sim.simulator.setAvailable(false);
		for (let failure = 1; failure <= 3; failure++) {
			child.kill('SIGUSR1');
			await vi.waitFor(() => expect(stderr().match(/could not read your loans/g) ?? []).toHaveLength(failure), WAIT);
		}
		expect(stdout().match(/cannot read your loans/g) ?? []).toHaveLength(1);
		sim.simulator.setAvailable(true);
		child.kill('SIGUSR1');
		await vi.waitFor(() => expect(stdout()).toMatch(/reads your loans again/), WAIT);
		expect(stdout().match(/cannot read your loans/g) ?? []).toHaveLength(1);
		child.kill('SIGINT');
		expect((await result).code).toBe(0);
	});

	it('a webhook that never answers and an --exec that fails: each said once per alert, never retried, never holding up a read', async () => {
		// A receiver that takes the request and never answers.
		const held: Array<() => void> = [];
		const hook: Server = createServer((req) => void held.push(() => req.socket.destroy()));
		await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
		stopAll.push(() => {
			for (const release of held) release();
			hook.close();
		});
		const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/slow`;
		const watch = startWatch(['--webhook', url, '--exec', 'exit 7']);
		await vi.waitFor(() => expect(watch.stderr()).toMatch(/--exec exited with 7 for the alert "loan \d+ ETH\/USDT: WARN/), WAIT);
		// The webhook is still held; a read goes ahead regardless, and its alert comes.
		sim.simulator.setPrice('ETH', '1700');
		await askRead(watch.child);
		await vi.waitFor(() => expect(watch.events().some((event) => event.level === 'ok')).toBe(true), WAIT);
		// After its 5 s deadline each webhook attempt is given up and said; one request per alert, none repeated.
		await vi.waitFor(
			() => expect(watch.stderr().match(/the webhook did not take the alert \(no answer within 5 s; not retried\)/g) ?? []).toHaveLength(2),
			WAIT,
		);
		expect(held).toHaveLength(2);
		expect(watch.stderr().match(/--exec exited with 7/g) ?? []).toHaveLength(2);
		watch.child.kill('SIGTERM');
		expect((await watch.result).code).toBe(0);
	});

	it('a server that answers 429 slows the reads down, doubling each time', async () => {
		const {child, result, stderr} = startWatch(['--timeout', '2']);
		await vi.waitFor(() => expect(stderr()).toMatch(/watching 2 loans/), WAIT);
		sim.simulator.injectFault({kind: 'rate-limit', operation: 'ongoingOrders', times: Number.POSITIVE_INFINITY});
		child.kill('SIGUSR1');
		await vi.waitFor(() => expect(stderr()).toMatch(/next try in 7200 s \(the server asked for fewer requests\)/), WAIT);
		child.kill('SIGUSR1');
		await vi.waitFor(() => expect(stderr()).toMatch(/next try in 14400 s \(the server asked for fewer requests\)/), WAIT);
		child.kill('SIGTERM');
		expect((await result).code).toBe(0);
	});

	it('a loan liquidated while watched is closed, "liquidated" from the history, once; one repaid elsewhere, "repaid"', async () => {
		const {calm} = sim.demoLoanIds();
		const {child, result, events, stderr} = startWatch([]);
		await vi.waitFor(() => expect(stderr()).toMatch(/watching 2 loans/), WAIT);
		// ETH at 1,290: 75.73 × 1,545 / 1,290 = 90.7 %, past the liquidation LTV: the simulator liquidates it.
		sim.simulator.setPrice('ETH', '1290');
		child.kill('SIGUSR1');
		await vi.waitFor(() => expect(events().some((event) => event.level === 'closed')).toBe(true), WAIT);
		const closed = events().filter((event) => event.level === 'closed');
		// Before the read found it gone, the price stream may already have shown it near liquidation (projected).
		expect(closed).toEqual([
			expect.objectContaining({kind: 'level', how: 'liquidated', previous: expect.stringMatching(/^(warn|liquidation-near)$/), pledgeCoin: 'ETH'}),
		]);
		expect(String(closed[0]!.text)).toMatch(/ETH\/USDT: LIQUIDATED/);
		// The other one repaid in full (elsewhere: the web, another tool): closed, "repaid" from the repayment history.
		await sim.client().repay({orderId: calm, repayAll: true, repayUnlock: true});
		child.kill('SIGUSR1');
		await vi.waitFor(() => expect(events().filter((event) => event.level === 'closed')).toHaveLength(2), WAIT);
		expect(events().filter((event) => event.level === 'closed')[1]).toMatchObject({kind: 'level', how: 'repaid', previous: 'ok', pledgeCoin: 'BTC'});
		expect(String(events().at(-1)!.text)).toMatch(/BTC\/USDT: repaid/);
		child.kill('SIGTERM');
		expect((await result).code).toBe(0);
	});

	const posts = () => sim.simulator.requests.filter((request) => request.operation === 'revisePledge');
	const topUps = (events: Array<Record<string, unknown> & {topUp?: Record<string, unknown>}>) =>
		events.filter((event) => event.kind === 'top-up').map((event) => event.topUp);

	it('top-up with --yes: one POST for the crossing, capped by --max-add; crossing again within 10 minutes is said, not sent', async () => {
		const {tight} = sim.demoLoanIds();
		const watch = startWatch(['--top-up-at', '75', '--top-up-to', '70', '--max-add', '0.5ETH,0.1BTC', '--yes']);
		// 20 ETH at 75.73 %: 70 % wants 1.63714286 ETH; --max-add allows 0.5 (75.73 × 20 / 20.5 = 73.88 %).
		await vi.waitFor(() => expect(topUps(watch.events())).toHaveLength(1), WAIT);
		expect(topUps(watch.events())[0]).toMatchObject({result: 'done', amount: '0.5', capped: true, ltvBefore: '0.7573'});
		expect(Number(topUps(watch.events())[0]!.ltvAfter)).toBeCloseTo(0.7388, 3);
		expect(posts()).toHaveLength(1);
		expect(JSON.parse(posts()[0]!.body)).toEqual({orderId: tight, amount: '0.5', pledgeCoin: 'ETH', reviseType: 'IN'});
		// The next read finds it below the line (and ok: below 75 %), which ends the crossing.
		await askRead(watch.child);
		await vi.waitFor(() => expect(watch.events().some((event) => event.level === 'ok' && event.previous === 'warn')).toBe(true), WAIT);
		// ETH to 1,500 puts it above again (73.88 × 1,545 / 1,500 = 76.1 %): a new crossing, too soon.
		sim.simulator.setPrice('ETH', '1500');
		await askRead(watch.child);
		await vi.waitFor(() => expect(topUps(watch.events())).toHaveLength(2), WAIT);
		expect(topUps(watch.events())[1]).toEqual({result: 'skipped', reason: 'the last top-up of this loan was less than 10 minutes ago'});
		expect(posts()).toHaveLength(1);
		watch.child.kill('SIGTERM');
		expect((await watch.result).code).toBe(0);
	});

	it('top-up: without --yes only said; a refusal (43012) is one alert, not retried; an unknown outcome stops top-ups of that loan', async () => {
		const dry = startWatch(['--top-up-at', '75', '--top-up-to', '70', '--max-add', '5ETH,1BTC']);
		await vi.waitFor(() => expect(topUps(dry.events())).toHaveLength(1), WAIT);
		expect(topUps(dry.events())[0]).toMatchObject({result: 'dry-run', amount: '1.63714286', capped: false});
		expect(dry.events().find((event) => event.kind === 'top-up')!.text).toMatch(/would add 1\.63714286 ETH \(LTV 75\.73% → 70\.00%\); nothing sent/);
		dry.child.kill('SIGTERM');
		await dry.result;
		expect(posts()).toHaveLength(0);

		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'revisePledge',
			body: JSON.stringify({code: '43012', msg: 'Insufficient balance', requestTime: 0, data: null}),
			times: Number.POSITIVE_INFINITY,
		});
		const refused = startWatch(['--top-up-at', '75', '--top-up-to', '70', '--max-add', '5ETH,1BTC', '--yes']);
		await vi.waitFor(() => expect(topUps(refused.events())).toHaveLength(1), WAIT);
		expect(topUps(refused.events())[0]).toMatchObject({result: 'refused', amount: '1.63714286', reason: expect.stringMatching(/43012.*Insufficient balance/)});
		expect(posts()).toHaveLength(1);
		// Reads that follow, still above the line (and further, at the margin call): no second POST. Reads run one after
		// the other, so once the one after has started, the one before (and any top-up of it) is done.
		sim.simulator.setPrice('ETH', '1460');
		await askRead(refused.child);
		await askRead(refused.child);
		expect(refused.events().some((event) => event.level === 'margin-call')).toBe(true);
		expect(posts()).toHaveLength(1);
		expect(topUps(refused.events())).toHaveLength(1);
		refused.child.kill('SIGTERM');
		await refused.result;

		sim.simulator.reset();
		sim.simulator.injectFault({kind: 'reset-before-response', operation: 'revisePledge'});
		const lost = startWatch(['--top-up-at', '75', '--top-up-to', '70', '--max-add', '5ETH,1BTC', '--yes']);
		await vi.waitFor(() => expect(topUps(lost.events())).toHaveLength(1), WAIT);
		expect(topUps(lost.events())[0]).toMatchObject({result: 'unknown', amount: '1.63714286'});
		expect(lost.events().find((event) => event.kind === 'top-up')!.text).toMatch(/OUTCOME UNKNOWN/);
		lost.child.kill('SIGTERM');
		await lost.result;
	});

	it('between reads the LTV follows the price stream: a price pushed on the socket is a projected alert, with no read of the loans', async () => {
		const watch = startWatch([]);
		await vi.waitFor(() => expect(watch.stderr()).toMatch(/prices: live from the ticker stream/), WAIT);
		await vi.waitFor(
			() => expect(sim.simulator.tickerStream.subscriptions.some((record) => record.instId === 'ETHUSDT' && record.op === 'subscribe')).toBe(true),
			WAIT,
		);
		const readsBefore = reads();
		// ETH to 1,460: 75.73 × 1,545 / 1,460 = 80.14 %, projected from the price alone.
		sim.simulator.setPrice('ETH', '1460');
		await vi.waitFor(() => expect(watch.events().some((event) => event.level === 'margin-call')).toBe(true), WAIT);
		const projected = watch.events().find((event) => event.level === 'margin-call')!;
		expect(projected).toMatchObject({kind: 'level', previous: 'warn', projected: true, price: '1460', pledgeCoin: 'ETH'});
		expect(projected.ltv).toBe('0.801389');
		expect(String(projected.text)).toMatch(/LTV 80\.14% \(projected\)/);
		expect(reads()).toBe(readsBefore);
		// The read that follows confirms it: the same level, no second alert; the next alert is the way back.
		await askRead(watch.child);
		sim.simulator.setPrice('ETH', '1700');
		// The way back, told by the read that follows at once (a projected improvement waits its 10 s dwell first).
		await askRead(watch.child);
		await vi.waitFor(() => expect(watch.events().some((event) => event.level === 'ok')).toBe(true), WAIT);
		expect(watch.events().map((event) => event.level)).toEqual(['warn', 'margin-call', 'ok']);
		watch.child.kill('SIGTERM');
		expect((await watch.result).code).toBe(0);
	});

	/** A watch whose ETH price is followed on the stream: started, the stream live, ETHUSDT subscribed. */
	const startStreamWatch = async () => {
		const watch = startWatch([]);
		await vi.waitFor(() => expect(watch.stderr()).toMatch(/prices: live from the ticker stream/), WAIT);
		await vi.waitFor(
			() => expect(sim.simulator.tickerStream.subscriptions.some((record) => record.instId === 'ETHUSDT' && record.op === 'subscribe')).toBe(true),
			WAIT,
		);
		return watch;
	};
	const ethLevels = (events: Array<Record<string, unknown>>) => events.filter((event) => event.pledgeCoin === 'ETH').map((event) => String(event.level));

	it('a price wobbling across the margin-call line, pushed again and again on the stream, is one alert, not one per crossing', async () => {
		const watch = await startStreamWatch();
		// The margin call (80 %) is at 1,462.54: 1,462 is 80.03 %, 1,463 is 79.97 % — each a hair from the line.
		// Paced, so most reach the feed one by one (it tells the latest of a burst); nothing below depends on how fast.
		for (let push = 0; push < 24; push++) {
			sim.simulator.setPrice('ETH', push % 2 === 0 ? '1462' : '1463');
			await new Promise((resolve) => setTimeout(resolve, 120));
		}
		// Then a real fall to 1,340 (87.32 %, liquidation near): the ticks come in order, so once its alert is in, every
		// crossing before it has been taken.
		sim.simulator.setPrice('ETH', '1340');
		await vi.waitFor(() => expect(ethLevels(watch.events()).at(-1)).toBe('liquidation-near'), WAIT);
		// 24 crossings: at most the one margin call (none if the fall came within its dwell), then the fall.
		expect([
			['warn', 'liquidation-near'],
			['warn', 'margin-call', 'liquidation-near'],
		]).toContainEqual(ethLevels(watch.events()));
		expect(
			watch
				.events()
				.slice(1)
				.every((event) => event.projected === true),
		).toBe(true);
		watch.child.kill('SIGTERM');
		expect((await watch.result).code).toBe(0);
	});

	it('an absurd tick on the stream (a price of 1e-30, ts 9999999999999999) is never reported, and the reads after it still alert', async () => {
		const watch = await startStreamWatch();
		sim.simulator.tickerStream.pushTicker('ETHUSDT', '0.000000000000000000000000000001', '9999999999999999');
		// A real fall after it, on the same socket: its projected alert means the absurd tick was taken (and dropped).
		sim.simulator.setPrice('ETH', '1340');
		await vi.waitFor(() => expect(ethLevels(watch.events())).toEqual(['warn', 'liquidation-near']), WAIT);
		expect(watch.events()[1]).toMatchObject({projected: true, price: '1340'});
		// A read at a recovered price alerts (at once, or first from the price once the REST tickers confirmed it).
		sim.simulator.setPrice('ETH', '1700');
		await askRead(watch.child);
		await vi.waitFor(() => expect(ethLevels(watch.events())).toEqual(['warn', 'liquidation-near', 'ok']), WAIT);
		expect(watch.events().every((event) => Number(event.ltv) > 0.6 && Number(event.ltv) < 0.9)).toBe(true);
		expect(watch.stdout()).not.toMatch(/e[+-]\d|\d{4,}\.\d\d%/);
		watch.child.kill('SIGTERM');
		expect((await watch.result).code).toBe(0);
	});
});

describe('loan-tui watch over the ticker stream at Bitget’s cadence (every pair every 100–300 ms, moved or not)', () => {
	const sim = useSimulator({demoLoans: true, streamCadence: {minMs: 100, maxMs: 300}});
	const stopAll: Array<() => void> = [];
	afterEach(() => {
		for (const stop of stopAll.splice(0)) stop();
	});
	const connections = () => sim.simulator.tickerStream.connections;

	it('keeps one stream connection while the pushes come for three loans; under --debug a drop is named with its reason, and "live" is said once', async () => {
		// A third loan, on SOL, beside the demo's BTC and ETH ones: three pairs pushed.
		await sim.client().borrow({loanCoin: 'USDT', pledgeCoin: 'SOL', daily: 'SEVEN', pledgeAmount: '500'});
		const home = mkdtempSync(join(tmpdir(), 'loan-tui-watch-'));
		const env = {...TEST_CREDENTIAL_ENV, XDG_STATE_HOME: home, HOME: home, LOAN_TUI_RECONCILE_SECONDS: '0'};
		const {child, result} = spawnCli(['watch', '--interval', '3600', '--json', '--debug', '--base-url', sim.simulator.url], {env, timeoutMs: 120_000});
		stopAll.push(() => child.kill('SIGKILL'));
		let stderr = '';
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const saidLive = () => stderr.match(/prices: live from the ticker stream/g)?.length ?? 0;

		// BTCUSDT, ETHUSDT and SOLUSDT, about fifteen pushes a second between them (past the 10 a second a guard on what
		// is received would have dropped the connection for): counted by the simulator's log, not by time.
		await vi.waitFor(() => expect(connections()[0]?.pushed ?? 0).toBeGreaterThanOrEqual(150), {...WAIT, timeout: 60_000});
		expect(sim.simulator.tickerStream.accepted).toBe(1);
		expect(connections()[0]!.ended).toBeUndefined();
		const subscribed = sim.simulator.tickerStream.subscriptions.filter((record) => record.op === 'subscribe').map((record) => record.instId);
		expect(subscribed.sort()).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
		// At most 10 messages sent in all, so never more than 10 in a second (the server's limit on what a client sends).
		expect(connections()[0]!.received).toBeLessThanOrEqual(10);
		await vi.waitFor(() => expect(saidLive()).toBe(1), WAIT);
		expect(stderr).not.toMatch(/ticker stream: .*drops? in/);

		// A drop (garbage on the socket): named in the debug log, mended by the next connection without a word more.
		sim.simulator.tickerStream.sendGarbage();
		await vi.waitFor(
			() => expect(stderr).toMatch(/debug: ticker stream: an unreadable message \(not JSON.*\(1 drop in 120 s\); reconnecting in [\d.]+ s/),
			WAIT,
		);
		await vi.waitFor(() => expect(connections()[1]?.pushed ?? 0).toBeGreaterThanOrEqual(50), {...WAIT, timeout: 60_000});
		expect(sim.simulator.tickerStream.accepted).toBe(2);
		expect(connections()[1]!.ended).toBeUndefined();
		expect(saidLive()).toBe(1);
		child.kill('SIGTERM');
		expect((await result).code).toBe(0);
	});
});
