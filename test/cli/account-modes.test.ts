// Both of Bitget's account modes through the built CLI against the simulator over loopback (reference Part E): a
// unified trading account's whole loan life speaks only v3 once its mode is known; a classic account's only v2; an
// account upgraded under a running client gets a refusal that names the unified account — never "unknown" — and the
// next run is served through v3; whoami says the mode and what the key may do.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {startSimulator} from '../../source/simulator/index.js';
import {runCli} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, TEST_CREDENTIALS} from '../helpers/simulator.js';

/** The endpoints every caller may use on v2 whatever its mode (reference E.2): prices, candles, pairs, the coin list, the estimate. */
const PUBLIC = new Set(['symbols', 'tickers', 'candles', 'coinInfos', 'estimate']);

async function simulatorOf(mode: 'classic' | 'unified', permType?: 'read-only' | 'read-and-write') {
	return startSimulator({accounts: [{...TEST_CREDENTIALS, mode, ...(permType ? {permType} : {})}], demoLoans: true});
}

describe('account modes', () => {
	const home = () => mkdtempSync(join(tmpdir(), 'loan-tui-modes-'));
	const runner = (url: string, dir: string) => (args: string[]) =>
		runCli([...args, '--base-url', url], {
			env: {...TEST_CREDENTIAL_ENV, HOME: dir, XDG_STATE_HOME: dir, XDG_CACHE_HOME: join(dir, 'cache'), LOAN_TUI_RECONCILE_SECONDS: '0'},
			timeoutMs: 60_000,
		});

	it('a unified account: borrow, loans, repay (both methods), collateral both ways, every history, plan and a watch with a top-up — v3 loan calls only', async () => {
		const simulator = await simulatorOf('unified');
		try {
			const run = runner(simulator.url, home());
			const borrowed = await run(['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', 'SEVEN', '--pledge-amount', '1', '--yes', '--json']);
			expect(borrowed.code, borrowed.stderr).toBe(0);
			const {orderId} = JSON.parse(borrowed.stdout) as {orderId: string};
			expect((await run(['loans'])).stdout).toContain(orderId);
			expect((await run(['loans', orderId, '--json'])).code).toBe(0);
			const partial = await run(['repay', orderId, '--amount', '100', '--keep-collateral', '--yes', '--json']);
			expect(partial.code, partial.stderr).toBe(0);
			expect((await run(['collateral', orderId, 'add', '0.1', '--yes'])).code).toBe(0);
			expect((await run(['collateral', orderId, 'withdraw', '0.05', '--yes'])).code).toBe(0);
			// Out of the collateral: the review on a terminal says what it sells; with --yes it is sent as method collateral.
			const fromCollateral = await run(['repay', orderId, '--all', '--from-collateral', '--yes', '--json']);
			expect(fromCollateral.code, fromCollateral.stderr).toBe(0);
			expect(JSON.parse(fromCollateral.stdout)).toMatchObject({loanCoin: 'USDT', pledgeCoin: 'BTC', repayLoanAmount: expect.any(String)});
			const repays = simulator.requests.filter((request) => request.operation === 'repay').map((request) => JSON.parse(request.body) as Record<string, string>);
			expect(repays.map((body) => [body.method, body.repayUnlock])).toEqual([
				['borrowed_coin', 'no'],
				['collateral', 'yes'],
			]);
			for (const kind of ['loans', 'repayments', 'collateral', 'liquidations']) expect((await run(['history', kind])).code, kind).toBe(0);
			expect((await run(['plan', '--loan-coin', 'USDT', '--loan-amount', '1000', '--json'])).code).toBe(0);
			// The demo's ETH loan at 75.73 %: a top-up through the watch, with the ledger and the lock as ever.
			const watched = await run(['watch', '--once', '--json', '--top-up-at', '75', '--top-up-to', '70', '--max-add', '0.5ETH,0.1BTC', '--yes']);
			expect(watched.code, watched.stderr).toBe(10);
			expect(watched.stdout).toMatch(/"result":"done"/);

			const signedLoanCalls = simulator.requests.filter((request) => !PUBLIC.has(request.operation) && request.operation !== 'unknown');
			expect(signedLoanCalls.length).toBeGreaterThan(10);
			// After the first ask of the account's mode, every signed call went to v3.
			expect(signedLoanCalls.filter((request) => request.family !== 'v3').map((request) => request.path)).toEqual([]);
			expect(signedLoanCalls.filter((request) => request.code !== '00000').map((request) => `${request.path} ${request.code}`)).toEqual([]);
			// The mode is remembered between runs: asked once, not once per command.
			expect(simulator.requests.filter((request) => request.operation === 'accountSettings')).toHaveLength(1);
		} finally {
			await simulator.close();
		}
	});

	it('a classic account: the same commands on v2 only; repaying out of the collateral is refused before anything is sent', async () => {
		const simulator = await simulatorOf('classic');
		try {
			const run = runner(simulator.url, home());
			const borrowed = await run(['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', 'SEVEN', '--pledge-amount', '1', '--yes', '--json']);
			expect(borrowed.code, borrowed.stderr).toBe(0);
			const {orderId} = JSON.parse(borrowed.stdout) as {orderId: string};
			const refused = await run(['repay', orderId, '--all', '--from-collateral', '--yes']);
			expect(refused.code).toBe(2);
			expect(refused.stderr).toMatch(/--from-collateral needs a unified trading account; this Bitget account is a classic one/);
			const repaid = await run(['repay', orderId, '--all', '--yes']);
			expect(repaid.code, repaid.stderr).toBe(0);
			expect((await run(['history', 'repayments'])).code).toBe(0);
			const signed = simulator.requests.filter((request) => !PUBLIC.has(request.operation) && request.operation !== 'accountSettings');
			expect(signed.filter((request) => request.family !== 'v2').map((request) => request.path)).toEqual([]);
			expect(
				simulator.requests.filter((request) => request.operation === 'repay').map((request) => JSON.parse(request.body) as Record<string, string>),
			).toEqual([{orderId, repayAll: 'yes', repayUnlock: 'yes'}]);
		} finally {
			await simulator.close();
		}
	});

	it('upgraded since the mode was remembered: found out on the first read and served through v3, the repay sent once', async () => {
		const simulator = await simulatorOf('classic');
		try {
			const run = runner(simulator.url, home());
			const tight = simulator.loans.all.find((loan) => loan.status === 'ongoing' && loan.pledgeCoin === 'ETH')!.orderId;
			expect((await run(['loans'])).code).toBe(0);
			// Bitget upgrades the account: the mode loan-tui remembers (classic) is out of date.
			simulator.setAccountMode(TEST_CREDENTIALS.apiKey, 'unified');
			const before = simulator.requests.length;
			const repaid = await run(['repay', tight, '--amount', '10', '--yes']);
			expect(repaid.code, repaid.stderr).toBe(0);
			// The read before the review met 40085 and was asked again on v3; the POST went to v3 only.
			const after = simulator.requests.slice(before).filter((request) => request.operation === 'ongoingOrders');
			expect(after.map((request) => `${request.family} ${request.code}`).slice(0, 2)).toEqual(['v2 40085', 'v3 00000']);
			expect(after.slice(1).every((request) => request.family === 'v3')).toBe(true);
			expect(simulator.requests.filter((request) => request.operation === 'repay').map((request) => `${request.family} ${request.code}`)).toEqual(['v3 00000']);
		} finally {
			await simulator.close();
		}
	});

	it('whoami says the mode and what the key may do; a read-only key is told so', async () => {
		for (const [mode, permType, words] of [
			['unified', 'read-and-write', /account\s+unified trading account \(v3 loans\); this key may borrow, repay and change collateral/],
			['unified', 'read-only', /account\s+unified trading account \(v3 loans\); this key read-only: can see loans, not borrow/],
			['classic', undefined, /account\s+classic account \(v2 loans\)/],
		] as const) {
			const simulator = await simulatorOf(mode, permType);
			try {
				const result = await runner(simulator.url, home())(['whoami']);
				expect(result.code, result.stderr).toBe(0);
				expect(result.stdout).toMatch(words);
				expect(result.stdout).not.toContain(TEST_CREDENTIALS.apiKey);
			} finally {
				await simulator.close();
			}
		}
	});

	it('--demo is a unified account unless --demo-account classic; the flag is refused without --demo or with another mode', async () => {
		const env = {HOME: home()};
		const unified = await runCli(['--demo', 'whoami'], {env});
		expect(unified.stdout).toMatch(/account\s+unified trading account/);
		const classic = await runCli(['--demo', '--demo-account', 'classic', 'whoami'], {env});
		expect(classic.stdout).toMatch(/account\s+classic account/);
		const loans = await runCli(['--demo', '--demo-account', 'classic', 'loans', '--json'], {env});
		expect(loans.code, loans.stderr).toBe(0);
		expect((JSON.parse(loans.stdout) as {loans: unknown[]}).loans).toHaveLength(2);
		for (const args of [
			['--demo-account', 'classic', 'whoami'],
			['--demo', '--demo-account', 'hybrid', 'whoami'],
		]) {
			const refused = await runCli(args, {env});
			expect(refused.code).toBe(2);
			expect(refused.stderr).toMatch(/--demo-account (goes with --demo|is unified or classic)/);
		}
	});
});
