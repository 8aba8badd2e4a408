// Shell completion: the candidates (unit), and the three scripts run by the real shells against the built binary,
// with coins from a cached symbol list and coin list, and from what a --demo run leaves.
import {spawnSync} from 'node:child_process';
import {chmodSync, mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {completeWords as completeIn} from '../../source/cli/completion.js';
import {completionContext} from '../../source/runtime/config.js';
import {saveCoins, saveOrderIds} from '../../source/state/completion-cache.js';
import {useSimulator} from '../helpers/simulator.js';
import {CLI, runCli} from '../helpers/cli.js';

const record = (symbol: string, baseCoin: string, quoteCoin: string) => ({symbol, baseCoin, quoteCoin, status: 'online'});

/** A cache directory holding a symbol list as the app writes it (the envelope the server sent). */
function cacheWith(records: object[]): NodeJS.ProcessEnv {
	const home = mkdtempSync(join(tmpdir(), 'loan-tui-completion-'));
	const directory = join(home, 'loan-tui');
	mkdirSync(directory, {recursive: true});
	writeFileSync(join(directory, 'symbols-api.bitget.com.json'), JSON.stringify({code: '00000', msg: 'success', requestTime: 1, data: records}));
	writeFileSync(join(directory, 'symbols-api.bitget.com.meta.json'), '{}');
	return {XDG_CACHE_HOME: home, HOME: home};
}

/** The candidates with the caches of `env`'s cache directory, as cli/main.ts finds it. */
const completeWords = (words: string[], env: NodeJS.ProcessEnv) => completeIn(words, completionContext(env));
const env = cacheWith([record('BTCUSDT', 'BTC', 'USDT'), record('ETHUSDT', 'ETH', 'USDT'), record('ETHBTC', 'ETH', 'BTC'), record('bad', '<x>', 'USDT')]);

describe('completion candidates', () => {
	it("commands first, then a command's options and the global ones not yet used", () => {
		expect(completeWords(['re'], env)).toEqual(['repay']);
		expect(completeWords([''], env)).toContain('completion');
		expect(completeWords(['estimate', '--'], env)).toEqual(
			expect.arrayContaining(['--loan-coin', '--pledge-coin', '--daily', '--all', '--pledge-amount', '--json', '--demo']),
		);
		expect(completeWords(['estimate', '--loan-coin', 'USDT', '--'], env)).not.toContain('--loan-coin');
		expect(completeWords(['estimate', '--'], env)).not.toContain('--yes');
		expect(completeWords(['borrow', '--y'], env)).toEqual(['--yes']);
	});

	it('values: coins from the cached list (either case typed), periods, history kinds, collateral actions, shells', () => {
		expect(completeWords(['estimate', '--loan-coin', ''], env)).toEqual(['BTC', 'ETH', 'USDT']);
		expect(completeWords(['borrow', '--pledge-coin', 'e'], env)).toEqual(['ETH']);
		expect(completeWords(['borrow', '--daily', ''], env)).toEqual(['SEVEN', 'THIRTY', 'FLEXIBLE']);
		expect(completeWords(['history', ''], env)).toEqual(['loans', 'repayments', 'collateral', 'liquidations']);
		expect(completeWords(['history', 'loans', ''], env)).toEqual([]);
		expect(completeWords(['history', 'loans', '--c'], env)).toEqual(['--csv']);
		expect(completeWords(['collateral', '1130000000000000001', ''], env)).toEqual(['add', 'withdraw']);
		expect(completeWords(['completion', ''], env)).toEqual(['bash', 'zsh', 'fish']);
		expect(completeWords(['help', 'co'], env)).toEqual(['collateral', 'coins', 'completion']);
		expect(completeWords(['symbols', 'ETH'], env)).toEqual(['ETHBTC', 'ETHUSDT']);
	});

	it('nothing (and no error) without a cache, after an unknown command, or for an amount', () => {
		const empty = {XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'loan-tui-nocache-'))};
		expect(completeWords(['estimate', '--loan-coin', ''], empty)).toEqual([]);
		expect(completeWords(['frobnicate', ''], env)).toEqual([]);
		expect(completeWords(['estimate', '--pledge-amount', ''], env)).toEqual([]);
	});
});

