// The command line behaves like gh: a closed pipe ends quietly, tables fit the width, mistyped words get the nearest
// known ones, repeated, conflicting and missing options are refused together and before anything is sent, every
// refusal points at the command's own help, and each command's help speaks only of its own options.
import {spawn} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {CLI, runCli, TEST_CACHE_HOME, TEST_STATE_HOME, type CliResult} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

const env = TEST_CREDENTIAL_ENV;
const BTC_LOAN = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'} as const;

function noStack(result: CliResult): void {
	expect(result.stderr).not.toMatch(/\n\s+at /);
	expect(result.stderr).not.toContain('EPIPE');
}

/** A refusal before anything was sent: exit 2, the message, the command's own help as the hint. */
function refused(result: CliResult, message: RegExp | string, command: string): void {
	expect(result.code, result.stderr).toBe(2);
	expect(result.stderr).toMatch(message);
	expect(result.stderr).toContain(`See loan-tui ${command} --help.`);
	noStack(result);
}

describe('a closed pipe (built CLI)', () => {
	// Enough pairs that the table is still being written when the reader goes away.
	const sim = useSimulator({extraSymbols: 30_000});

	it('symbols | head -1 prints the header and ends with status 0, no stack trace', async () => {
		const script = '"$0" "$1" symbols --base-url "$2" | head -1; echo "status=${PIPESTATUS[0]}" >&2';
		const child = spawn('bash', ['-c', script, process.execPath, CLI, sim.simulator.url], {
			env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: TEST_STATE_HOME, XDG_CACHE_HOME: TEST_CACHE_HOME},
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
		expect(code).toBe(0);
		expect(stdout).toMatch(/^SYMBOL\s+BASE/);
		expect(stdout.split('\n').filter(Boolean)).toHaveLength(1);
		expect(stderr).toBe('status=0\n');
	});
});

describe('tables fit the width (built CLI)', () => {
	const sim = useSimulator();
	const run = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => runCli([...args, '--base-url', sim.simulator.url], {env: {...env, ...extraEnv}});

	it('loans at COLUMNS=100 and 60 leave out the least important columns, never a line wider; --wide and a pipe keep all', async () => {
		const client = sim.client();
		await client.borrow(BTC_LOAN);
		await client.borrow({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'FLEXIBLE', pledgeAmount: '20'});
		for (const columns of [100, 60]) {
			const result = await run(['loans'], {COLUMNS: String(columns)});
			expect(result.code).toBe(0);
			const table = result.stdout.split('\n\n')[0]!.split('\n');
			for (const line of table) expect(line.length, line).toBeLessThanOrEqual(columns);
			// What matters stays, the risk word on the same line as its loan.
			expect(table[0]).toMatch(/^ORDER\s+BORROWED\s+.*LTV\s+.*RISK$/);
			for (const line of table.slice(1)) expect(line).toMatch(/\s(ok|WARN|MARGIN CALL|LIQUIDATION NEAR)$/);
			expect(table[0]).not.toContain('FALL TO CALL');
			// The prices are read after the LTV and the falls: they go before them.
			expect(table[0]).not.toContain('CALL PRICE');
			expect(result.stderr).toMatch(new RegExp(`CALL PRICE.* left out to fit ${columns} columns`));
			expect(result.stderr).toMatch(new RegExp(`FALL TO CALL.* left out to fit ${columns} columns; --wide shows all`));
		}
		const wide = await run(['loans', '--wide'], {COLUMNS: '60'});
		expect(wide.stdout.split('\n')[0]).toMatch(
			/^ORDER\s+BORROWED\s+INTEREST\s+APR\s+PLEDGED\s+LTV\s+CALL\s+LIQ\s+FALL TO CALL\s+FALL TO LIQ\s+PRICE\s+CALL PRICE\s+LIQ PRICE\s+EXPIRES\s+CALL CHANCE\s+RISK$/,
		);
		expect(wide.stderr).toBe('');
		// Into a pipe with no COLUMNS: every column, nothing said.
		const piped = await run(['loans']);
		expect(piped.stdout.split('\n')[0]).toContain('FALL TO CALL');
		expect(piped.stderr).toBe('');
	});

	it('symbols, coins and history fit too', async () => {
		await sim.client().borrow(BTC_LOAN);
		for (const [args, width] of [
			[['symbols'], 40],
			[['coins'], 60],
			[['history', 'loans'], 60],
		] as const) {
			const result = await run([...args], {COLUMNS: String(width)});
			expect(result.code, args.join(' ')).toBe(0);
			expect(result.stderr, args.join(' ')).toContain(`left out to fit ${width} columns`);
			const widest = Math.max(...result.stdout.split('\n').map((line) => line.length));
			expect(widest, args.join(' ')).toBeLessThanOrEqual(width);
			// History keeps what the app's History keeps: the order, its amount whole and its status in words.
			if (args[0] === 'history') expect(result.stdout).toMatch(/^ORDER\s+BORROWED\s+STATUS\n\d+\s+18,760\.0000 USDT\s+open$/m);
		}
	});
});

describe('did you mean (built CLI)', () => {
	const sim = useSimulator();

	it('commands, options and history kinds: exit 2 with the nearest word and the right help', async () => {
		const borow = await runCli(['borow']);
		expect(borow.code).toBe(2);
		expect(borow.stderr).toContain('unknown command "borow" (did you mean borrow?)');
		const histroy = await runCli(['histroy', 'loans']);
		expect(histroy.code).toBe(2);
		expect(histroy.stderr).toContain('(did you mean history?)');
		refused(await runCli(['estimate', '--dayly', '30']), 'unknown option --dayly (did you mean --daily?)', 'estimate');
		refused(await runCli(['history', 'loanz', '--base-url', sim.simulator.url], {env}), /unknown history kind "loanz" \(did you mean loans\?\)/, 'history');
		expect(sim.simulator.requests).toEqual([]);
	});

	it('symbols btcusd names the pairs from the list (exit 2: a pair Bitget does not know is bad input)', async () => {
		const result = await runCli(['symbols', 'btcusd', '--base-url', sim.simulator.url]);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/no spot pair BTCUSD \(did you mean [^)]*BTCUSDT[^)]*\?\)/);
		expect(result.stderr).toContain('42016');
		noStack(result);
	});
});

