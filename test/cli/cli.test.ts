import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {coinAmount} from '../../source/format/money.js';
import {estimateFor} from '../../source/simulator/index.js';
import {runCli, type CliResult} from '../helpers/cli.js';
import {deadBaseUrl, TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

const credentialEnv = TEST_CREDENTIAL_ENV;
const borrowArgs = ['borrow', '--loan-coin', 'usdt', '--pledge-coin', 'btc', '--daily', '7', '--pledge-amount', '0.50'];

function expectNoStackTrace(result: CliResult): void {
	expect(result.stderr).not.toMatch(/\n\s+at /);
	expect(result.stdout).not.toMatch(/\n\s+at /);
}

describe('loan-tui (built binary)', () => {
	const sim = useSimulator();
	const base = () => ['--base-url', sim.simulator.url];

	it('prints its version and help', async () => {
		const version = await runCli(['--version']);
		expect(version).toMatchObject({code: 0, stdout: `${JSON.parse(readFileSync('package.json', 'utf8')).version}\n`});
		const help = await runCli(['--help']);
		expect(help.code).toBe(0);
		for (const word of ['symbols', 'estimate', 'borrow', 'login', '--json', '--demo', '--base-url', 'Exit codes']) expect(help.stdout).toContain(word);
		expect((await runCli(['borrow', '--help'])).stdout).toContain('--loan-amount');
	});

	it('rejects bad usage with exit 2 and one clear line', async () => {
		for (const args of [
			['--frobnicate'],
			['symbols', '--yes'],
			['fly'],
			['symbols', 'A', 'B'],
			['--base-url', 'ftp://example.com', 'symbols'],
			['--locale', 'klingon', 'symbols'],
			['--timeout', 'soon', 'symbols'],
			['--demo', '--base-url', 'http://x', 'symbols'],
		]) {
			const result = await runCli(args);
			expect(result.code, args.join(' ')).toBe(2);
			expect(result.stderr).toMatch(/^loan-tui: /);
			expectNoStackTrace(result);
		}
		expect(sim.simulator.requests).toEqual([]);
	});

	it('refuses the interactive app without a terminal, pointing to the subcommands', async () => {
		const result = await runCli([]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('needs a terminal');
		expect(result.stderr).toContain('loan-tui symbols');
		expect(result.stderr).not.toContain('Raw mode');
	});

	it('symbols: table, one pair, --json, unknown pair', async () => {
		const table = await runCli(['symbols', ...base()]);
		expect(table.code).toBe(0);
		expect(table.stdout).toMatch(/^SYMBOL\s+BASE\s+QUOTE\s+STATUS\s+MAKER\s+TAKER\s+MIN USDT/);
		expect(table.stdout).toMatch(/BTCUSDT\s+BTC\s+USDT\s+online\s+0\.1%/);
		const json = await runCli(['symbols', '--json', ...base()]);
		const records = JSON.parse(json.stdout) as Array<{symbol: string}>;
		expect(records.length).toBeGreaterThan(30);
		expect(table.stdout).toContain(`${records.length} pairs`);
		const one = await runCli(['symbols', 'eth/usdt', ...base()]);
		expect(one.stdout).toMatch(/Symbol\s+ETHUSDT/);
		expect(one.stdout).toMatch(/Min trade amount .*\(deprecated\)/);
		const unknown = await runCli(['symbols', 'NOPEUSDT', ...base()]);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain('42016');
		expectNoStackTrace(unknown);
	});

	it('estimate: human figures, --json payload, --all side by side', async () => {
		const args = ['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'ETH', '--pledge-amount', '0.2', ...base()];
		const expected = estimateFor('USDT', 'ETH', 'SEVEN', '0.2');
		const human = await runCli([...args, '--daily', 'SEVEN']);
		expect(human.code).toBe(0);
		// The same amount formatter as the app: the coin's precision, thousands grouped.
		expect(human.stdout).toMatch(new RegExp(`Borrowable\\s+${coinAmount(expected.loanAmount, 'USDT').replace('.', '\\.')} USDT`));
		expect(human.stdout).toMatch(new RegExp(`Hourly interest\\s+${coinAmount(expected.hourInterest, 'USDT').replace('.', '\\.')} USDT`));
		expect(human.stdout).toMatch(/Annualised rate\s+\d+(\.\d+)?%/);
		const json = await runCli([...args, '--daily', '7', '--json']);
		expect(JSON.parse(json.stdout)).toEqual(expected);
		const all = await runCli([...args, '--all', '--json']);
		expect(Object.keys(JSON.parse(all.stdout))).toEqual(['SEVEN', 'THIRTY', 'FLEXIBLE']);
	});

	it('estimate: invalid input exits 2 and sends nothing', async () => {
		for (const amount of ['1e3', '-1', '0', 'abc', '1,5']) {
			const result = await runCli(['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'ETH', '--daily', '7', '--pledge-amount', amount, ...base()]);
			expect(result.code, amount).toBe(2);
			expect(result.stderr).toContain('--pledge-amount');
		}
		const missing = await runCli(['estimate', '--loan-coin', 'USDT', '--daily', '7', '--pledge-amount', '1', ...base()]);
		expect(missing.stderr).toContain('--pledge-coin is required');
		expect(sim.simulator.requests).toEqual([]);
	});

	it('sends lookups unsigned even with credentials at hand: a revoked key cannot break an estimate', async () => {
		const revoked = {...credentialEnv, BITGET_API_KEY: 'bg_revoked_key'};
		const result = await runCli(['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'ETH', '--daily', '7', '--pledge-amount', '1', ...base()], {env: revoked});
		expect(result.code).toBe(0);
		expect(sim.simulator.requests[0]!.code).toBe('00000');
		expect(Object.keys(sim.simulator.requests[0]!.headers).filter((name) => name.startsWith('access-'))).toEqual([]);
	});

	it('borrow --yes posts once and prints the order id; --json prints the payload', async () => {
		const human = await runCli([...borrowArgs, '--yes', ...base()], {env: credentialEnv});
		expect(human.code).toBe(0);
		const orderId = sim.simulator.orders[0]!.orderId;
		expect(human.stdout).toBe(`Loan order created: ${orderId}\n`);
		expect(JSON.parse(sim.posts()[0]!.body)).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'});
		const json = await runCli([...borrowArgs, '--yes', '--json', ...base()], {env: credentialEnv});
		expect(JSON.parse(json.stdout)).toEqual({orderId: sim.simulator.orders[1]!.orderId});
		expect(sim.posts()).toHaveLength(2);
	});

	it('borrow without --yes and without a terminal refuses with exit 2, sending nothing', async () => {
		const result = await runCli([...borrowArgs, ...base()], {env: credentialEnv, input: 'y\n'});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('--yes');
		expect(sim.simulator.requests).toEqual([]);
	});

	it('borrow: refused → 1, outcome unknown → 3, unreachable → 1, no credentials → 2', async () => {
		const refused = await runCli([...borrowArgs.slice(0, -1), '9999', '--yes', ...base()], {env: credentialEnv});
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain('43012');
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		const unknown = await runCli([...borrowArgs, '--yes', ...base()], {env: credentialEnv});
		expect(unknown.code).toBe(3);
		expect(unknown.stderr).toContain('OUTCOME UNKNOWN');
		expect(unknown.stderr).toContain('check your loan orders'.replace('check', 'Check'));
		expect(sim.posts()).toHaveLength(2);
		const unreachable = await runCli([...borrowArgs, '--yes', '--base-url', await deadBaseUrl()], {env: credentialEnv});
		expect(unreachable.code).toBe(1);
		expect(unreachable.stderr).toContain('connection refused');
		const anonymous = await runCli([...borrowArgs, '--yes', ...base()], {env: {HOME: '/nonexistent'}});
		expect(anonymous.code).toBe(2);
		expect(anonymous.stderr).toContain('no credentials');
		for (const result of [refused, unknown, unreachable, anonymous]) expectNoStackTrace(result);
		expect(sim.posts()).toHaveLength(2);
	});

	it('names the missing variables of a partial environment', async () => {
		const result = await runCli([...borrowArgs, '--yes', ...base()], {env: {BITGET_API_KEY: 'k'}});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('BITGET_SECRET_KEY, BITGET_PASSPHRASE');
		expect(sim.simulator.requests).toEqual([]);
	});

	it('--json turns failures into one JSON object on stderr', async () => {
		const result = await runCli(['symbols', 'NOPEUSDT', '--json', ...base()]);
		expect(result.code).toBe(2);
		expect(result.stdout).toBe('');
		expect(JSON.parse(result.stderr)).toEqual({
			// A pair Bitget does not know is bad input; its refusal's code and msg are kept.
			error: expect.objectContaining({kind: 'input', code: '42016', httpStatus: 400, exitCode: 2}),
		});
	});

	it('takes the locale from --locale, else LC_ALL/LANG, else en-US', async () => {
		const cases: Array<[string[], NodeJS.ProcessEnv, string]> = [
			[['--locale', 'zh_CN'], {}, 'zh-CN'],
			[[], {LANG: 'de_DE.UTF-8'}, 'de-DE'],
			[[], {LC_ALL: 'fr_FR.UTF-8', LANG: 'de_DE.UTF-8'}, 'fr-FR'],
			[[], {LANG: 'C.UTF-8'}, 'en-US'],
		];
		for (const [args, env, locale] of cases) {
			sim.simulator.reset();
			await runCli(['symbols', 'BTCUSDT', ...args, ...base()], {env: {LANG: '', ...env}});
			expect(sim.simulator.requests[0]!.headers.locale).toBe(locale);
		}
	});

	it('--demo runs every command against the embedded simulator', async () => {
		const symbols = await runCli(['symbols', 'BTCUSDT', '--demo', '--json']);
		expect(JSON.parse(symbols.stdout)[0].symbol).toBe('BTCUSDT');
		const borrow = await runCli([...borrowArgs, '--yes', '--demo']);
		expect(borrow.code).toBe(0);
		expect(borrow.stdout).toMatch(/^Loan order created: \d{19}\n$/);
	});
});