describe('completion from the coin list and the last loans read', () => {
	const sim = useSimulator();
	const fresh = () => {
		const home = mkdtempSync(join(tmpdir(), 'loan-tui-completion-'));
		return {env: {XDG_CACHE_HOME: home, HOME: home}, cache: join(home, 'loan-tui')};
	};

	it("--loan-coin offers the loanable coins, --pledge-coin the pledgeable ones (not the pairs' coins)", async () => {
		const {env: own, cache} = fresh();
		mkdirSync(cache, {recursive: true});
		writeFileSync(join(cache, 'symbols-api.bitget.com.json'), JSON.stringify({code: '00000', data: [record('DOGEUSDT', 'DOGE', 'USDT')]}));
		await saveCoins(cache, 'api.bitget.com', {loan: ['USDT', 'USDC'], pledge: ['BTC', 'ETH', 'USDT']});
		expect(completeWords(['estimate', '--loan-coin', ''], own)).toEqual(['USDC', 'USDT']);
		expect(completeWords(['borrow', '--pledge-coin', ''], own)).toEqual(['BTC', 'ETH', 'USDT']);
		expect(completeWords(['borrow', '--pledge-coin=x', '--loan-coin', 'usd'], own)).toEqual(['USDC', 'USDT']);
		expect(completeWords(['symbols', ''], own)).toEqual(['DOGEUSDT']);
	});

	it("order ids for repay, collateral and loans, per profile; the demo's apart from the real ones", async () => {
		const {env: own, cache} = fresh();
		await saveOrderIds(cache, 'api.bitget.com', 'default', ['1130000000000000001', '1130000000000000002']);
		await saveOrderIds(cache, 'api.bitget.com', 'trading', ['2000']);
		await saveOrderIds(cache, 'demo', 'default', ['9000']);
		await saveCoins(cache, 'demo', {loan: ['USDT'], pledge: ['ETH'], pairs: ['ETHUSDT']});
		expect(completeWords(['repay', ''], own)).toEqual(['1130000000000000001', '1130000000000000002']);
		expect(completeWords(['collateral', '1130000000000000002', ''], own)).toEqual(['add', 'withdraw']);
		expect(completeWords(['loans', '11300000000000000'], own)).toEqual(['1130000000000000001', '1130000000000000002']);
		expect(completeWords(['--profile', 'trading', 'repay', ''], own)).toEqual(['2000']);
		expect(completeWords(['repay', '--profile=trading', ''], own)).toEqual(['2000']);
		expect(completeWords(['collateral', ''], {...own, LOAN_TUI_PROFILE: 'trading'})).toEqual(['2000']);
		expect(completeWords(['repay', '--demo', ''], own)).toEqual(['9000']);
		// The real origin has no coin list and no pairs: the demo's are not offered there, nor another origin's.
		expect(completeWords(['estimate', '--loan-coin', ''], own)).toEqual([]);
		expect(completeWords(['estimate', '--demo', '--loan-coin', ''], own)).toEqual(['USDT']);
		expect(completeWords(['symbols', '--demo', ''], own)).toEqual(['ETHUSDT']);
		expect(completeWords(['repay', '--base-url', 'http://127.0.0.1:9', ''], own)).toEqual([]);
		expect(completeWords(['repay', ''], {...own, LOAN_TUI_BASE_URL: 'http://127.0.0.1:9'})).toEqual([]);
	});

	it('pairs and coins after the symbols and coins commands (subprocess), kept for their API origin', async () => {
		const {env: own} = fresh();
		const url = sim.simulator.url;
		expect((await runCli(['symbols', '--base-url', url, '--json'], {env: own})).code).toBe(0);
		expect(completeWords(['symbols', '--base-url', url, 'BTCUS'], own)).toEqual(expect.arrayContaining(['BTCUSDT']));
		expect(completeWords(['symbols', 'BTCUS'], own)).toEqual([]);
		expect((await runCli(['coins', '--json'], {env: {...own, LOAN_TUI_BASE_URL: url}})).code).toBe(0);
		expect(completeWords(['estimate', '--loan-coin', 'USD'], {...own, LOAN_TUI_BASE_URL: url})).toEqual(['USDC', 'USDT']);
		// The coin list kept the pairs read before it.
		expect(completeWords(['symbols', 'ETHUS'], {...own, LOAN_TUI_BASE_URL: url})).toEqual(expect.arrayContaining(['ETHUSDT']));
	});

	it('nothing when nothing is cached', () => {
		const {env: own} = fresh();
		for (const words of [
			['estimate', '--loan-coin', ''],
			['borrow', '--pledge-coin', ''],
			['repay', ''],
			['collateral', ''],
			['symbols', ''],
			['repay', '--demo', ''],
		]) {
			expect(completeWords(words, own)).toEqual([]);
		}
	});
});

