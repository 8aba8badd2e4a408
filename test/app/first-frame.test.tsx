// The home menu is drawn before the client and the other screens exist (run.tsx makes them after the first
// frame): a burst that opens a screen and types into it waits for them, and loses no key.
import React from 'react';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {App} from '../../source/app/App.js';
import {createAppServices} from '../../source/app/create-services.js';
import {createShellServices} from '../../source/app/shell-services.js';
import {readConfig} from '../../source/runtime/config.js';
import {BitgetClient} from '../../source/api/client.js';
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
});