describe('refused before anything is sent (built CLI)', () => {
	const sim = useSimulator();
	const run = (args: string[]) => runCli([...args, '--base-url', sim.simulator.url], {env});
	const estimate = ['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7'];
	const borrow = ['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--yes'];

	it('a repeated option is an error, not the last one quietly', async () => {
		refused(await run([...estimate, '--pledge-amount', '1', '--pledge-amount', '2']), '--pledge-amount was given twice (1 and 2): give it once', 'estimate');
		refused(await run([...borrow, '--pledge-amount', '1', '--pledge-amount', '2']), '--pledge-amount was given twice', 'borrow');
		refused(await run(['history', 'loans', '--days', '3', '--days=4']), '--days was given twice (3 and 4)', 'history');
		expect(sim.simulator.requests).toEqual([]);
	});

	it('conflicting options: repay --all with --amount or --keep-collateral, estimate --daily with --all, both borrow amounts', async () => {
		const {orderId} = await sim.client().borrow(BTC_LOAN);
		const before = sim.simulator.requests.length;
		refused(await run(['repay', orderId, '--all', '--amount', '5', '--yes']), '--all and --amount cannot be used together', 'repay');
		refused(await run(['repay', orderId, '--all', '--keep-collateral', '--yes']), '--all and --keep-collateral cannot be used together', 'repay');
		refused(await run([...estimate, '--all', '--pledge-amount', '1']), '--daily and --all cannot be used together', 'estimate');
		refused(await run([...borrow, '--pledge-amount', '1', '--loan-amount', '5']), '--pledge-amount and --loan-amount cannot be used together', 'borrow');
		expect(sim.simulator.requests.slice(before)).toEqual([]);
	});

	it('a negative amount as an argument is called negative, as --amount -5 is', async () => {
		const {orderId} = await sim.client().borrow(BTC_LOAN);
		const before = sim.simulator.requests.length;
		refused(await run(['collateral', orderId, 'add', '-1', '--yes']), 'collateral amount -1: amounts cannot be negative', 'collateral');
		refused(await run(['repay', orderId, '--amount', '-5', '--yes']), '--amount cannot be negative (got -5)', 'repay');
		expect(sim.simulator.requests.slice(before)).toEqual([]);
	});

	it('every missing option is named in one run', async () => {
		refused(
			await run(['estimate']),
			'missing --loan-coin, --pledge-coin, --daily (or --all to compare SEVEN, THIRTY and FLEXIBLE) and --pledge-amount',
			'estimate',
		);
		refused(await run(['borrow', '--daily', '7', '--yes']), 'missing --loan-coin, --pledge-coin and one of --pledge-amount or --loan-amount', 'borrow');
		refused(await run(['repay', '--yes']), "missing the loan's order id (ORDER) and --all (or --amount N for a partial repayment)", 'repay');
		refused(await run(['collateral', '--yes']), "missing the loan's order id (ORDER), add or withdraw and the amount (N, or --to-ltv PCT)", 'collateral');
		expect(sim.simulator.requests).toEqual([]);
	});

	it("every local refusal names the command's own help", async () => {
		refused(await run([...estimate, '--pledge-amount', 'lots']), /--pledge-amount/, 'estimate');
		refused(await run([...borrow.slice(0, -1), '--pledge-amount', '1']), 'borrow needs confirmation', 'borrow');
		refused(await run(['estimate', '--loan-coin', 'BTC', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1']), 'both BTC', 'estimate');
		refused(await run(['history', 'loans', '--days', '91']), '--days must be', 'history');
		expect(sim.simulator.requests).toEqual([]);
	});

	it('an unknown coin is caught from the coin list: exit 2, only the public list read, no estimate, no borrow', async () => {
		for (const [args, command, message] of [
			[
				['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'ZZZ', '--daily', '7', '--pledge-amount', '1'],
				'estimate',
				"ZZZ is not in Bitget's list of pledgeable coins",
			],
			[
				['estimate', '--loan-coin', 'USDTE', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1'],
				'estimate',
				"USDTE is not in Bitget's list of loanable coins (did you mean USDT?)",
			],
			[
				['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'ZZZ', '--daily', '7', '--pledge-amount', '1', '--yes'],
				'borrow',
				"ZZZ is not in Bitget's list of pledgeable coins",
			],
			[
				['borrow', '--loan-coin', 'USDTE', '--pledge-coin', 'BTC', '--daily', '7', '--loan-amount', '100', '--yes'],
				'borrow',
				"USDTE is not in Bitget's list of loanable coins",
			],
		] as const) {
			sim.simulator.reset();
			refused(await run([...args]), message, command);
			expect(sim.simulator.requests.filter((request) => request.method === 'POST')).toEqual([]);
			expect(sim.simulator.requests.map((request) => request.path).filter((path) => !path.endsWith('/coinInfos'))).toEqual(
				// A borrow by pledge amount reads the estimate beside the list, to check the limits: never a POST.
				command === 'borrow' && (args as readonly string[]).includes('--pledge-amount') ? [expect.stringContaining('hour-interest')] : [],
			);
		}
	});
});

describe('help and --json kinds (built CLI)', () => {
	it("each command's help shows only its own options, with its own words", async () => {
		const estimate = await runCli(['help', 'estimate']);
		const repay = await runCli(['help', 'repay']);
		expect(estimate.stdout).toContain('every period side by side');
		expect(estimate.stdout).not.toMatch(/repay|principal/);
		expect(repay.stdout).toMatch(/--all\s+repay principal and interest in full/);
		expect(repay.stdout).not.toContain('every period side by side');
		expect((await runCli(['repay', '--help'])).stdout).toBe(repay.stdout);
	});

	it('whoami --json without credentials says kind "credentials", not "unexpected"', async () => {
		// No BITGET_* and no D-Bus session bus: the keychain cannot be asked either.
		const result = await runCli(['whoami', '--json'], {env: {DBUS_SESSION_BUS_ADDRESS: '', XDG_RUNTIME_DIR: '/nonexistent'}});
		expect(result.code).toBe(2);
		expect(JSON.parse(result.stderr).error).toMatchObject({kind: 'credentials', exitCode: 2});
	});
});
