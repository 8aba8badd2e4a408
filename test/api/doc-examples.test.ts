// Bitget's own documentation examples of the loan endpoints (test/helpers/doc-examples.ts, with their sources and
// which variants are constructed), served verbatim over loopback in Bitget's envelope, read by the client and by the
// built CLI: every one reads without an error exit (reference Part D.2). Where a record is broken (the v2 `reduces`
// example) it is left out and counted; where it is merely odd (daily "7", hourRate "59.1") it is read as it is.
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {BitgetClient} from '../../source/api/client.js';
import {runCli, type CliResult} from '../helpers/cli.js';
import {
	BORROW_HISTORY_WORDS,
	COIN_INFOS_NO_PLEDGE,
	ONGOING_FLEXIBLE,
	ONGOING_NO_EXPIRY,
	REDUCES_MIXED,
	startExampleServer,
	type ExampleServer,
} from '../helpers/doc-examples.js';
import {TEST_CREDENTIAL_ENV, TEST_CREDENTIALS} from '../helpers/simulator.js';

describe("Bitget's documentation examples", () => {
	let server: ExampleServer;
	let baseUrl = '';
	let answers: Record<string, string> = {};
	const clients: BitgetClient[] = [];
	beforeAll(async () => {
		server = await startExampleServer();
		baseUrl = server.url;
		answers = server.answers;
	});
	afterEach(async () => {
		server.reset();
		await Promise.all(clients.splice(0).map((client) => client.close()));
	});
	afterAll(async () => {
		await server.close();
	});

	const client = () => {
		const made = new BitgetClient({baseUrl, credentials: TEST_CREDENTIALS});
		clients.push(made);
		return made;
	};
	// The examples' requestTime (2023) becomes the client's clock; a window around it is what the CLI sends too.
	const window = (c: BitgetClient) => ({startTime: c.clock.now() - 30 * 86_400_000, endTime: c.clock.now()});
	const cli = (args: string[]) => runCli([...args, '--base-url', baseUrl], {env: TEST_CREDENTIAL_ENV});
	const clean = (result: CliResult) => {
		expect(result.code, result.stderr).toBe(0);
		expect(`${result.stdout}${result.stderr}`).not.toMatch(/Cannot read properties|TypeError|\n\s+at /);
	};

	describe('through the client', () => {
		it('ongoing-orders: percentages become fractions; expireTime as sent, "0" for flexible, absent when not given', async () => {
			const c = client();
			await c.debts().catch(() => undefined); // any answer first: the clock follows the examples' requestTime
			const [loan] = await c.ongoingOrders();
			expect(loan).toMatchObject({
				orderId: '1',
				hourInterestRate: '0.00000229',
				pledgeRate: '0.65',
				supRate: '0.75',
				forceRate: '0.83',
				expireTime: '1693036799999',
			});
			answers['ongoing-orders'] = ONGOING_NO_EXPIRY;
			const page = await c.ongoingOrderPage();
			expect(page).toEqual({records: [expect.objectContaining({orderId: '1'})], unreadable: 0});
			expect(page.records[0]!.expireTime).toBeUndefined();
			answers['ongoing-orders'] = ONGOING_FLEXIBLE;
			expect((await c.ongoingOrders())[0]!.expireTime).toBe('0');
		});

		it('debts without pledgeInfos read as an empty list; coinInfos without pledgeInfos is unreadable, never "none pledgeable"', async () => {
			const c = client();
			expect(await c.debts()).toEqual({pledgeInfos: [], loanInfos: [{coin: 'ETH', amount: '1.00000229', amountUsdt: '1673.21'}]});
			expect(await c.coinInfos()).toMatchObject({
				loanInfos: [{coin: 'USDT', hourRate: {SEVEN: '0.00000617', THIRTY: '0.00000879'}}],
				pledgeInfos: [{coin: 'MATIC', supRate: '0.75'}],
			});
			answers['public/coinInfos'] = COIN_INFOS_NO_PLEDGE;
			await expect(c.coinInfos()).rejects.toThrow(/coin list: data has no pledgeInfos list/);
		});

		it('borrow-history: daily "7", "30", "SEVEN", "FLEXIBLE" and an hourRate of 59.1 % are kept as sent', async () => {
			const c = client();
			await c.debts();
			const published = await c.history('borrowHistory', window(c));
			expect(published).toEqual({
				records: [expect.objectContaining({orderId: '12121212121', daily: '7', hourRate: '0.591', status: 'REPAY'}), expect.anything()],
				unreadable: 0,
			});
			answers['borrow-history'] = BORROW_HISTORY_WORDS;
			const words = await c.history('borrowHistory', window(c));
			expect(words.unreadable).toBe(0);
			expect(words.records.map((record) => [record.daily, record.status])).toEqual([
				['SEVEN', 'REPAY'],
				['FLEXIBLE', 'ROLLBACK'],
				['30', 'FORCE'],
			]);
		});

		it('repay-history and revise-history read whole', async () => {
			const c = client();
			await c.debts();
			expect(await c.history('repayHistory', window(c))).toEqual({
				records: [expect.objectContaining({repayAmount: '1566.23820848', repayUnlockAmount: '195'}), expect.anything()],
				unreadable: 0,
			});
			expect(await c.history('reviseHistory', window(c))).toEqual({
				records: [expect.objectContaining({orderId: '1', reviseSide: 'down', afterPledgeRate: '0.6475', beforePledgeRate: '0.65'})],
				unreadable: 0,
			});
		});

		it('reduces: the broken v2 records are left out and counted, the sane v3 record is read', async () => {
			const c = client();
			await c.debts();
			expect(await c.history('reduces', window(c))).toEqual({
				records: [],
				unreadable: 2,
				firstProblem: expect.stringMatching(/^liquidation history, record 1: data\.reduceTime is not epoch milliseconds \(got "0\.757"\)/),
			});
			answers.reduces = REDUCES_MIXED;
			const mixed = await c.history('reduces', window(c));
			expect(mixed).toMatchObject({
				records: [{orderId: '1382228549318361088', reduceTime: '1765274978412', pledgeRate: '0.6', reduceFee: '0.00030606', status: 'complete'}],
				unreadable: 1,
			});
		});
	});

	describe('through the built CLI', () => {
		it('loans: the published loan, totals without pledgeInfos; --json too', async () => {
			const human = await cli(['loans']);
			clean(human);
			expect(human.stdout).toMatch(/^1\s+1\.00000000 ETH\s+0\.00000229\s+2\.01%\s+2,619\.6923 USDT\s+65\.00%\s+75\.00%\s+83\.00%/m);
			// Valued only at a price of this read's tickers (none for ETH here), never at debts' amountUsdt.
			expect(human.stdout).toContain('Owed:    1.00000229 ETH\n');
			expect(human.stdout).toContain('Pledged: none');
			const json = await cli(['loans', '--json']);
			clean(json);
			expect(JSON.parse(json.stdout)).toMatchObject({
				loans: [{orderId: '1', pledgeRate: '0.65', expireTime: '1693036799999'}],
				debts: {pledgeInfos: [], loanInfos: [{coin: 'ETH'}]},
				unreadable: 0,
			});
			expect(json.stderr).toBe('');
		});

		it('loans: a loan without expireTime reads "not given"; a flexible one "none (flexible)", once', async () => {
			answers['ongoing-orders'] = ONGOING_NO_EXPIRY;
			const list = await cli(['loans']);
			clean(list);
			expect(list.stdout).toMatch(/^1\s.*\snot given\s+\S/m);
			expect(list.stdout).not.toContain('expired');
			const detail = await cli(['loans', '1']);
			clean(detail);
			expect(detail.stdout).toMatch(/^Expires\s+not given$/m);
			answers['ongoing-orders'] = ONGOING_FLEXIBLE;
			const flexible = await cli(['loans', '1']);
			clean(flexible);
			expect(flexible.stdout).toMatch(/^Expires\s+none \(flexible\)$/m);
			expect(flexible.stdout).not.toContain('none (none');
			const json = JSON.parse((await cli(['loans', '--json'])).stdout);
			expect(json.loans[0].expireTime).toBe('0');
		});

		it('coins: the published list, and one without pledgeInfos', async () => {
			const published = await cli(['coins']);
			clean(published);
			expect(published.stdout).toMatch(/USDT\s+0\.000617% \/ 5\.40%\s+0\.000879% \/ 7\.70%\s+—\s+200\.0000\s+1,000,000\.0000/);
			expect(published.stdout).toMatch(/MATIC\s+60\.00%\s+75\.00%\s+83\.00%/);
			answers['public/coinInfos'] = COIN_INFOS_NO_PLEDGE;
			const noPledge = await cli(['coins']);
			expect(noPledge.code).toBe(1);
			expect(noPledge.stdout).toBe('');
			expect(noPledge.stderr).toMatch(/^loan-tui: could not read Bitget's coin list \(unexpected answer — coin list: data has no pledgeInfos list/);
			const json = await cli(['coins', '--json']);
			expect(JSON.parse(json.stderr).error).toMatchObject({kind: 'protocol', exitCode: 1});
		});

		it('history loans, repayments, collateral: every published record, nothing skipped', async () => {
			const loans = await cli(['history', 'loans']);
			clean(loans);
			expect(loans.stdout).toMatch(/12121212121\s+4,321,321\.23820848 TRX\s+0\.7570 USDT\s+59\.100000%\s+7 days\s+repaid/);
			expect(loans.stdout).toContain('2 records: loans in the last 30 days');
			expect(loans.stderr).toBe('');
			for (const [kind, count] of [
				['repayments', 2],
				['collateral', 1],
			] as const) {
				const human = await cli(['history', kind]);
				clean(human);
				expect(human.stderr).toBe('');
				const json = await cli(['history', kind, '--json']);
				clean(json);
				expect(JSON.parse(json.stdout)).toMatchObject({records: expect.any(Array), unreadable: 0});
				expect(JSON.parse(json.stdout).records).toHaveLength(count);
			}
			answers['borrow-history'] = BORROW_HISTORY_WORDS;
			const words = await cli(['history', 'loans', '--json']);
			clean(words);
			expect(
				JSON.parse(words.stdout)
					.records.map((record: {daily: string}) => record.daily)
					.sort(),
			).toEqual(['30', 'FLEXIBLE', 'SEVEN']);
		});

		it('history liquidations: the broken v2 example exits 0 and says how many records were left out', async () => {
			const human = await cli(['history', 'liquidations']);
			clean(human);
			expect(human.stdout).toBe('No readable liquidations in the last 30 days.\n');
			expect(human.stderr).toMatch(
				/^loan-tui: warning: 2 records could not be read and are not shown \(first: liquidation history, record 1: data\.reduceTime is not epoch milliseconds/,
			);
			const json = await cli(['history', 'liquidations', '--json']);
			clean(json);
			expect(JSON.parse(json.stdout)).toEqual({records: [], unreadable: 2});
			expect(json.stderr).toContain('2 records could not be read and are not shown');
			answers.reduces = REDUCES_MIXED;
			const mixed = await cli(['history', 'liquidations']);
			clean(mixed);
			expect(mixed.stdout).toMatch(/1382228549318361088\s+60\.00%\s+100\.0000 USDT/);
			expect(mixed.stderr).toContain('1 record could not be read and is not shown');
		});
	});
});
