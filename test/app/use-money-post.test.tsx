// The app's adapter to the money pipeline (source/ui/money/use-money-post.ts) under the shell's money guard, against
// the simulator: Ctrl+C while the POST is out is an unknown outcome at once, recorded; once a refusal is on screen
// Ctrl+C quits even while its record is still being written; a confirmed POST never starts once the app quits.
import React from 'react';
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {BitgetClient} from '../../source/api/client.js';
import {ApiError, InterruptedError, NetworkError, OutcomeUnknownError} from '../../source/api/errors.js';
import type {RepayRequest} from '../../source/api/loan-types.js';
import {createAppServices} from '../../source/app/create-services.js';
import {readConfig} from '../../source/runtime/config.js';
import {ServicesProvider} from '../../source/ui/services.js';
import {useMoneyPost, type MoneyPost} from '../../source/ui/money/use-money-post.js';
import {waitFor} from '../helpers/ink.js';
import {memoryJournal, type MemoryJournal} from '../helpers/memory-journal.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const envelope = (code: string, msg: string) => JSON.stringify({code, msg, requestTime: Date.now(), data: null});

function Probe({seen}: {seen: {post?: MoneyPost<RepayRequest>}}) {
	const post = useMoneyPost<RepayRequest>();
	seen.post = post;
	return <Text>{post.state.phase}</Text>;
}

describe('useMoneyPost under the money guard', () => {
	const sim = useSimulator();

	async function mount(journal: MemoryJournal, before?: (services: Awaited<ReturnType<typeof createAppServices>>) => void) {
		const client = sim.client();
		const order = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'});
		const services = await createAppServices(
			{client, connectedTo: 'test', requireCredentials: async () => undefined as never},
			{config: readConfig({}, {}), journal},
		);
		before?.(services);
		const seen: {post?: MoneyPost<RepayRequest>} = {};
		const request: RepayRequest = {orderId: order.orderId, repayAll: true, repayUnlock: true};
		const instance = render(
			<ServicesProvider services={services}>
				<Probe seen={seen} />
			</ServicesProvider>,
		);
		// As a typed y would: the confirmation itself sends.
		void seen.post!.confirm({kind: 'repay', request}, request, JSON.stringify(request));
		return {services, seen, instance, orderId: order.orderId};
	}
	const repayPosts = () => sim.posts().filter((post) => post.path.endsWith('/repay'));

	it('Ctrl+C while the repay is out: unknown at once, recorded as a repay, reported on the way out', async () => {
		sim.simulator.injectFault({kind: 'stall', operation: 'repay'});
		const journal = memoryJournal();
		const {services, seen, instance, orderId} = await mount(journal);
		await waitFor(() => expect(repayPosts()).toHaveLength(1), {timeout: 10_000});
		expect(services.money!.interrupt('Ctrl+C')).toBe(true);
		await waitFor(() => expect(instance.lastFrame()).toContain('unknown'), {timeout: 10_000});
		const failure = seen.post!.state.failure!;
		expect(failure).toBeInstanceOf(OutcomeUnknownError);
		expect(failure.failure).toBeInstanceOf(InterruptedError);
		expect(failure.operation).toBe('repay');
		await services.money!.settled(10_000);
		expect(services.money!.outcomes()).toEqual([expect.objectContaining({operation: 'repay', orderId})]);
		expect(journal.latest()).toEqual([
			expect.objectContaining({operation: 'repay', outcome: 'unknown', orderId, values: expect.objectContaining({repayAll: 'yes'})}),
		]);
		expect(repayPosts()).toHaveLength(1);
		instance.unmount();
	});

	it('once a refusal is on screen, Ctrl+C has nothing to interrupt (it quits) even while the record is still being written', async () => {
		sim.simulator.injectFault({kind: 'raw', operation: 'repay', status: 400, body: envelope('43012', 'Insufficient balance')});
		const journal = memoryJournal();
		// A slow disk after the first write: the outcome's record waits until the test lets it.
		let finishWrite: () => void = () => undefined;
		journal.holdUpdates = new Promise<void>((resolve) => (finishWrite = resolve));
		const {services, seen, instance} = await mount(journal);
		await waitFor(() => expect(seen.post!.state.refusal).toBeInstanceOf(ApiError), {timeout: 10_000});
		expect(instance.lastFrame()).toContain('ready');
		expect(services.money!.interrupt('Ctrl+C')).toBe(false);
		let settled = false;
		const waiting = services.money!.settled(60_000).then(() => (settled = true));
		await new Promise((resolve) => setImmediate(resolve));
		expect(settled).toBe(false);
		expect(journal.latest()).toEqual([expect.objectContaining({outcome: 'sending'})]);
		finishWrite();
		await waiting;
		expect(journal.latest()).toEqual([expect.objectContaining({operation: 'repay', outcome: 'refused'})]);
		instance.unmount();
	});

	it('a POST confirmed but not started yet never starts once the app quits (the guard is closed first)', async () => {
		const journal = memoryJournal();
		// Quitting closes the guard before the confirmation runs the pipeline.
		const {seen, instance} = await mount(journal, (services) => services.money!.close());
		await waitFor(() => expect(seen.post!.state.refusal).toBeDefined(), {timeout: 10_000});
		expect(instance.lastFrame()).toContain('ready');
		expect(String((seen.post!.state.refusal as Error).message)).toContain('was not sent');
		expect(repayPosts()).toHaveLength(0);
		expect(journal.writes).toEqual([]);
		instance.unmount();
	});

	it('a host that does not resolve: "not sent" on the top line and in the record, never "refused"', async () => {
		const journal = memoryJournal();
		const client = new BitgetClient({
			baseUrl: 'https://no-such-host.invalid',
			credentials: TEST_CREDENTIALS,
			familyMemory: {recall: () => Promise.resolve('classic'), remember: () => Promise.resolve()},
		});
		const services = await createAppServices(
			{client, connectedTo: 'test', requireCredentials: async () => undefined as never},
			{config: readConfig({}, {}), journal},
		);
		const seen: {post?: MoneyPost<RepayRequest>} = {};
		function Reported() {
			const post = useMoneyPost<RepayRequest>({report: {source: 'repay', what: () => 'Repay'}});
			seen.post = post;
			return <Text>{post.state.phase}</Text>;
		}
		const instance = render(
			<ServicesProvider services={services}>
				<Reported />
			</ServicesProvider>,
		);
		const request: RepayRequest = {orderId: '1', repayAll: true, repayUnlock: true};
		void seen.post!.confirm({kind: 'repay', request}, request, '{}');
		try {
			await waitFor(() => expect(seen.post!.state.refusal).toBeInstanceOf(NetworkError), {timeout: 10_000});
			expect(services.lastError.get()).toMatch(/^Repay not sent: could not reach no-such-host\.invalid: host /);
			expect(services.lastError.get()).not.toMatch(/refused/i);
			await services.money!.settled(10_000);
			expect(journal.latest()).toEqual([expect.objectContaining({operation: 'repay', outcome: 'not-sent'})]);
		} finally {
			instance.unmount();
			await client.close();
		}
	});
});
