// The watch session without a process (operations/watch-session.ts) over the simulator's demo loans (ETH at 75.73 %,
// call 80 %, liquidation 90 %; BTC calm at 70.02 %): a crossing is one top-up, a read over the same crossing sends
// nothing, and the end says why: stopped (with the top-ups whose outcome stayed unknown), read once (the worst level)
// or refused before anything is sent. Reads are asked with readNow(); that a read is over is seen when the session
// comes back to its wait (an explicit event), never on the clock.
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {WatchEvent} from '../../source/operations/watch.js';
import {createWatchSession, type WatchSession, type WatchSessionOptions} from '../../source/operations/watch-session.js';
import {waitForNextRead} from '../../source/operations/watch-wait.js';
import {localNow} from '../../source/state/process-identity.js';
import {memoryTopUpLedger} from '../../source/state/top-up-ledger.js';
import {settleMicrotasks, track} from '../helpers/clock.js';
import {useSimulator} from '../helpers/simulator.js';

const WAIT = {timeout: 20_000, interval: 10};
type Send = NonNullable<NonNullable<WatchSessionOptions['topUp']>['send']>;

describe('the watch session', () => {
	const sim = useSimulator({demoLoans: true});
	const running: WatchSession[] = [];
	afterEach(async () => {
		for (const session of running.splice(0)) {
			session.stop();
			await session.ended.catch(() => undefined);
		}
	});
	const posts = () => sim.simulator.requests.filter((request) => request.operation === 'revisePledge');
	const loanReads = () => sim.simulator.requests.filter((request) => request.operation === 'ongoingOrders').length;

	/** A session over the simulator; `waits`: how many times it came back to wait for its next read (each read before
	 * it fully delivered: its alerts said, its top-ups done). */
	const watch = (over: Partial<WatchSessionOptions> = {}) => {
		const client = over.client ?? sim.client();
		const alerts: WatchEvent[] = [];
		const said: string[] = [];
		const state = {waits: 0};
		const session = createWatchSession({
			client,
			intervalMs: 3_600_000,
			minIntervalMs: 10_000,
			repeatMs: 30 * 60_000,
			thresholds: {},
			once: false,
			prices: {url: undefined},
			clocks: {
				local: localNow,
				wait: (ms, signal, setWake) => {
					state.waits += 1;
					return waitForNextRead(ms, signal, setWake);
				},
			},
			sink: {alert: (event) => alerts.push(event), say: (line) => said.push(line)},
			...over,
		});
		running.push(session);
		const topUps = () => alerts.filter((event) => event.kind === 'top-up').map((event) => event.topUp!);
		return {session: session.start(), alerts, said, state, topUps};
	};
	/** ETH's loan from 75 %, to 70 %, at most 0.01 ETH: the LTV stays above 75 % after it (the same crossing). */
	const topUpOf = (send?: Send) => ({
		at: '0.75',
		to: '0.7',
		maxAdd: {perCoin: new Map([['ETH', '0.01']])},
		ledger: memoryTopUpLedger(),
		...(send ? {send} : {}),
	});
	/** Sends through the client itself (the command sends through the money pipeline). */
	const sender =
		(client: ReturnType<typeof sim.client>): Send =>
		async (request) => {
			const result = await client.revisePledge(request);
			return {status: 'done', ltvAfter: result.afterPledgeRate};
		};

	it('a crossing is one top-up; a read over the same crossing sends nothing; the stop ends it as stopped', async () => {
		const {tight} = sim.demoLoanIds();
		const client = sim.client();
		const run = watch({client, orderIds: [tight], topUp: topUpOf(sender(client))});
		await vi.waitFor(() => expect(run.state.waits).toBe(1), WAIT);
		expect(run.topUps()).toMatchObject([{result: 'done', amount: '0.01', capped: true}]);
		expect(posts()).toHaveLength(1);
		expect(run.said).toContain('watching 1 loan every 3600 s (worst: warn); Ctrl+C stops');

		const before = loanReads();
		run.session.readNow();
		await vi.waitFor(() => expect(run.state.waits).toBe(2), WAIT);
		expect(loanReads()).toBe(before + 1);
		expect(run.topUps()).toHaveLength(1);
		expect(posts()).toHaveLength(1);

		expect(run.session.stopping).toBe(false);
		run.session.stop();
		expect(run.session.stopping).toBe(true);
		await expect(run.session.ended).resolves.toEqual({reason: 'stopped', unknownTopUps: 0});
		expect(loanReads()).toBe(before + 1);
	});

	it('a stop while a top-up is sent: it runs to its answer (told it is stopping), no read follows, and the end counts it unknown', async () => {
		const {tight} = sim.demoLoanIds();
		let release!: () => void;
		const gate = new Promise<void>((resolve) => (release = resolve));
		const signals: AbortSignal[] = [];
		const run = watch({
			orderIds: [tight],
			topUp: {
				...topUpOf(),
				send: async (_request, _loan, stopping) => {
					signals.push(stopping);
					await gate;
					return {status: 'unknown', found: false, reason: 'the outcome is unknown'};
				},
			},
		});
		await vi.waitFor(() => expect(signals).toHaveLength(1), WAIT);
		expect(signals[0]!.aborted).toBe(false);
		run.session.stop();
		expect(signals[0]!.aborted).toBe(true);
		const ended = track(run.session.ended);
		await settleMicrotasks();
		expect(ended.settled).toBe(false);
		release();
		await expect(run.session.ended).resolves.toEqual({reason: 'stopped', unknownTopUps: 1});
		expect(run.topUps()).toMatchObject([{result: 'unknown', amount: '0.01'}]);
		expect(run.state.waits).toBe(0);
		expect(loanReads()).toBe(1);
	});

	it('without a sender it only says what it would add, once per crossing, and sends nothing', async () => {
		const {tight} = sim.demoLoanIds();
		const run = watch({orderIds: [tight], topUp: topUpOf()});
		await vi.waitFor(() => expect(run.state.waits).toBe(1), WAIT);
		run.session.readNow();
		await vi.waitFor(() => expect(run.state.waits).toBe(2), WAIT);
		expect(run.topUps()).toMatchObject([{result: 'dry-run', amount: '0.01', capped: true}]);
		run.session.stop();
		await expect(run.session.ended).resolves.toEqual({reason: 'stopped', unknownTopUps: 0});
		expect(posts()).toEqual([]);
	});

	it('a read asked for while one is under way is not lost: the next one follows without a wait', async () => {
		const run = watch();
		await vi.waitFor(() => expect(run.state.waits).toBe(1), WAIT);
		let release!: () => void;
		sim.simulator.injectFault({kind: 'stall', operation: 'ongoingOrders', release: new Promise<void>((resolve) => (release = resolve))});
		run.session.readNow();
		await vi.waitFor(() => expect(loanReads()).toBe(2), WAIT);
		run.session.readNow();
		release();
		await vi.waitFor(() => expect(run.state.waits).toBe(2), WAIT);
		expect(loanReads()).toBe(3);
		run.session.stop();
		await expect(run.session.ended).resolves.toEqual({reason: 'stopped', unknownTopUps: 0});
	});

	it("read once: every loan's level and the worst; no wait, no second read", async () => {
		const run = watch({once: true});
		await expect(run.session.ended).resolves.toEqual({reason: 'read-once', worst: 'warn', unknownTopUps: 0});
		expect(run.alerts.map((event) => [event.kind, event.pledgeCoin, event.level])).toEqual(
			expect.arrayContaining([
				['level', 'ETH', 'warn'],
				['level', 'BTC', 'ok'],
			]),
		);
		expect(run.state.waits).toBe(0);
		expect(loanReads()).toBe(1);
	});

	it('options the loans make unusable end it refused before anything is sent', async () => {
		const named = watch({orderIds: ['1130000000000009999']});
		await expect(named.session.ended).resolves.toEqual({
			reason: 'refused',
			message: 'not among your ongoing loans: 1130000000000009999 (loan-tui loans lists them)',
		});
		const uncapped = watch({topUp: {...topUpOf(async () => ({status: 'done'})), maxAdd: {perCoin: new Map([['ETH', '1']])}}});
		await expect(uncapped.session.ended).resolves.toMatchObject({reason: 'refused', message: expect.stringMatching(/^--max-add names no cap for BTC/)});
		const late = watch({thresholds: {warnLtv: '0.95'}});
		await expect(late.session.ended).resolves.toMatchObject({
			reason: 'refused',
			message: expect.stringMatching(/^--warn-ltv 95(\.00)?% is at or above the liquidation LTV/),
		});
		expect(posts()).toEqual([]);
		expect([named, uncapped, late].map((run) => [run.alerts.length, run.state.waits])).toEqual([
			[0, 0],
			[0, 0],
			[0, 0],
		]);
	});
});
