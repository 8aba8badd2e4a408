// A money POST to a host that does not resolve never left this machine: it is neither a refusal (the server said no)
// nor an unknown outcome (it may have acted). The pipeline (source/operations/money-pipeline.ts) says "not sent",
// names the host and what to do; the money record (source/state/money-journal.ts) keeps it as "not-sent", and
// `history --local` lists it so.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {BitgetClient} from '../../source/api/client.js';
import {NetworkError} from '../../source/api/errors.js';
import {createMoneyGuard} from '../../source/operations/money-guard.js';
import {sendMoney} from '../../source/operations/money-pipeline.js';
import {moneyJournalAt} from '../../source/state/money-journal.js';
import {runCli} from '../helpers/cli.js';
import {TEST_CREDENTIALS} from '../helpers/simulator.js';

/** RFC 6761: a name under .invalid never resolves (ENOTFOUND, or EAI_AGAIN without a resolver). */
const HOST = 'no-such-host.invalid';

describe('a borrow to a host that does not resolve', () => {
	it('is "not sent" with the host named, recorded as not-sent, and listed so by history --local', async () => {
		const state = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		const journal = moneyJournalAt(join(state, 'loan-tui'));
		// The account's mode is remembered and the coins were checked on the review: the POST is the first request.
		const client = new BitgetClient({
			baseUrl: `https://${HOST}`,
			credentials: TEST_CREDENTIALS,
			familyMemory: {recall: () => Promise.resolve('classic'), remember: () => Promise.resolve()},
		});
		try {
			const outcome = await sendMoney(
				{kind: 'borrow', request: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'}, prechecked: true},
				{client, guard: createMoneyGuard(), journal, checkMs: 0},
			);
			expect(outcome.status).toBe('not-sent');
			const error = (outcome as {error: unknown}).error;
			expect(error).toBeInstanceOf(NetworkError);
			expect((error as NetworkError).message).toMatch(
				new RegExp(`^not sent: could not reach ${HOST.replace('.', '\\.')}: host (not found|name lookup failed)$`),
			);
			expect((error as NetworkError).hint).toMatch(/Check the address .* and your network.*--demo/);
			expect((await journal.read()).records).toEqual([expect.objectContaining({operation: 'borrow', outcome: 'not-sent', detail: (error as Error).message})]);
		} finally {
			await client.close();
		}

		const json = await runCli(['history', '--local', '--json'], {env: {XDG_STATE_HOME: state}});
		expect(json.code).toBe(0);
		expect((JSON.parse(json.stdout) as Array<{outcome: string}>).map((entry) => entry.outcome)).toEqual(['not-sent']);
		const table = await runCli(['history', '--local', '--wide'], {env: {XDG_STATE_HOME: state}});
		expect(table.code).toBe(0);
		const row = table.stdout.split('\n').find((line) => line.includes('borrow'));
		expect(row).toMatch(/ not sent /);
		expect(row).not.toMatch(/refused/);
	});
});
