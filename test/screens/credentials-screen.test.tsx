import {afterEach, describe, expect, it} from 'vitest';
import {KEYS, renderApp, waitFor, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {memoryStore} from '../helpers/memory-store.js';

const screen = {stack: [{name: 'home' as const}, {name: 'credentials' as const}], quit: false};

describe('credentials screen', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('shows the source and the masked key, never the secret', async () => {
		const {store} = memoryStore({default: TEST_CREDENTIALS});
		app = await renderApp({baseUrl: sim.simulator.url, initial: screen, openStore: async () => store});
		const frame = await app.waitForText('API key  bg_t…6789');
		expect(frame).toMatch(/Source\s+OS keychain/);
		expect(frame).not.toContain(TEST_CREDENTIALS.secretKey);
		expect(frame).not.toContain(TEST_CREDENTIALS.passphrase);
	});

	it('says the environment overrides the keychain when BITGET_* are set', async () => {
		const {store} = memoryStore();
		app = await renderApp({
			baseUrl: sim.simulator.url,
			initial: screen,
			openStore: async () => store,
			env: {BITGET_API_KEY: 'envkey-12345678', BITGET_SECRET_KEY: 's', BITGET_PASSPHRASE: 'p'},
		});
		const frame = await app.waitForText('Source   environment variables');
		expect(frame).toContain('envk…5678');
		expect(frame).toContain('override the keychain');
	});

	it('replaces the credentials, saving them to the keychain', async () => {
		const {store, entries} = memoryStore();
		app = await renderApp({baseUrl: sim.simulator.url, initial: screen, openStore: async () => store});
		await app.waitForText('None found');
		await app.press(KEYS.enter);
		for (const value of ['newkey-abcdefgh', 'new-secret', 'new-pass']) {
			await app.type(value);
			await app.press(KEYS.enter);
		}
		await app.waitForText('Save in the OS keychain');
		await app.press(KEYS.enter);
		await app.waitForText('Saved in the OS keychain.');
		expect(app.frame()).toContain('newk…efgh');
		expect(entries.get('default')).toEqual({apiKey: 'newkey-abcdefgh', secretKey: 'new-secret', passphrase: 'new-pass'});
	});

	it('removes them after y, and keeps them after n', async () => {
		const {store, entries} = memoryStore({default: TEST_CREDENTIALS});
		app = await renderApp({baseUrl: sim.simulator.url, initial: screen, openStore: async () => store});
		await app.waitForText('bg_t…6789');
		await app.press(KEYS.down, KEYS.enter);
		await app.waitForText('[y/N]');
		await app.press('n');
		await app.waitForNoText('[y/N]');
		expect(entries.size).toBe(1);
		await app.press(KEYS.enter);
		await app.waitForText('[y/N]');
		await app.press('y');
		await app.waitForText('Removed from the OS keychain.');
		await waitFor(() => expect(entries.size).toBe(0));
		expect(app.frame()).toContain('None found');
	});
});
