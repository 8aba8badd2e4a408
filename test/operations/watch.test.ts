// The watch's memory, read by read (each read carries its time): alerts on changes of level only, reminders while a
// loan stays at margin call or worse, blindness and sight, and loans that close.
import {describe, expect, it} from 'vitest';
import {createWatcher, type LoanSeen, type WatchRead} from '../../source/operations/watch.js';
import {ongoingLoan} from '../helpers/loans.js';

const MINUTE = 60_000;
const tight = (ltv: string): LoanSeen => ({loan: ongoingLoan({orderId: '1130000000000000002', pledgeCoin: 'ETH', pledgeRate: ltv, supRate: '0.8', forceRate: '0.9'}), ltv, projected: false});
const calm = (ltv = '0.7'): LoanSeen => ({loan: ongoingLoan({orderId: '1130000000000000001', pledgeCoin: 'BTC', pledgeRate: ltv, supRate: '0.8', forceRate: '0.9'}), ltv, projected: false});
const read = (time: number, loans: LoanSeen[], extra: Partial<Extract<WatchRead, {ok: true}>> = {}): WatchRead => ({ok: true, time, loans, closed: new Map(), ...extra});
const failed = (time: number): WatchRead => ({ok: false, time, problem: 'HTTP 503'});
const kinds = (events: ReturnType<ReturnType<typeof createWatcher>['observe']>) => events.map((event) => `${event.kind}:${event.orderId ?? event.what}:${event.level ?? ''}`);

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
		expect(closed).toEqual([expect.objectContaining({kind: 'level', orderId: '1130000000000000002', level: 'closed', previous: 'margin-call', how: 'liquidated', pledgeCoin: 'ETH'})]);
		expect(watcher.watching()).toEqual(['1130000000000000001']);
		expect(watcher.observe(read(2 * MINUTE, [calm()]))).toEqual([]);
		expect(watcher.worst()).toBe('ok');
	});
});
