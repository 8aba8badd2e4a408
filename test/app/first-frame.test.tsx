// The home menu is drawn before the client and the other screens exist (run.tsx makes them after the first
// frame): a burst that opens a screen and types into it waits for them, and loses no key.
import React from 'react';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {App} from '../../source/app/App.js';
import {createAppServices} from '../../source/app/create-services.js';
import {createShellServices} from '../../source/app/shell-services.js';
import {readConfig} from '../../source/runtime/config.js';
import {BitgetClient} from '../../source/api/client.js';
import {EarlyReads} from '../../source/api/early-reads.js';
import {publicHeaders, USER_AGENT} from '../../source/api/public-headers.js';
import {untilReal} from '../helpers/clock.js';
import type {AppServices} from '../../source/ui/services.js';
import {plain, waitFor} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

describe('first frame before the services', () => {
	const sim = useSimulator();
	let unmount: (() => void) | undefined;
	afterEach(() => unmount?.());

	it('draws home and its footer without services; keys typed meanwhile reach the screen once they arrive', async () => {
		const shell = createShellServices('127.0.0.1', {noColor: false});
		let made!: (services: AppServices) => void;
		const ready = new Promise<AppServices>((resolve) => (made = resolve));
		const element = <App services={{shell, ready}} />;
		const instance = render(element);
		unmount = instance.unmount;
		const frame = () => plain(instance.lastFrame());
		await waitFor(() => expect(frame()).toContain('? this help'));
		expect(frame()).toContain('Symbols');

		// "1" opens the explorer, "ETH" is typed into its filter: all in one read, before any client exists.
		instance.stdin.write('1ETH');
		// Ink hands the chunk over as it is written; what the keys did so far is a pending update, and rendering again
		// commits every pending update at once (legacy-mode React). 1 was handled (the explorer is on the stack: Esc goes
		// back), and the explorer waits for the services with ETH held back for it: nothing of it is drawn.
		instance.rerender(element);
		expect(frame()).toContain('Esc back');
		expect(frame()).not.toContain('pairs');
		expect(frame()).not.toContain('ETH');

		const client = new BitgetClient({baseUrl: sim.simulator.url});
		made(await createAppServices({client, connectedTo: 'x', requireCredentials: async () => undefined as never}, {config: readConfig({}, {})}, shell));
		await waitFor(() => expect(frame()).toMatch(/\d+ of \d+ pairs/));
		expect(frame()).toContain('> ETH');
		expect(frame()).toContain('ETHUSDT');
		expect(frame()).not.toContain('BTCUSDT');
	});

	it("asks for the explorer's list as the explorer opens, before the services; the client then takes that answer", async () => {
		const early = new EarlyReads(sim.simulator.url, publicHeaders('en-US', USER_AGENT));
		const shell = createShellServices('127.0.0.1', {noColor: false}, early);
		let made!: (services: AppServices) => void;
		const ready = new Promise<AppServices>((resolve) => (made = resolve));
		const element = <App services={{shell, ready}} />;
		const instance = render(element);
		unmount = () => (instance.unmount(), early.close());
		const frame = () => plain(instance.lastFrame());
		await waitFor(() => expect(frame()).toContain('? this help'));

		instance.stdin.write('1');
		// The list's request is at the server while the services are still to be made.
		const symbolRequests = () => sim.simulator.requests.filter((request) => request.operation === 'symbols');
		await untilReal(() => symbolRequests().length === 1, "the list's request at the server");

		const client = new BitgetClient({baseUrl: sim.simulator.url, early});
		made(await createAppServices({client, connectedTo: 'x', requireCredentials: async () => undefined as never}, {config: readConfig({}, {})}, shell));
		await waitFor(() => expect(frame()).toMatch(/\d+ of \d+ pairs/));
		expect(symbolRequests()).toHaveLength(1);
		await client.close();
	});

	it('asks early only for a screen with a first read, and only before the services are made', async () => {
		const ask = vi.fn();
		const shell = {...createShellServices('127.0.0.1', {noColor: false}), earlyReads: {ask} as unknown as EarlyReads};
		const open = (services: AppServices | {shell: typeof shell; ready: Promise<AppServices>}, key: string) => {
			const element = <App services={services} />;
			const instance = render(element);
			instance.stdin.write(key);
			instance.rerender(element);
			expect(plain(instance.lastFrame())).toContain('Esc back');
			instance.unmount();
		};
		const never = new Promise<AppServices>(() => undefined);
		open({shell, ready: never}, '2');
		expect(ask).not.toHaveBeenCalled();
		open({shell, ready: never}, '1');
		expect(ask.mock.calls).toEqual([['symbols']]);

		const client = new BitgetClient({baseUrl: sim.simulator.url});
		const services = await createAppServices(
			{client, connectedTo: 'x', requireCredentials: async () => undefined as never},
			{config: readConfig({}, {})},
			shell,
		);
		open(services, '1');
		expect(ask).toHaveBeenCalledTimes(1);
		await client.close();
	});
});
