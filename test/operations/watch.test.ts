// The watch's memory, read by read (each read carries its time): alerts on changes of level only, reminders while a
// loan stays at margin call or worse, blindness and sight, and loans that close.
import {describe, expect, it} from 'vitest';
import {createWatcher, LEAVE_MARGIN, levelFrom, projectAgainIn, PROJECTED_DWELL_MS, type LoanSeen, type WatchRead} from '../../source/operations/watch.js';
import {ongoingLoan} from '../helpers/loans.js';

const MINUTE = 60_000;
const tight = (ltv: string): LoanSeen => ({
	loan: ongoingLoan({orderId: '1130000000000000002', pledgeCoin: 'ETH', pledgeRate: ltv, supRate: '0.8', forceRate: '0.9'}),
	ltv,
	projected: false,
});
const calm = (ltv = '0.7'): LoanSeen => ({
	loan: ongoingLoan({orderId: '1130000000000000001', pledgeCoin: 'BTC', pledgeRate: ltv, supRate: '0.8', forceRate: '0.9'}),
	ltv,
	projected: false,
});
const read = (time: number, loans: LoanSeen[], extra: Partial<Extract<WatchRead, {ok: true}>> = {}): WatchRead => ({
	ok: true,
	time,
	loans,
	closed: new Map(),
	...extra,
});
const failed = (time: number): WatchRead => ({ok: false, time, problem: 'HTTP 503'});
const kinds = (events: ReturnType<ReturnType<typeof createWatcher>['observe']>) =>
	events.map((event) => `${event.kind}:${event.orderId ?? event.what}:${event.level ?? ''}`);

