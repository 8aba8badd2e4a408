import React from 'react';
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {ScreenErrorBoundary} from '../../source/app/components/error-boundary.js';
import {KEYS, plain, renderApp, waitFor, type RenderedApp} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

describe('app shell', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('shows the home menu in order, the connection, and the footer keys', async () => {
		app = await renderApp({baseUrl: sim.simulator.url});
		const frame = await app.waitForText('Quit');
		const order = ['Symbols', 'Estimate', 'Borrow', 'Credentials', 'Quit'].map((item) => frame.indexOf(item));
		expect(order).toEqual([...order].sort((a, b) => a - b));
		expect(frame).toContain(`loan-tui · 127.0.0.1:${sim.simulator.port}`);
		expect(frame).toMatch(/Enter open · Esc quit · q quit · \? this help/);
	});

	it('opens help with ? and closes it with Esc, listing the keys of the screen', async () => {
		app = await renderApp({baseUrl: sim.simulator.url});
		await app.waitForText('Quit');
		await app.press('?');
		const help = await app.waitForText('Keys — Home');
		expect(help).toContain('Ctrl+C');
		expect(help).not.toContain('Credentials  API key');
		await app.press(KEYS.escape);
		await app.waitForText('Credentials  API key');
		expect(app.exited()).toBe(false);
	});

	it('asks before Esc quits from home, quits with q where no text field has focus, and with Ctrl+C from a screen', async () => {
		app = await renderApp({baseUrl: sim.simulator.url});
		await app.waitForText('Quit');
		await app.press(KEYS.escape);
		await app.waitForText('Quit loan-tui? Esc again quits');
		expect(app.exited()).toBe(false);
		// Any other key stays, and acts as well (the answer does not swallow it): j moves the menu.
		await app.press('j');
		await app.waitForText('Enter open · Esc quit');
		expect(app.frame()).toContain('❯ Estimate');
		expect(app.exited()).toBe(false);
		await app.press(KEYS.escape);
		await app.press(KEYS.escape);
		await waitFor(() => expect(app!.exited()).toBe(true));
		app.unmount();
		// In a text field q is typed; on a list it quits.
		app = await renderApp({baseUrl: sim.simulator.url, initial: {stack: [{name: 'home'}, {name: 'estimate'}], quit: false}});
		await app.press('q');
		await app.waitForText(/Loan coin\s+q/);
		expect(app.exited()).toBe(false);
		app.unmount();
		app = await renderApp({baseUrl: sim.simulator.url});
		await app.press('q');
		await waitFor(() => expect(app!.exited()).toBe(true));
		app.unmount();
		app = await renderApp({baseUrl: sim.simulator.url});
		await app.press(KEYS.enter);
		await app.waitForText('pairs');
		await app.press(KEYS.ctrlC);
		await waitFor(() => expect(app!.exited()).toBe(true));
	});

	it('honours NO_COLOR: no colour codes, selection still marked', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, env: {NO_COLOR: '1'}, initial: {stack: [{name: 'home'}, {name: 'symbols'}], quit: false}});
		await app.waitForText('BTCUSDT');
		expect(app.frame()).toContain('› BTCUSDT');
		// SGR colour codes (30-37, 90-97, 38;…) never appear; with colours allowed they do.
		const colour = /\u001B\[(3[0-8]|9[0-7])[;m]/;
		expect(app.rawFrame()).not.toMatch(colour);
		app.unmount();
		app = await renderApp({baseUrl: sim.simulator.url, env: {}, initial: {stack: [{name: 'home'}, {name: 'symbols'}], quit: false}});
		await app.waitForText('BTCUSDT');
		expect(app.rawFrame()).toMatch(colour);
	});
});

describe('a screen that fails to render', () => {
	it('shows the error and keeps the rest alive', () => {
		function Broken(): React.ReactElement {
			throw new Error('boom in render');
		}
		const instance = render(
			<ScreenErrorBoundary resetKey="1">
				<Broken />
			</ScreenErrorBoundary>,
		);
		const frame = plain(instance.lastFrame());
		expect(frame).toContain('This screen failed: boom in render');
		expect(frame).toContain('Esc to go back');
		instance.rerender(
			<ScreenErrorBoundary resetKey="2">
				<Text>next screen</Text>
			</ScreenErrorBoundary>,
		);
		expect(plain(instance.lastFrame())).toContain('next screen');
		instance.unmount();
	});
});