describe('completion in real shells', () => {
	let bin: string;
	const filesDirectory = mkdtempSync(join(tmpdir(), 'loan-tui-cwd-'));
	for (const name of ['README.md', 'LICENSE', '1130000000000000001.txt']) writeFileSync(join(filesDirectory, name), '');
	mkdirSync(join(filesDirectory, 'node_modules'));
	/** A cache directory nothing has written yet. */
	const emptyCache = () => {
		const home = mkdtempSync(join(tmpdir(), 'loan-tui-nocache-'));
		return {XDG_CACHE_HOME: home, HOME: home};
	};
	/** What `loans --demo` leaves in a cache that was empty: its coins, its pairs, its order ids. */
	let demoCache: NodeJS.ProcessEnv;
	let demoOrders: string[];
	beforeAll(async () => {
		demoCache = emptyCache();
		const loans = await runCli(['loans', '--demo', '--json'], {env: demoCache});
		expect(loans.code).toBe(0);
		demoOrders = (JSON.parse(loans.stdout) as {loans: Array<{orderId: string}>}).loans.map((loan) => loan.orderId).sort();
		expect(demoOrders.length).toBeGreaterThan(0);
	});
	beforeAll(() => {
		// The scripts run `loan-tui`: put the built binary on PATH under that name.
		bin = mkdtempSync(join(tmpdir(), 'loan-tui-bin-'));
		writeFileSync(join(bin, 'loan-tui'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
		chmodSync(join(bin, 'loan-tui'), 0o755);
	});
	const shellEnv = (cache = env) => ({...cache, PATH: `${bin}:${process.env.PATH}`, TERM: 'dumb'});
	const run = (command: string, args: string[], cache = env) => {
		// In a directory with files: completion must never offer them.
		const result = spawnSync(command, args, {env: shellEnv(cache), cwd: filesDirectory, encoding: 'utf8', timeout: 20_000});
		expect(result.stderr).toBe('');
		return result.stdout.split('\n').filter(Boolean);
	};
	const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

	it('prints a usage error for a missing or unknown shell', async () => {
		const result = await runCli(['completion', 'tcsh']);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('bash, zsh or fish');
	});

	it.skipIf(!has('bash'))('bash', () => {
		const complete = (words: string) =>
			run('bash', [
				'-c',
				`eval "$(loan-tui completion bash)"; COMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _loan_tui_complete; printf '%s\\n' "\${COMPREPLY[@]}"`,
			]);
		expect(complete('loan-tui rep')).toEqual(['repay']);
		expect(complete("loan-tui estimate --loan-coin ''")).toEqual(['BTC', 'ETH', 'USDT']);
		expect(complete('loan-tui borrow --daily TH')).toEqual(['THIRTY']);
		// No file names when there is nothing to offer: the script asks for none (readline's -o default).
		expect(run('bash', ['-c', `eval "$(loan-tui completion bash)"; complete -p loan-tui`])).toEqual(['complete -F _loan_tui_complete loan-tui']);
	});

	it.skipIf(!has('bash'))('bash, after a --demo run and with nothing cached', () => {
		const complete = (words: string, cache: NodeJS.ProcessEnv) =>
			run(
				'bash',
				[
					'-c',
					`eval "$(loan-tui completion bash)"; COMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _loan_tui_complete; printf '%s\\n' "\${COMPREPLY[@]}"`,
				],
				cache,
			);
		expect(complete("loan-tui estimate --demo --loan-coin ''", demoCache)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDT']));
		expect(complete('loan-tui borrow --demo --pledge-coin B', demoCache)).toEqual(['BNB', 'BTC']);
		expect(complete("loan-tui repay --demo ''", demoCache).sort()).toEqual(demoOrders);
		expect(complete('loan-tui symbols --demo BTCUS', demoCache)).toEqual(expect.arrayContaining(['BTCUSDT']));
		for (const words of ["loan-tui estimate --loan-coin ''", "loan-tui repay ''", "loan-tui collateral ''", "loan-tui symbols ''"])
			expect(complete(words, emptyCache())).toEqual([]);
	});

	it.skipIf(!has('fish'))('fish', () => {
		// fish sorts what it offers.
		const complete = (line: string) =>
			run('fish', ['--no-config', '-c', `loan-tui completion fish | source; complete -C '${line}'`])
				.map((row) => row.split('\t')[0])
				.sort();
		expect(complete('loan-tui rep')).toEqual(['repay']);
		expect(complete('loan-tui history ')).toEqual(['collateral', 'liquidations', 'loans', 'repayments']);
		expect(complete('loan-tui estimate --pledge-coin ')).toEqual(['BTC', 'ETH', 'USDT']);
	});

	it.skipIf(!has('fish'))("fish, after a --demo run and with nothing cached (fish's own completion: no file names)", () => {
		const complete = (line: string, cache: NodeJS.ProcessEnv) =>
			run('fish', ['--no-config', '-c', `loan-tui completion fish | source; complete -C '${line}'`], cache)
				.map((row) => row.split('\t')[0])
				.sort();
		expect(complete('loan-tui estimate --demo --loan-coin ', demoCache)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDT']));
		expect(complete('loan-tui repay --demo ', demoCache)).toEqual(demoOrders);
		for (const line of ['loan-tui estimate --loan-coin ', 'loan-tui borrow --pledge-coin ', 'loan-tui repay ', 'loan-tui collateral ', 'loan-tui symbols '])
			expect(complete(line, emptyCache())).toEqual([]);
	});

	it.skipIf(!has('zsh'))('zsh (the completion builtins stubbed to print what they are given)', () => {
		const complete = (words: string) =>
			run('zsh', [
				'-f',
				'-c',
				`compdef() { :; }; compadd() { print -l -- "\${(@P)2}"; }; eval "$(loan-tui completion zsh)"; words=(${words}); CURRENT=\${#words}; _loan_tui`,
			]);
		expect(complete('loan-tui rep')).toEqual(['repay']);
		expect(complete("loan-tui borrow --loan-coin ''")).toEqual(['BTC', 'ETH', 'USDT']);
	});

	it.skipIf(!has('zsh'))('zsh, after a --demo run and with nothing cached', () => {
		const complete = (words: string, cache: NodeJS.ProcessEnv) =>
			run(
				'zsh',
				[
					'-f',
					'-c',
					`compdef() { :; }; compadd() { print -l -- "\${(@P)2}"; }; eval "$(loan-tui completion zsh)"; words=(${words}); CURRENT=\${#words}; _loan_tui`,
				],
				cache,
			);
		expect(complete("loan-tui estimate --demo --loan-coin ''", demoCache)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDT']));
		expect(complete("loan-tui collateral --demo ''", demoCache).sort()).toEqual(demoOrders);
		for (const words of ["loan-tui estimate --loan-coin ''", "loan-tui repay ''"]) expect(complete(words, emptyCache())).toEqual([]);
	});
});

describe('help', () => {
	it("loan-tui help and help COMMAND; every command's help lists each of its options on one line, with examples", async () => {
		const general = await runCli(['help']);
		expect(general.code).toBe(0);
		for (const command of ['symbols', 'estimate', 'borrow', 'loans', 'repay', 'collateral', 'history', 'coins', 'completion']) {
			expect(general.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
			const own = await runCli(['help', command]);
			const flag = await runCli([command, '--help']);
			expect(own.code).toBe(0);
			expect(own.stdout).toBe(flag.stdout);
			expect(own.stdout).toMatch(/\nExamples\n {2}loan-tui /);
		}
		const repay = (await runCli(['help', 'repay'])).stdout;
		for (const option of ['--all', '--amount N', '--keep-collateral', '--yes']) expect(repay).toMatch(new RegExp(`^  (-y, )?${option} +\\S`, 'm'));
		const unknown = await runCli(['help', 'nope']);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain('not a command');
	});
});
