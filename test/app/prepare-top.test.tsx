// A screen opened while the services are being made (run.tsx makes them after the first frame) starts its reads the
// moment they are (registry.tsx `prepare`), not from its first effects a frame later.
import React from 'react';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {App} from '../../source/app/App.js';
import {createAppServices} from '../../source/app/create-services.js';
import {BitgetClient} from '../../source/api/client.js';
import {readConfig} from '../../source/runtime/config.js';
import type {AppServices} from '../../source/ui/services.js';
import {plain, waitFor} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

describe('a screen on top when the services come', () => {
	const sim = useSimulator();
	let unmount: (() => void) | undefined;
	afterEach(() => unmount?.());

	it('the explorer asks for the pairs before its first frame, once', async () => {
		const client = new BitgetClient({baseUrl: sim.simulator.url});
		const services = await createAppServices(
			{client, connectedTo: new URL(sim.simulator.url).host, requireCredentials: async () => undefined as never},
			{config: readConfig({}, {})},
		);
		const ensure = services.symbols.ensure.bind(services.symbols);
		const framesAtAsk: string[] = [];
		const shown: {frame: () => string} = {frame: () => ''};
		services.symbols.ensure = () => {
			framesAtAsk.push(shown.frame());
			ensure();
		};
		let made: (services: AppServices) => void = () => undefined;
		const ready = new Promise<AppServices>((resolve) => (made = resolve));
		const instance = render(<App services={{shell: services, ready}} initial={{stack: [{name: 'home'}, {name: 'symbols'}], quit: false}} />);
		shown.frame = () => plain(instance.lastFrame());
		unmount = instance.unmount;
		await waitFor(() => expect(plain(instance.lastFrame())).toContain('loan-tui'));
		expect(framesAtAsk).toEqual([]);
		made(services);
		await waitFor(() => expect(plain(instance.lastFrame())).toMatch(/\d+ of \d+ pairs/));
		// Asked as the services came, with the explorer not yet drawn; its own ask (from its effects) came after.
		expect(framesAtAsk[0]).not.toContain('Loading spot pairs');
		expect(framesAtAsk[0]).not.toMatch(/of \d+ pairs/);
		expect(sim.simulator.requests.filter((request) => request.operation === 'symbols')).toHaveLength(1);
		await client.close();
	});
});