describe('the watch', () => {
	it('alerts on a change of level only: a first look at ok is quiet, one at warn is not; the same level twice is one alert', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		expect(kinds(watcher.observe(read(0, [tight('0.76'), calm()])))).toEqual(['level:1130000000000000002:warn']);
		expect(watcher.worst()).toBe('warn');
		expect(watcher.observe(read(MINUTE, [tight('0.77'), calm()]))).toEqual([]);
		const call = watcher.observe(read(2 * MINUTE, [tight('0.81'), calm()]));
		expect(call).toEqual([expect.objectContaining({kind: 'level', orderId: '1130000000000000002', level: 'margin-call', previous: 'warn', ltv: '0.81'})]);
		expect(watcher.observe(read(3 * MINUTE, [tight('0.82'), calm()]))).toEqual([]);
		expect(kinds(watcher.observe(read(4 * MINUTE, [tight('0.7'), calm()])))).toEqual(['level:1130000000000000002:ok']);
		expect(watcher.worst()).toBe('ok');
	});

	it('reminds every repeat while a loan stays at margin call or worse, never at warn', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.81')]));
		expect(watcher.observe(read(29 * MINUTE, [tight('0.81')]))).toEqual([]);
		expect(kinds(watcher.observe(read(30 * MINUTE, [tight('0.81')])))).toEqual(['reminder:1130000000000000002:margin-call']);
		expect(watcher.observe(read(59 * MINUTE, [tight('0.82')]))).toEqual([]);
		expect(kinds(watcher.observe(read(60 * MINUTE, [tight('0.82')])))).toEqual(['reminder:1130000000000000002:margin-call']);
		// A change resets the clock of reminders: liquidation-near now, its reminder 30 minutes on.
		expect(kinds(watcher.observe(read(61 * MINUTE, [tight('0.88')])))).toEqual(['level:1130000000000000002:liquidation-near']);
		expect(watcher.observe(read(90 * MINUTE, [tight('0.88')]))).toEqual([]);
		expect(kinds(watcher.observe(read(91 * MINUTE, [tight('0.88')])))).toEqual(['reminder:1130000000000000002:liquidation-near']);
		const warn = createWatcher({repeatMs: MINUTE});
		warn.observe(read(0, [tight('0.76')]));
		expect(warn.observe(read(10 * MINUTE, [tight('0.76')]))).toEqual([]);
	});

	it('says when the next reminder falls due (the wait before a read is cut to it): none while every loan is under the margin call', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.76'), calm()]));
		expect(watcher.reminderDue()).toBeUndefined();
		watcher.observe(read(5 * MINUTE, [tight('0.81'), calm()]));
		expect(watcher.reminderDue()).toBe(35 * MINUTE);
		watcher.observe(read(35 * MINUTE, [tight('0.81'), calm('0.85')]));
		// The reminder moved ETH's due time on; BTC's level change starts its own.
		expect(watcher.reminderDue()).toBe(65 * MINUTE);
		watcher.observe(read(40 * MINUTE, [tight('0.7'), calm('0.7')]));
		expect(watcher.reminderDue()).toBeUndefined();
	});

	it('is blind after three failed reads in a row (said once), and says when it sees again; prices after two minutes', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [calm()]));
		expect(watcher.observe(failed(MINUTE))).toEqual([]);
		expect(watcher.observe(failed(2 * MINUTE))).toEqual([]);
		expect(watcher.observe(failed(3 * MINUTE))).toEqual([expect.objectContaining({kind: 'blind', what: 'loans', problem: 'HTTP 503'})]);
		expect(watcher.observe(failed(4 * MINUTE))).toEqual([]);
		expect(kinds(watcher.observe(read(5 * MINUTE, [calm()])))).toEqual(['sees:loans:']);
		// One success between failures starts the count again.
		watcher.observe(failed(6 * MINUTE));
		watcher.observe(failed(7 * MINUTE));
		watcher.observe(read(8 * MINUTE, [calm()]));
		expect(watcher.observe(failed(9 * MINUTE))).toEqual([]);
		// Prices: failing since 10 min; at 11:59 not yet, at 12 blind; then seen again.
		const prices = createWatcher({repeatMs: 30 * MINUTE});
		expect(prices.observe(read(10 * MINUTE, [calm()], {pricesProblem: 'HTTP 500'}))).toEqual([]);
		expect(prices.observe(read(12 * MINUTE - 1, [calm()], {pricesProblem: 'HTTP 500'}))).toEqual([]);
		expect(kinds(prices.observe(read(12 * MINUTE, [calm()], {pricesProblem: 'HTTP 500'})))).toEqual(['blind:prices:']);
		expect(prices.observe(read(13 * MINUTE, [calm()], {pricesProblem: 'HTTP 500'}))).toEqual([]);
		expect(kinds(prices.observe(read(14 * MINUTE, [calm()])))).toEqual(['sees:prices:']);
	});

	it('a loan that leaves the list is closed once, with how; it is no longer watched', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.81'), calm()]));
		expect(watcher.watching().sort()).toEqual(['1130000000000000001', '1130000000000000002']);
		const closed = watcher.observe(read(MINUTE, [calm()], {closed: new Map([['1130000000000000002', 'liquidated' as const]])}));
		expect(closed).toEqual([
			expect.objectContaining({kind: 'level', orderId: '1130000000000000002', level: 'closed', previous: 'margin-call', how: 'liquidated', pledgeCoin: 'ETH'}),
		]);
		expect(watcher.watching()).toEqual(['1130000000000000001']);
		expect(watcher.observe(read(2 * MINUTE, [calm()]))).toEqual([]);
		expect(watcher.worst()).toBe('ok');
	});
});

