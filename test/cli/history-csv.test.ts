// history --csv through the built binary against the simulator over loopback: the CSV holds the same records as --json,
// in the same order, field by field, after a time_utc column; --csv with --json is refused before anything is sent;
// history --local --csv writes the money record the same way.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {moneyJournalAt} from '../../source/state/money-journal.js';
import {runCli} from '../helpers/cli.js';
import {csvRecords} from '../helpers/csv.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

const TIME_FIELD: Record<string, string> = {loans: 'borrowTime', repayments: 'repayTime', collateral: 'reviseTime', liquidations: 'reduceTime'};

/** "2026-11-28 10:15:00" (UTC) from epoch ms. */
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

describe('history --csv', () => {
	const sim = useSimulator();
	const run = (args: string[]) => runCli([...args, '--base-url', sim.simulator.url], {env: TEST_CREDENTIAL_ENV});

	it('each kind: the records of --json, same order, every field as sent, after a time_utc column', async () => {
		const client = sim.client();
		const first = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		const second = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'THIRTY', pledgeAmount: '10'});
		await client.revisePledge({orderId: second.orderId, amount: '1', pledgeCoin: 'ETH', reviseType: 'IN'});
		await client.repay({orderId: first.orderId, repayAll: false, amount: '100', repayUnlock: false});
		await client.repay({orderId: first.orderId, repayAll: true, repayUnlock: true});
		sim.simulator.loans.setPrice('ETH', '900');

		for (const kind of Object.keys(TIME_FIELD)) {
			const json = await run(['history', kind, '--json']);
			const csv = await run(['history', kind, '--csv']);
			expect(csv.code, kind).toBe(0);
			expect(csv.stderr, kind).toBe('');
			expect(csv.stdout, kind).toMatch(/\r\n$/);
			const {records} = JSON.parse(json.stdout) as {records: Array<Record<string, unknown>>};
			expect(records.length, kind).toBeGreaterThan(0);
			const read = csvRecords(csv.stdout);
			expect(read.header[0]).toBe('time_utc');
			expect(read.records, kind).toHaveLength(records.length);
			records.forEach((record, index) => {
				const row = read.records[index]!;
				for (const [name, value] of Object.entries(record)) expect(row[name], `${kind} ${index} ${name}`).toBe(String(value));
				// No column the record does not have, beside the time.
				expect(read.header.slice(1).sort(), kind).toEqual(Object.keys(record).sort());
				expect(row.time_utc, kind).toBe(utc(Number(record[TIME_FIELD[kind]!])));
			});
		}
		// Two repayments, newest first as in the table: the full one, then the partial one.
		const repayments = csvRecords((await run(['history', 'repayments', '--csv'])).stdout).records;
		expect(repayments.map((row) => row.orderId)).toEqual([first.orderId, first.orderId]);
		expect(Number(repayments[0]!.repayTime)).toBeGreaterThanOrEqual(Number(repayments[1]!.repayTime));
		// A window with none: the header alone.
		sim.simulator.reset();
		const empty = await run(['history', 'liquidations', '--csv', '--days', '1']);
		expect(empty).toMatchObject({code: 0, stdout: expect.stringMatching(/^time_utc,orderId,loanCoin,pledgeCoin,reduceTime,.*\r\n$/)});
		expect(empty.stdout.split('\r\n')).toHaveLength(2);
	});

	it('--csv with --json is refused (exit 2) before anything is sent', async () => {
		sim.simulator.requests.length = 0;
		for (const args of [
			['history', 'loans', '--csv', '--json'],
			['--json', 'history', 'repayments', '--csv'],
			['history', '--local', '--csv', '--json'],
		]) {
			const result = await run(args);
			expect(result.code, args.join(' ')).toBe(2);
			expect(result.stderr).toContain('--csv and --json cannot be used together');
			expect(result.stdout).toBe('');
		}
		expect(sim.simulator.requests).toEqual([]);
	});

	it('history --local --csv: what this app sent, a column per value sent, text that looks like a formula neutralised', async () => {
		const state = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		const journal = moneyJournalAt(join(state, 'loan-tui'));
		const borrow = await journal.open({
			time: 1_700_000_000_000,
			operation: 'borrow',
			origin: 'https://api.bitget.com',
			values: {loanCoin: 'USDT', pledgeAmount: '0.5'},
		});
		await journal.update({...borrow, outcome: 'done', orderId: '1130000000000000001'});
		const repay = await journal.open({
			time: 1_700_000_100_000,
			operation: 'repay',
			origin: 'https://api.bitget.com',
			values: {orderId: '1130000000000000001', amount: '5'},
		});
		await journal.update({...repay, outcome: 'refused', detail: '=43012 "insufficient", try again'});

		const json = JSON.parse((await runCli(['history', '--local', '--json'], {env: {XDG_STATE_HOME: state}})).stdout) as Array<Record<string, unknown>>;
		const csv = await runCli(['history', '--local', '--csv'], {env: {XDG_STATE_HOME: state}});
		expect(csv.code).toBe(0);
		const {header, records} = csvRecords(csv.stdout);
		expect(header).toEqual([
			...['time_utc', 'id', 'time', 'operation', 'origin', 'outcome', 'orderId', 'detail'],
			...['finding.status', 'finding.message', 'finding.orderId', 'finding.checkedAt', 'updated'],
			...['values.orderId', 'values.amount', 'values.loanCoin', 'values.pledgeAmount'],
		]);
		expect(records).toHaveLength(json.length);
		expect(records[0]).toMatchObject({
			time_utc: '2023-11-14 22:15:00',
			operation: 'repay',
			'values.amount': '5',
			outcome: 'refused',
			detail: `'=43012 "insufficient", try again`,
		});
		expect(records[1]).toMatchObject({
			time_utc: '2023-11-14 22:13:20',
			operation: 'borrow',
			'values.pledgeAmount': '0.5',
			orderId: '1130000000000000001',
			detail: '',
		});
		expect(records.map((row) => row.id)).toEqual(json.map((entry) => entry.id));
	});
});
