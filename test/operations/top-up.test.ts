// The watch's top-up decisions from the account's ledger: once per crossing, 10 minutes apart, a cap per coin across
// loans over 24 hours of this machine's clock (one moved back or forward neither ends nor opens it), never while an
// earlier outcome is unknown until a check settles it; the runner writes before it sends and says a reason once.
import {mkdtempSync, writeFileSync, appendFileSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {createTopUpRunner, decideTopUp, type SendReport, type Settling, type TopUpPolicy} from '../../source/operations/top-up.js';
import type {WatchRead} from '../../source/operations/watch.js';
import {elapsedSince, type LocalInstant} from '../../source/state/process-identity.js';
import {memoryTopUpLedger, topUpLedgerAt, type LedgerEntry, type TopUpEntry} from '../../source/state/top-up-ledger.js';
import {ongoingLoan} from '../helpers/loans.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// 20 ETH pledged; from 80 % add what brings it to 70 %, at most 3 ETH a day.
const loan = ongoingLoan({orderId: '1130000000000000002', pledgeCoin: 'ETH', pledgeAmount: '20', pledgeRate: '0.8', supRate: '0.8', forceRate: '0.9'});
const other = ongoingLoan({orderId: '1130000000000000003', pledgeCoin: 'ETH', pledgeAmount: '20', pledgeRate: '0.8', supRate: '0.8', forceRate: '0.9'});
const policy: TopUpPolicy = {at: '0.8', to: '0.7', caps: new Map([['ETH', '3']])};
const boot = 'boot-1';
const at = (ms: number): LocalInstant => ({wall: 1_800_000_000_000 + ms, boot, uptimeMs: 1_000_000 + ms});
let ids = 0;
const topUp = (ms: number, amount: string, outcome: TopUpEntry['outcome'], orderId = loan.orderId): TopUpEntry => ({
	type: 'top-up',
	id: `t${ids++}`,
	seq: 0,
	orderId,
	coin: 'ETH',
	amount,
	at: at(ms),
	serverSentAt: 0,
	outcome,
});
const rearm = (ms: number, orderId = loan.orderId): LedgerEntry => ({type: 'rearm', id: `r${ids++}`, seq: 0, orderId, at: at(ms)});

describe('top-up decisions from the ledger', () => {
	it('adds what reaches the target, once per crossing; the cap is per 24 hours from each addition', () => {
		expect(decideTopUp(policy, loan, '0.7999', [], at(0))).toEqual({kind: 'below', rearm: false});
		// 20 × 80 / 70 − 20 = 2.85714286 (rounded up), within the cap.
		expect(decideTopUp(policy, loan, '0.8', [], at(MINUTE))).toEqual({kind: 'add', amount: '2.85714286', capped: false, ltvAfter: '0.7'});
		const ledger: LedgerEntry[] = [topUp(MINUTE, '2.85714286', 'done')];
		// Still above the line an hour later: the same crossing, nothing; below it, the loan is to be re-armed.
		expect(decideTopUp(policy, loan, '0.82', ledger, at(HOUR))).toEqual({kind: 'none'});
		expect(decideTopUp(policy, loan, '0.75', ledger, at(2 * HOUR))).toEqual({kind: 'below', rearm: true});
		ledger.push(rearm(2 * HOUR));
		expect(decideTopUp(policy, loan, '0.75', ledger, at(2 * HOUR))).toEqual({kind: 'below', rearm: false});
		expect(decideTopUp(policy, loan, '0.8', ledger, at(3 * HOUR))).toMatchObject({kind: 'add', amount: '0.14285714', capped: true});
		ledger.push(topUp(3 * HOUR, '0.14285714', 'done'), rearm(4 * HOUR));
		expect(decideTopUp(policy, loan, '0.81', ledger, at(5 * HOUR))).toEqual({kind: 'skip', reason: 'the 3 ETH of --max-add for 24 hours is used up'});
		expect(decideTopUp(policy, loan, '0.81', ledger, at(24 * HOUR + 2 * MINUTE))).toMatchObject({kind: 'add', amount: '2.85714286'});
	});

	it('the cap is per coin across loans; 10 minutes per loan; a refusal ends the crossing without counting', () => {
		const ledger = [topUp(0, '2.5', 'done', other.orderId)];
		expect(decideTopUp(policy, loan, '0.8', ledger, at(MINUTE))).toMatchObject({kind: 'add', amount: '0.5', capped: true});
		const spaced = [topUp(0, '1', 'done'), rearm(MINUTE)];
		expect(decideTopUp(policy, loan, '0.8', spaced, at(9 * MINUTE))).toEqual({
			kind: 'skip',
			reason: 'the last top-up of this loan was less than 10 minutes ago',
		});
		expect(decideTopUp(policy, loan, '0.8', spaced, at(10 * MINUTE))).toMatchObject({kind: 'add', amount: '2'});
		const refused = [topUp(0, '2.85714286', 'refused')];
		expect(decideTopUp(policy, loan, '0.85', refused, at(MINUTE))).toEqual({kind: 'none'});
		expect(decideTopUp(policy, loan, '0.85', [...refused, rearm(2 * MINUTE)], at(3 * MINUTE))).toMatchObject({kind: 'add', amount: '3', capped: true});
		expect(decideTopUp({...policy, caps: new Map([['BTC', '1']])}, loan, '0.8', [], at(0))).toEqual({
			kind: 'skip',
			reason: '--max-add names no cap for ETH: nothing is added to this loan',
		});
	});

	it('an unknown or unfinished outcome holds the loan, even across a re-arm; once settled it counts as an addition', () => {
		for (const outcome of ['unknown', 'sending'] as const) {
			const entry = topUp(0, '1', outcome);
			expect(decideTopUp(policy, loan, '0.85', [entry, rearm(HOUR)], at(2 * HOUR))).toEqual({kind: 'unsettled', entry});
		}
		expect(decideTopUp(policy, loan, '0.85', [topUp(0, '2', 'found'), rearm(HOUR)], at(2 * HOUR))).toMatchObject({kind: 'add', amount: '1', capped: true});
		expect(decideTopUp(policy, loan, '0.85', [topUp(0, '2', 'not-done'), rearm(HOUR)], at(2 * HOUR))).toMatchObject({kind: 'add', amount: '1', capped: true});
	});

	it("this machine's clock: moved back keeps the limits on, moved forward within a boot does not end them; across a reboot the wall clock counts", () => {
		const then = at(0);
		expect(elapsedSince(then, {...at(0), wall: then.wall - 2 * HOUR})).toBe(0);
		expect(elapsedSince(then, {wall: then.wall + 25 * HOUR, boot, uptimeMs: then.uptimeMs! + MINUTE})).toBe(MINUTE);
		expect(elapsedSince(then, {wall: then.wall + 25 * HOUR, boot: 'boot-2', uptimeMs: 5})).toBe(25 * HOUR);
		const ledger = [topUp(0, '3', 'done'), rearm(MINUTE)];
		expect(decideTopUp(policy, loan, '0.85', ledger, {wall: at(0).wall + 25 * HOUR, boot, uptimeMs: at(0).uptimeMs! + HOUR})).toMatchObject({
			kind: 'skip',
			reason: expect.stringMatching(/used up/),
		});
		// Moved back two hours: the top-up looks as if it had just happened, so even the 10 minutes hold.
		expect(decideTopUp(policy, loan, '0.85', ledger, {wall: at(0).wall - 2 * HOUR, boot, uptimeMs: at(0).uptimeMs! + 20 * MINUTE})).toEqual({
			kind: 'skip',
			reason: 'the last top-up of this loan was less than 10 minutes ago',
		});
	});
});

describe('the top-up runner', () => {
	const read = (ltv: string, loans = [loan]): Extract<WatchRead, {ok: true}> => ({
		ok: true,
		time: 0,
		loans: loans.map((one) => ({loan: one, ltv, projected: false})),
		closed: new Map(),
	});

	it('writes "sending" before the POST and the outcome after; several loans crossing together share the cap; a reason is said once', async () => {
		const ledger = memoryTopUpLedger();
		let clock = 0;
		const seenAtSend: LedgerEntry[][] = [];
		const sent: string[] = [];
		const runner = createTopUpRunner({
			policy,
			ledger,
			now: () => at(clock),
			serverNow: () => 0,
			stopping: () => false,
			settle: () => Promise.resolve('unclear'),
			send: async (request) => {
				seenAtSend.push(await ledger.read());
				sent.push(`${request.orderId}:${request.amount}`);
				return {status: 'done'};
			},
		});
		const events = await runner.afterRead(read('0.8', [loan, other]));
		expect(sent).toEqual([`${loan.orderId}:2.85714286`, `${other.orderId}:0.14285714`]);
		expect(seenAtSend[0]).toMatchObject([{type: 'top-up', outcome: 'sending', amount: '2.85714286'}]);
		expect((await ledger.read()).map((entry) => (entry.type === 'top-up' ? entry.outcome : entry.type))).toEqual(['done', 'done']);
		expect(events.map((event) => event.topUp?.result)).toEqual(['done', 'done']);
		clock = HOUR;
		await runner.afterRead(read('0.7', [loan, other]));
		const skipped = await runner.afterRead(read('0.85', [loan, other]));
		expect(skipped.map((event) => event.topUp?.reason)).toEqual([
			'the 3 ETH of --max-add for 24 hours is used up',
			'the 3 ETH of --max-add for 24 hours is used up',
		]);
		expect(await runner.afterRead(read('0.85', [loan, other]))).toEqual([]);
	});

	it('an unknown outcome holds the loan until a check finds it (then done) or finds nothing 15 minutes on; stopping sends nothing more', async () => {
		const ledger = memoryTopUpLedger();
		let clock = 0;
		let settling: Settling = 'unclear';
		let report: SendReport = {status: 'unknown', found: false, reason: 'no answer'};
		let stopping = false;
		const sent: string[] = [];
		const runner = createTopUpRunner({
			policy,
			ledger,
			now: () => at(clock),
			serverNow: () => 0,
			stopping: () => stopping,
			settle: () => Promise.resolve(settling),
			send: (request) => {
				sent.push(request.orderId);
				return Promise.resolve(report);
			},
		});
		expect((await runner.afterRead(read('0.8')))[0]!.topUp).toMatchObject({result: 'unknown'});
		expect(runner.unknownCount()).toBe(1);
		clock = 20 * MINUTE;
		await runner.afterRead(read('0.7'));
		expect((await runner.afterRead(read('0.85')))[0]!.topUp).toMatchObject({result: 'skipped', reason: expect.stringMatching(/unknown outcome/)});
		settling = 'found';
		report = {status: 'done'};
		const settled = await runner.afterRead(read('0.85'));
		// Found: it counts (2.857 of the 3 ETH), and this is a new crossing (read below the line since): the rest.
		expect(settled.map((event) => event.topUp)).toMatchObject([
			{result: 'settled', reason: expect.stringMatching(/was found .* counts as done/)},
			{result: 'done', amount: '0.14285714', capped: true},
		]);
		expect(sent).toHaveLength(2);
		// Nothing found of an unknown one: held while it is young, taken as not done 15 minutes on (still counted).
		const young = createTopUpRunner({
			policy,
			ledger: memoryTopUpLedger(),
			now: () => at(clock),
			serverNow: () => 0,
			stopping: () => false,
			settle: () => Promise.resolve('not-found'),
			send: () => Promise.resolve({status: 'unknown', found: false, reason: 'no answer'}),
		});
		clock = 0;
		await young.afterRead(read('0.8'));
		await young.afterRead(read('0.7'));
		clock = 14 * MINUTE;
		expect((await young.afterRead(read('0.85')))[0]!.topUp).toMatchObject({result: 'skipped'});
		clock = 16 * MINUTE;
		expect((await young.afterRead(read('0.85'))).map((event) => event.topUp?.result)).toEqual(['settled', 'unknown']);
		await runner.afterRead(read('0.7'));
		stopping = true;
		expect(await runner.afterRead(read('0.85'))).toEqual([]);
		expect(sent).toHaveLength(2);
	});
});

describe('the ledger on disk', () => {
	it('folds records by id, keeps their first place, survives a torn line, and is read back by another instance', async () => {
		const directory = join(mkdtempSync(join(tmpdir(), 'loan-tui-ledger-')), 'account');
		const first = topUpLedgerAt(directory, () => at(0));
		const entry = (await first.add({
			type: 'top-up',
			orderId: loan.orderId,
			coin: 'ETH',
			amount: '1',
			at: at(0),
			serverSentAt: 5,
			outcome: 'sending',
		})) as TopUpEntry;
		await first.add({type: 'rearm', orderId: other.orderId, at: at(1)});
		// A crash in the middle of a write: half a line, then the next record on a line of its own.
		appendFileSync(join(directory, 'top-ups.jsonl'), '\n{"type":"top-up","id":"x');
		await first.settle(entry, 'unknown');
		const second = topUpLedgerAt(directory, () => at(2));
		const entries = await second.read();
		expect(entries.map((one) => [one.type, one.type === 'top-up' ? one.outcome : '-'])).toEqual([
			['top-up', 'unknown'],
			['rearm', '-'],
		]);
		expect(readFileSync(join(directory, 'top-ups.jsonl'), 'utf8')).not.toMatch(/secret|apiKey/i);
		// A file that is not ours is refused, never taken for an empty ledger.
		const foreign = join(mkdtempSync(join(tmpdir(), 'loan-tui-ledger-')), 'account');
		await topUpLedgerAt(foreign, () => at(0)).add({type: 'rearm', orderId: loan.orderId, at: at(0)});
		writeFileSync(join(foreign, 'top-ups.jsonl'), 'x'.repeat(9 * 1024 * 1024));
		await expect(topUpLedgerAt(foreign, () => at(0)).read()).rejects.toThrow(/top-up ledger .* cannot be read/);
	});
});