// Alerts a person can bear: a level is left only once the LTV is back below its line by LEAVE_MARGIN, and a change
// seen through a live price (projected) alerts only once it has held for its dwell; a read alerts at once.
describe('the watch: hysteresis and the dwell of projected changes', () => {
	const SECOND = 1_000;
	/** ETH's loan (warn from 75 %, margin call 80 %, liquidation-near from 87 %) at `ltv`, projected from a live price. */
	const projected = (ltv: string): LoanSeen => ({...tight(ltv), projected: true});
	const levels = (events: ReturnType<ReturnType<typeof createWatcher>['project']>) =>
		events.map((event) => `${event.level ?? ''}${event.projected ? ' (projected)' : ''}`);

	it('the constants: half an LTV point to leave a level; 3 s for a projected worsening, 10 s for a projected recovery', () => {
		expect(LEAVE_MARGIN).toBe('0.005');
		expect(PROJECTED_DWELL_MS).toEqual({worse: 3_000, better: 10_000});
	});

	it('levelFrom: worse at once, a less severe level only more than half a point below its line', () => {
		const loan = tight('0.8').loan;
		expect(levelFrom('warn', loan, '0.8')).toBe('margin-call');
		expect(levelFrom('margin-call', loan, '0.7999')).toBe('margin-call');
		expect(levelFrom('margin-call', loan, '0.795')).toBe('margin-call');
		expect(levelFrom('margin-call', loan, '0.7949')).toBe('warn');
		// Far below both lines it drops to the level it is at; just under warn's line (within the margin) it stays warn.
		expect(levelFrom('margin-call', loan, '0.7')).toBe('ok');
		expect(levelFrom('margin-call', loan, '0.747')).toBe('warn');
		expect(levelFrom('liquidation-near', loan, '0.868')).toBe('liquidation-near');
		expect(levelFrom('liquidation-near', loan, '0.864')).toBe('margin-call');
	});

	it('a price wobbling ±0.05 % at the warn line for 15 s, ten ticks a second, is one alert at most (it was 41)', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.74')]));
		const events = [];
		for (let tick = 0; tick < 150; tick++) {
			// The LTV scales as 1 / price: ±0.05 % of price around the 75 % line.
			const ltv = (0.75 / (tick % 2 === 0 ? 0.9995 : 1.0005)).toFixed(6);
			events.push(...watcher.project(100 * tick, [projected(ltv)]));
		}
		expect(levels(events)).toEqual(['warn (projected)']);
		expect(events[0]!.time).toBeGreaterThanOrEqual(PROJECTED_DWELL_MS.worse);
	});

	it('a projected worsening alerts once it has held for 3 s; projectionDue says when, so the caller projects again then', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.76')]));
		expect(watcher.projectionDue()).toBeUndefined();
		expect(watcher.project(10 * SECOND, [projected('0.801')])).toEqual([]);
		expect(watcher.projectionDue()).toBe(13 * SECOND);
		expect(watcher.project(13 * SECOND - 1, [projected('0.802')])).toEqual([]);
		// No tick came since: the same projection again when it falls due.
		const alert = watcher.project(13 * SECOND, [projected('0.802')]);
		expect(alert).toEqual([expect.objectContaining({kind: 'level', level: 'margin-call', previous: 'warn', projected: true, ltv: '0.802'})]);
		expect(watcher.projectionDue()).toBeUndefined();
		expect(watcher.worst()).toBe('margin-call');
	});

	it('a spike shorter than the dwell is no alert; a fall that deepens keeps its start; a turn back starts again', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.76')]));
		expect(watcher.project(1 * SECOND, [projected('0.81')])).toEqual([]);
		// Back under the line by more than the margin: the spike is forgotten.
		expect(watcher.project(2 * SECOND, [projected('0.77')])).toEqual([]);
		expect(watcher.projectionDue()).toBeUndefined();
		expect(watcher.project(4 * SECOND + 500, [projected('0.81')])).toEqual([]);
		expect(watcher.project(6 * SECOND, [projected('0.81')])).toEqual([]);
		// Deeper, to liquidation-near: counted from 4.5 s, when it first went past the margin call.
		expect(levels(watcher.project(7 * SECOND + 500, [projected('0.88')]))).toEqual(['liquidation-near (projected)']);
	});

	it('a wobble right at a line keeps the dwell running (within the margin) and is one alert, not one per crossing', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.76')]));
		const events = [];
		for (let tick = 0; tick < 100; tick++) events.push(...watcher.project(100 * tick, [projected(tick % 2 === 0 ? '0.8001' : '0.7999')]));
		expect(levels(events)).toEqual(['margin-call (projected)']);
	});

	it('a fall judged just before its dwell ends is projected again even when the clock passed the end meanwhile (a busy machine)', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.76')]));
		// The wobble at the margin call starts the dwell at 1 s; the fall to liquidation-near comes at 3.9 s, not yet due.
		expect(watcher.project(1 * SECOND, [projected('0.8003')])).toEqual([]);
		expect(watcher.project(3 * SECOND + 900, [projected('0.8732')])).toEqual([]);
		const due = watcher.projectionDue()!;
		expect(due).toBe(4 * SECOND);
		// Judged at 3.9 s; by the time the caller asks, it is 4.2 s: projected again at once, not left to a price that
		// may never come (the stream stays silent when the price does not move).
		const delay = projectAgainIn([due], 3 * SECOND + 900, 4 * SECOND + 200);
		expect(delay).toBe(0);
		expect(levels(watcher.project(4 * SECOND + 200, [projected('0.8732')]))).toEqual(['liquidation-near (projected)']);
		expect(projectAgainIn([watcher.projectionDue()], 4 * SECOND + 200, 4 * SECOND + 200)).toBeUndefined();
	});

	it('projectAgainIn: not yet due when judged, the time left (never below 0); due already when judged, nothing; of several, the soonest', () => {
		expect(projectAgainIn([undefined], 0, 0)).toBeUndefined();
		expect(projectAgainIn([], 0, 0)).toBeUndefined();
		expect(projectAgainIn([4_000], 1_000, 1_500)).toBe(2_500);
		expect(projectAgainIn([4_000], 3_999, 9_000)).toBe(0);
		// Several waiting (a level's and --warn-chance's): the soonest; one overdue when judged never hides another's.
		expect(projectAgainIn([6_000, undefined, 4_000], 1_000, 1_500)).toBe(2_500);
		expect(projectAgainIn([500, 4_000], 1_000, 1_500)).toBe(2_500);
		expect(projectAgainIn([4_000, 500], 1_000, 1_500)).toBe(2_500);
		// Overdue when judged: the loan is back within the margin of the line it waits for; the next price decides.
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.76')]));
		expect(watcher.project(1 * SECOND, [projected('0.8003')])).toEqual([]);
		expect(watcher.project(5 * SECOND, [projected('0.7998')])).toEqual([]);
		expect(watcher.projectionDue()).toBe(4 * SECOND);
		expect(projectAgainIn([watcher.projectionDue()], 5 * SECOND, 5 * SECOND)).toBeUndefined();
	});

	it('a projected recovery waits 10 s and needs the margin; a read alerts at once either way', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.81')]));
		// Just under the margin call, within half a point: still margin-call, nothing waits.
		expect(watcher.project(SECOND, [projected('0.797')])).toEqual([]);
		expect(watcher.projectionDue()).toBeUndefined();
		expect(watcher.project(2 * SECOND, [projected('0.78')])).toEqual([]);
		expect(watcher.projectionDue()).toBe(12 * SECOND);
		expect(watcher.project(11 * SECOND, [projected('0.78')])).toEqual([]);
		expect(levels(watcher.project(12 * SECOND, [projected('0.78')]))).toEqual(['warn (projected)']);
		// A read is the truth: worse at once, no dwell, and it drops what a projection left waiting.
		expect(watcher.project(13 * SECOND, [projected('0.85')])).toEqual([]);
		expect(levels(watcher.observe(read(14 * SECOND, [tight('0.85')])))).toEqual(['margin-call']);
		expect(watcher.project(15 * SECOND, [projected('0.7')])).toEqual([]);
		expect(watcher.observe(read(16 * SECOND, [tight('0.81')]))).toEqual([]);
		expect(watcher.projectionDue()).toBeUndefined();
		// A read leaves a level with the same margin: 79.8 % is still the margin call, 79 % is warn.
		expect(watcher.observe(read(17 * SECOND, [tight('0.798')]))).toEqual([]);
		expect(levels(watcher.observe(read(18 * SECOND, [tight('0.79')])))).toEqual(['warn']);
	});

	it("a projection back at the read's price is still a projection: it waits for the dwell like any other", () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.76')]));
		expect(levels(watcher.project(3 * SECOND, [projected('0.81')]).concat(watcher.project(6 * SECOND, [projected('0.81')])))).toEqual([
			'margin-call (projected)',
		]);
		// The live price is the read's again: the loan as read (not marked projected), but not a new read.
		expect(watcher.project(7 * SECOND, [tight('0.76')])).toEqual([]);
		expect(watcher.projectionDue()).toBe(17 * SECOND);
		expect(levels(watcher.project(17 * SECOND, [tight('0.76')]))).toEqual(['warn']);
	});

	it('a projection never alerts for a loan that closed while its change waited', () => {
		const watcher = createWatcher({repeatMs: 30 * MINUTE});
		watcher.observe(read(0, [tight('0.76'), calm()]));
		watcher.project(SECOND, [projected('0.85')]);
		watcher.observe(read(2 * SECOND, [calm()], {closed: new Map([['1130000000000000002', 'repaid' as const]])}));
		expect(watcher.projectionDue()).toBeUndefined();
		expect(watcher.project(10 * SECOND, [projected('0.85')])).toEqual([]);
	});
});
