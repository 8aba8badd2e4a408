// The watch's channels with a command and a webhook that end only when the test says so: at most one delivery in
// flight per loan and channel, what comes meanwhile folded into the latest (said on stderr), stdout every alert, and
// settle() waiting for the folded one too. No wall clock: each step waits on the fake's own calls.
import {PassThrough} from 'node:stream';
import {describe, expect, it, vi} from 'vitest';
import {openChannels, type ChildResult} from '../../source/cli/watch/channels.js';
import type {WatchEvent} from '../../source/operations/watch.js';

const LOAN = '1130000000000000002';
const OTHER = '1130000000000000001';
const level = (orderId: string, ltv: string, level: WatchEvent['level'] = 'warn'): WatchEvent => ({
	kind: 'level',
	time: 0,
	orderId,
	level,
	ltv,
	loanCoin: 'USDT',
	pledgeCoin: 'ETH',
	projected: true,
});

/** Calls the test ends one by one, in the order they started. */
function held<T>() {
	const calls: Array<{args: unknown[]; end: (value: T) => void}> = [];
	const fn = (...args: unknown[]) => new Promise<T>((resolve) => calls.push({args, end: resolve}));
	return {calls, fn};
}

function harness() {
	const stdout = new PassThrough();
	const stderr = new PassThrough();
	let out = '';
	let err = '';
	stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
	stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
	const child = held<ChildResult>();
	const hook = held<string | undefined>();
	const channels = openChannels({
		out: {stdout, stderr, json: true},
		bell: false,
		notify: false,
		exec: 'sleep 20',
		webhook: 'https://example.invalid/hook',
		env: {},
		runChild: child.fn as never,
		postWebhook: hook.fn as never,
	});
	const execLtvs = () => child.calls.map((call) => (call.args[2] as Record<string, string>).LOAN_TUI_EVENT_LTV);
	const hookLtvs = () => hook.calls.map((call) => (call.args[1] as Record<string, unknown>).ltv);
	return {channels, child, hook, execLtvs, hookLtvs, stdout: () => out, stderr: () => err};
}

describe('watch channels: one delivery in flight per loan, the rest folded into the latest', () => {
	it('41 alerts for one loan while --exec runs: one command at a time, the latest next, the folded ones counted', async () => {
		const h = harness();
		for (let n = 0; n < 41; n++) h.channels.send(level(LOAN, `0.7${String(n).padStart(2, '0')}`));
		// stdout is cheap: every alert.
		await vi.waitFor(() => expect(h.stdout().trim().split('\n')).toHaveLength(41));
		expect(h.execLtvs()).toEqual(['0.700']);
		expect(h.hookLtvs()).toEqual(['0.700']);
		// Another loan has a lane of its own.
		h.channels.send(level(OTHER, '0.5', 'ok'));
		expect(h.execLtvs()).toEqual(['0.700', '0.5']);
		h.child.calls[0]!.end({kind: 'ok'});
		await vi.waitFor(() => expect(h.execLtvs()).toEqual(['0.700', '0.5', '0.740']));
		expect(h.stderr()).toContain(`loan-tui: 39 alerts for loan ${LOAN} were folded into the latest while --exec was still running\n`);
		// The webhook keeps its own lane: still one in flight.
		expect(h.hookLtvs()).toEqual(['0.700', '0.5']);
		h.hook.calls[0]!.end(undefined);
		await vi.waitFor(() => expect(h.hookLtvs()).toEqual(['0.700', '0.5', '0.740']));
		expect(h.stderr()).toContain(`loan-tui: 39 alerts for loan ${LOAN} were folded into the latest while the webhook was still running\n`);
		// One more while the latest runs: delivered after it, nothing folded, nothing said.
		h.channels.send(level(LOAN, '0.8', 'margin-call'));
		h.child.calls[2]!.end({kind: 'ok'});
		await vi.waitFor(() => expect(h.execLtvs()).toEqual(['0.700', '0.5', '0.740', '0.8']));
		expect(h.stderr().match(/folded/g)).toHaveLength(2);
	});

	it('settle() waits for the folded delivery that follows the running one', async () => {
		const h = harness();
		h.channels.send(level(LOAN, '0.76'));
		h.channels.send(level(LOAN, '0.77'));
		h.channels.send(level(LOAN, '0.81', 'margin-call'));
		let settled = false;
		const settling = h.channels.settle().then(() => (settled = true));
		h.child.calls[0]!.end({kind: 'ok'});
		h.hook.calls[0]!.end(undefined);
		await vi.waitFor(() =>
			expect([h.execLtvs(), h.hookLtvs()]).toEqual([
				['0.76', '0.81'],
				['0.76', '0.81'],
			]),
		);
		expect(settled).toBe(false);
		h.child.calls[1]!.end({kind: 'failed', code: 7});
		h.hook.calls[1]!.end('HTTP 500');
		await settling;
		expect(h.stderr()).toMatch(/1 alert for loan \d+ was folded into the latest while --exec was still running/);
		expect(h.stderr()).toMatch(/--exec exited with 7 for the alert "loan \d+ ETH\/USDT: MARGIN CALL/);
		expect(h.stderr()).toMatch(/the webhook did not take the alert \(HTTP 500; not retried\)/);
	});

	it("the watch's own sight has a lane per what it sees: loans blind then seeing again fold into the latest", async () => {
		const h = harness();
		h.channels.send({kind: 'blind', time: 0, what: 'loans', problem: 'HTTP 503'});
		h.channels.send({kind: 'blind', time: 0, what: 'prices', problem: 'HTTP 503'});
		h.channels.send({kind: 'sees', time: 1, what: 'loans'});
		h.channels.send({kind: 'blind', time: 2, what: 'loans', problem: 'HTTP 503'});
		const kinds = () =>
			h.child.calls.map(
				(call) => `${(call.args[2] as Record<string, string>).LOAN_TUI_EVENT_KIND}:${(call.args[2] as Record<string, string>).LOAN_TUI_EVENT_WHAT}`,
			);
		expect(kinds()).toEqual(['blind:loans', 'blind:prices']);
		h.child.calls[0]!.end({kind: 'ok'});
		await vi.waitFor(() => expect(kinds()).toEqual(['blind:loans', 'blind:prices', 'blind:loans']));
		expect(h.stderr()).toContain('loan-tui: 1 alert for the loans was folded into the latest while --exec was still running\n');
	});
});
