// The money-post hook as the Loans screens use it: a repay whose send does not pass the signal on is still
// interrupted by the shell's Ctrl+C (reported as unknown at once) and recorded in the local history.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import React, {useEffect} from 'react';
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {BitgetClient} from '../../source/api/client.js';
import {ApiError, InterruptedError, OutcomeUnknownError} from '../../source/api/errors.js';
import {createAppServices} from '../../source/app/create-services.js';
import {fileLocalHistory} from '../../source/state/local-history.js';
import {ServicesProvider} from '../../source/ui/services.js';
import {useMoneyPost, type MoneyPost} from '../../source/ui/money/use-money-post.js';
import {waitFor} from '../helpers/ink.js';

const body = '{"orderId":"1130000000000000001","repayAll":"yes","repayUnlock":"yes"}';

function Probe({send, seen}: {send: (request: string) => Promise<unknown>; seen: {post?: MoneyPost<string, unknown>}}) {
	const post = useMoneyPost(send);
	seen.post = post;
	useEffect(() => post.confirm(body, body), [post.confirm]); // eslint-disable-line react-hooks/exhaustive-deps -- once, as a typed y would
	return <Text>{post.state.phase}</Text>;
}

describe('useMoneyPost under the money guard', () => {
	it('Ctrl+C makes a send that ignores the signal an unknown outcome at once, recorded as a repay', async () => {
		const client = new BitgetClient({baseUrl: 'http://127.0.0.1:1'});
		const localHistory = fileLocalHistory(join(mkdtempSync(join(tmpdir(), 'loan-tui-hook-')), 'history.jsonl'));
		const services = await createAppServices({client, connectedTo: 'test', requireCredentials: async () => undefined as never}, {env: {}, profile: 'default', demo: false, localHistory});
		const seen: {post?: MoneyPost<string, unknown>} = {};
		let sent = 0;
		const instance = render(
			<ServicesProvider services={services}>
				<Probe send={() => (sent++, new Promise(() => undefined))} seen={seen} />
			</ServicesProvider>,
		);
		await waitFor(() => expect(instance.lastFrame()).toContain('posting'));
		// The request is out once it was handed to send (the frame says "posting" a moment before).
		await waitFor(() => expect(sent).toBe(1));
		expect(services.money!.interrupt('Ctrl+C')).toBe(true);
		await waitFor(() => expect(instance.lastFrame()).toContain('unknown'), {timeout: 1000});
		const failure = seen.post!.state.failure as OutcomeUnknownError;
		expect(failure).toBeInstanceOf(OutcomeUnknownError);
		expect(failure.failure).toBeInstanceOf(InterruptedError);
		expect(failure.operation).toBe('repay');
		await services.money!.settled(2000);
		expect(services.money!.interruptedUnknown()).toEqual(['repay']);
		const [entry] = await localHistory.read();
		expect(entry).toMatchObject({operation: 'repay', outcome: 'unknown', orderId: '1130000000000000001', values: {repayAll: 'yes'}});
		expect(sent).toBe(1);
		instance.unmount();
		await client.close();
	});

	it('once a refusal is on screen, Ctrl+C has nothing to interrupt (it quits) even while the history is still being written', async () => {
		const client = new BitgetClient({baseUrl: 'http://127.0.0.1:1'});
		const history = fileLocalHistory(join(mkdtempSync(join(tmpdir(), 'loan-tui-hook-')), 'history.jsonl'));
		let finishWrite: () => void = () => undefined;
		const writing = new Promise<void>((resolve) => (finishWrite = resolve));
		// A slow disk: the record is written only when the test lets it.
		const localHistory = {...history, append: async (record: Parameters<typeof history.append>[0]) => (await writing, history.append(record))};
		const services = await createAppServices({client, connectedTo: 'test', requireCredentials: async () => undefined as never}, {env: {}, profile: 'default', demo: false, localHistory});
		const seen: {post?: MoneyPost<string, unknown>} = {};
		const instance = render(
			<ServicesProvider services={services}>
				<Probe send={() => Promise.reject(new ApiError('43012', 'Insufficient balance', 400))} seen={seen} />
			</ServicesProvider>,
		);
		await waitFor(() => expect(seen.post!.state.refusal).toBeInstanceOf(ApiError));
		expect(instance.lastFrame()).toContain('ready');
		expect(services.money!.interrupt('Ctrl+C')).toBe(false);
		let settled = false;
		const waiting = services.money!.settled(5000).then(() => (settled = true));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(settled).toBe(false);
		finishWrite();
		await waiting;
		expect(await history.read()).toEqual([expect.objectContaining({operation: 'repay', outcome: 'refused'})]);
		instance.unmount();
		await client.close();
	});

	it('a POST confirmed but not started yet never starts once the app quits (the guard is closed first)', async () => {
		const client = new BitgetClient({baseUrl: 'http://127.0.0.1:1'});
		const localHistory = fileLocalHistory(join(mkdtempSync(join(tmpdir(), 'loan-tui-hook-')), 'history.jsonl'));
		const services = await createAppServices({client, connectedTo: 'test', requireCredentials: async () => undefined as never}, {env: {}, profile: 'default', demo: false, localHistory});
		const seen: {post?: MoneyPost<string, unknown>} = {};
		let sent = 0;
		// Quitting closes the guard in the same turn as the key, before the confirmed POST's effect runs.
		services.money!.close();
		const instance = render(
			<ServicesProvider services={services}>
				<Probe send={() => (sent++, new Promise(() => undefined))} seen={seen} />
			</ServicesProvider>,
		);
		await waitFor(() => expect(seen.post!.state.refusal).toBeDefined());
		expect(instance.lastFrame()).toContain('ready');
		expect(sent).toBe(0);
		expect(String((seen.post!.state.refusal as Error).message)).toContain('was not sent');
		expect(await localHistory.read()).toEqual([]);
		instance.unmount();
		await client.close();
	});
});
