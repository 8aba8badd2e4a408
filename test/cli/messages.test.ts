// Usage errors say what to do, through the built binary (exit 2, nothing sent: no server is even given).
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';

const estimate = ['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'BTC'];

describe('usage messages', () => {
	it('a negative amount is called negative, not ambiguous, however it is written', async () => {
		for (const args of [
			[...estimate, '--daily', '7', '--pledge-amount', '-1'],
			['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--loan-amount', '-0.5'],
		]) {
			const result = await runCli(args);
			expect(result.code).toBe(2);
			expect(result.stderr).toMatch(/cannot be negative/);
			expect(result.stderr).not.toMatch(/ambiguous/);
		}
	});

	it('a flag followed by another flag instead of a value says so', async () => {
		const result = await runCli([...estimate, '--daily', '7', '--pledge-amount', '--json']);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('--pledge-amount needs a value');
	});

	it('a missing --daily on estimate mentions --all', async () => {
		const result = await runCli([...estimate, '--pledge-amount', '1']);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('--daily is required');
		expect(result.stderr).toContain('--all');
	});

	it('--timeout states the range it really accepts', async () => {
		for (const value of ['0', '601', 'soon']) {
			const result = await runCli(['--timeout', value, 'symbols']);
			expect(result.code, value).toBe(2);
			expect(result.stderr).toContain('more than 0 and at most 600');
		}
	});
});
