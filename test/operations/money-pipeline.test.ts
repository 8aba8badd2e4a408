// The one money pipeline (source/operations/money-pipeline.ts) against the simulator over loopback HTTP: the record
// is on disk before the POST leaves, each outcome class, the check after an unknown outcome, its bound, and an
// interruption in every phase.
import {describe, expect, it} from 'vitest';
import {InterruptedError, OutcomeUnknownError} from '../../source/api/errors.js';
import type {RepayRequest} from '../../source/api/loan-types.js';
import {createMoneyGuard} from '../../source/operations/money-guard.js';
import {sendMoney, type MoneyIntent} from '../../source/operations/money-pipeline.js';
import {memoryJournal} from '../helpers/memory-journal.js';
import {useSimulator} from '../helpers/simulator.js';

const envelope = (code: string, msg: string, data: unknown = null) => JSON.stringify({code, msg, requestTime: Date.now(), data});
const borrow: MoneyIntent = {kind: 'borrow', request: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'}};

/** Waits (bounded, failing loudly) until `check` holds. */
async function until(check: () => boolean, what: string, withinMs = 10_000): Promise<void> {
	const deadline = Date.now() + withinMs;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

describe('the money pipeline', () => {
	const sim = useSimulator();
	const deps = (checkMs = 0) => ({client: sim.client(), guard: createMoneyGuard(), journal: memoryJournal(), checkMs});
	const posts = () => sim.posts().length;

	it('done: the record says "sending" before the POST and "done" with the order after; one POST', async () => {
		const d = deps();
		const journal = d.journal;
		let postsWhenRecorded = -1;
		const outcome = await sendMoney(borrow, d, {
			onProgress: (progress) => {
				if (progress.phase === 'sending') postsWhenRecorded = posts();
			},
		});
		expect(outcome.status).toBe('done');
		expect(postsWhenRecorded).toBe(0);
		expect(journal.writes.map((record) => record.outcome)).toEqual(['sending', 'done']);
		const orderId = outcome.status === 'done' && outcome.result.kind === 'borrow' ? outcome.result.result.orderId : '';
		expect(journal.latest()).toEqual([
			expect.objectContaining({
				operation: 'borrow',
				outcome: 'done',
				orderId,
				values: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'},
			}),
		]);
		expect(posts()).toBe(1);
	});

	it('a record that cannot be written sends nothing', async () => {
		const d = deps();
		d.journal.failOpen = 'no space left on device';
		const outcome = await sendMoney(borrow, d);
		expect(outcome.status).toBe('not-sent');
		expect(String((outcome as {error: Error}).error.message)).toContain('the local money record could not be written (no space left on device)');
		expect(posts()).toBe(0);
	});

	it.each([
		['40034', 'Parameter ZZZ does not exist', 400],
		['43012', 'Insufficient balance', 200],
		['429', 'Too Many Requests', 429],
		['80007', 'loan single minimum limit', 400],
	])('refused before execution: %s on HTTP %s', async (code, msg, status) => {
		sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status, body: envelope(code, msg)});
		const d = deps();
		const outcome = await sendMoney(borrow, d);
		expect(outcome.status).toBe('refused');
		expect(d.journal.latest()[0]).toMatchObject({outcome: 'refused'});
		expect(d.journal.latest()[0]!.detail).toContain(code);
		expect(posts()).toBe(1);
	});

	it.each(['40010', '40015', '45001', '40200', '40725', '40808'])('server trouble %s on HTTP 200 and 400 is unknown, never a refusal', async (code) => {
		for (const status of [200, 400]) {
			sim.simulator.reset();
			sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status, body: envelope(code, 'System is abnormal, please try again later')});
			const d = deps();
			const outcome = await sendMoney(borrow, d);
			expect(outcome.status, `${code} on ${status}`).toBe('unknown');
			const error = (outcome as {error: OutcomeUnknownError}).error;
			expect(error.what).toBe(`the server answered ${code} System is abnormal, please try again later (HTTP ${status})`);
			expect(d.journal.latest()[0]).toMatchObject({outcome: 'unknown'});
			expect(posts()).toBe(1);
		}
	});

	it('a repayment recorded by the server before it answered 40015: unknown, and the check finds it', async () => {
		const client = sim.client();
		const order = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'});
		const [loan] = await client.ongoingOrders({orderId: order.orderId});
		const request: RepayRequest = {orderId: order.orderId, repayAll: false, amount: '100', repayUnlock: true};
		sim.simulator.injectFault({
			kind: 'raw-after-acting',
			operation: 'repay',
			status: 400,
			body: envelope('40015', 'System is abnormal, please try again later'),
		});
		const d = {...deps(10_000), client};
		const outcome = await sendMoney({kind: 'repay', request, loan}, d);
		expect(outcome.status).toBe('unknown');
		const check = outcome.status === 'unknown' ? outcome.check : undefined;
		expect(check).toMatchObject({status: 'found', orderId: order.orderId, settled: true});
		expect(check!.message).toContain('found a repayment of 100');
		expect(d.journal.latest()[0]).toMatchObject({outcome: 'unknown', finding: {status: 'found', orderId: order.orderId}});
		expect(sim.posts().filter((post) => post.path.endsWith('/repay'))).toHaveLength(1);
	});

	it('a lost borrow answer: the order placed is found; a look-alike that existed before the send is not named', async () => {
		const client = sim.client();
		const before = await client.borrow(borrow.request as never);
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		const d = {...deps(10_000), client};
		const outcome = await sendMoney(borrow, d);
		expect(outcome.status).toBe('unknown');
		const placed = sim.simulator.orders.at(-1)!.orderId;
		expect(placed).not.toBe(before.orderId);
		const check = outcome.status === 'unknown' ? outcome.check : undefined;
		expect(check).toMatchObject({status: 'found', orderId: placed});
		expect(check!.message).not.toContain(before.orderId);
	});

	it("one read failing keeps the others' evidence and says which failed", async () => {
		const client = sim.client();
		const order = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'});
		const [loan] = await client.ongoingOrders({orderId: order.orderId});
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'repay'});
		sim.simulator.injectFault({kind: 'html-500', operation: 'reduces', times: Number.POSITIVE_INFINITY});
		const d = {...deps(10_000), client};
		const outcome = await sendMoney({kind: 'repay', request: {orderId: order.orderId, repayAll: false, amount: '50', repayUnlock: true}, loan}, d);
		const check = outcome.status === 'unknown' ? outcome.check : undefined;
		expect(check).toMatchObject({status: 'found'});
		expect(check!.message).toContain('reduces could not be read');
		expect(check!.reads).toContainEqual(expect.objectContaining({read: 'reduces', ok: false}));
	});

	it('the bound covers reads in flight: reads that never answer end the check at its bound, unchecked', async () => {
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		const d = deps(300);
		const outcome = await sendMoney(borrow, d, {
			onProgress: (progress) => {
				// From the first read of the check on, no read answers.
				if (progress.phase === 'checking' && !progress.finding) {
					for (const operation of ['ongoingOrders', 'borrowHistory'] as const)
						sim.simulator.injectFault({kind: 'stall', operation, times: Number.POSITIVE_INFINITY});
				}
			},
		});
		expect(outcome.status).toBe('unknown');
		const check = outcome.status === 'unknown' ? outcome.check : undefined;
		expect(check).toMatchObject({status: 'unchecked', timedOut: true, interrupted: false});
		expect(d.journal.latest()[0]).toMatchObject({outcome: 'unknown', finding: {status: 'unchecked'}});
	});

	describe('interrupted (the guard closed: Ctrl+C, SIGTERM, SIGHUP, quitting)', () => {
		it('before the send: nothing is sent, and the record says so', async () => {
			const d = deps();
			const outcome = await sendMoney(borrow, d, {
				onProgress: (progress) => {
					if (progress.phase === 'recording') d.guard.close('SIGTERM');
				},
			});
			expect(outcome.status).toBe('not-sent');
			expect(String((outcome as {error: Error}).error.message)).toBe('interrupted by SIGTERM before the borrow was sent: nothing was sent');
			expect(posts()).toBe(0);
		});

		it('during the POST: unknown at once, unchecked, recorded as unknown', async () => {
			sim.simulator.injectFault({kind: 'stall-after-acting', operation: 'borrow'});
			const d = deps(10_000);
			const done = sendMoney(borrow, d);
			await until(() => posts() === 1, 'the POST');
			d.guard.close('SIGHUP');
			const outcome = await done;
			expect(outcome.status).toBe('unknown');
			const error = (outcome as {error: OutcomeUnknownError}).error;
			expect(error.failure).toBeInstanceOf(InterruptedError);
			expect(error.what).toContain('SIGHUP');
			expect(outcome.status === 'unknown' && outcome.check).toBeFalsy();
			expect(d.journal.latest()[0]).toMatchObject({outcome: 'unknown'});
			expect(d.guard.outcomes()).toEqual([expect.objectContaining({operation: 'borrow'})]);
		});

		it('during the check: it stops with what it learned, which is recorded', async () => {
			sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
			const d = deps(600_000);
			const done = sendMoney(borrow, d, {
				onProgress: (progress) => {
					// From the first read of the check on, no read answers: the check would go on until its bound.
					if (progress.phase === 'checking' && !progress.finding) {
						for (const operation of ['ongoingOrders', 'borrowHistory'] as const)
							sim.simulator.injectFault({kind: 'stall', operation, times: Number.POSITIVE_INFINITY});
					}
				},
			});
			const postIndex = () => sim.simulator.requests.findIndex((request) => request.method === 'POST');
			await until(() => postIndex() >= 0 && sim.simulator.requests.slice(postIndex()).some((request) => request.fault === 'stall'), 'a read of the check');
			d.guard.close('SIGINT');
			const outcome = await done;
			expect(outcome.status).toBe('unknown');
			const check = outcome.status === 'unknown' ? outcome.check : undefined;
			expect(check).toMatchObject({status: 'unchecked', interrupted: true});
			expect(d.journal.latest()[0]).toMatchObject({outcome: 'unknown', finding: {status: 'unchecked'}});
			expect(posts()).toBe(1);
		});
	});

	it('an account upgraded under a running client: the POST to the mode it knew is refused (40085), never unknown, and the next goes to v3', async () => {
		const client = sim.client();
		const orderId = (await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'})).orderId;
		// A client that was told the account is classic (as when it was, at the review), then Bitget upgrades it.
		const stale = sim.client({familyMemory: {recall: () => Promise.resolve('classic'), remember: () => Promise.resolve()}});
		const journal = memoryJournal();
		const request: RepayRequest = {orderId, repayAll: false, amount: '10', repayUnlock: false};
		const refused = await sendMoney({kind: 'repay', request}, {client: stale, guard: createMoneyGuard(), journal, checkMs: 0});
		expect(refused.status).toBe('refused');
		expect(refused.status === 'refused' && refused.error.code).toBe('40085');
		expect(refused.status === 'refused' && refused.error.hint).toMatch(/unified trading account, whose loans are v3 ones; nothing was done/);
		expect((await journal.read()).records.map((record) => record.outcome)).toEqual(['refused']);
		expect(sim.simulator.loans.repays).toHaveLength(0);
		// Learnt from the refusal: confirmed again, the next POST goes to v3 and is done.
		const done = await sendMoney({kind: 'repay', request}, {client: stale, guard: createMoneyGuard(), journal, checkMs: 0});
		expect(done.status).toBe('done');
		expect(sim.simulator.requests.filter((r) => r.operation === 'repay').map((r) => `${r.family} ${r.code}`)).toEqual(['v2 40085', 'v3 00000']);
	});
});
