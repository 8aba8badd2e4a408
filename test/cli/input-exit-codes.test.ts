// Bad input exits 2 on every command, whether it is malformed (caught before any request) or names nothing Bitget
// knows (an unknown pair, coin or order id: the server's code and msg kept). Each option's refusal is in its own words:
// a negative LTV is a percentage out of range, not "amounts cannot be negative"; an unknown locale is refused.
import {describe, expect, it} from 'vitest';
import {runCli, type CliResult} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

function badInput(result: CliResult, message: RegExp): void {
	expect(result.code, result.stderr).toBe(2);
	expect(result.stderr).toMatch(message);
	expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('bad input is exit 2 everywhere', () => {
	const sim = useSimulator();
	const run = (args: string[]) => runCli([...args, '--base-url', sim.simulator.url], {env: TEST_CREDENTIAL_ENV});

	it('a name Bitget does not know: a pair, a coin, an order id', async () => {
		badInput(await run(['symbols', 'btcusd']), /no spot pair BTCUSD \(did you mean [^)]*BTCUSDT[^)]*\?\): 42016 /);
		const json = await run(['symbols', 'btcusd', '--json']);
		expect(json.code).toBe(2);
		expect(JSON.parse(json.stderr)).toEqual({error: expect.objectContaining({kind: 'input', code: '42016', exitCode: 2})});
		badInput(
			await run(['estimate', '--loan-coin', 'US', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1']),
			/US is not in Bitget's list of loanable coins \(did you mean/,
		);
		badInput(await run(['plan', '--loan-coin', 'US', '--loan-amount', '100']), /US is not in Bitget's list of loanable coins/);
		badInput(await run(['loans', '42']), /no ongoing loan with order id 42/);
		badInput(await run(['collateral', '42', 'add', '1', '--yes']), /no ongoing loan with order id 42/);
		expect(sim.posts()).toEqual([]);
	});

	it('each option says what it takes in its own words, before any request', async () => {
		const cases: Array<[string[], RegExp]> = [
			[['watch', '--warn-ltv', '-5'], /--warn-ltv must be a percentage above 0 and below 100, like 60 \(got "-5"\)/],
			[['watch', '--interval', '-1'], /--interval must be a whole number of seconds .*\(got "-1"\)/],
			[['history', 'loans', '--days', '-3'], /--days must be a whole number from 1 to 90.*\(got "-3"\)/],
			[['repay', '42', '--amount', '-5', '--yes'], /--amount cannot be negative \(got -5\)/],
			[
				['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '-0.5'],
				/--pledge-amount cannot be negative \(got -0\.5\)/,
			],
			[['--timeout', '-1', 'symbols'], /--timeout "-1" must be a number of seconds/],
			[['--locale', 'xx_YY', 'symbols'], /--locale "xx_YY" is not a known locale: no language "xx" and no region "YY"/],
			[['--locale', 'en_XX', 'symbols'], /--locale "en_XX" is not a known locale: no region "XX"/],
		];
		for (const [args, message] of cases) {
			const result = await run(args);
			badInput(result, message);
			expect(result.stderr, args.join(' ')).not.toMatch(/amounts cannot be negative|ambiguous/);
		}
		expect(sim.simulator.requests).toEqual([]);
		// A known locale is taken as it is.
		expect((await run(['--locale', 'zh_CN', 'symbols', 'BTCUSDT'])).code).toBe(0);
	});
});
