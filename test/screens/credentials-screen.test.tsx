import {afterEach, describe, expect, it} from 'vitest';
import {KEYS, renderApp, waitFor, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {memoryStore} from '../helpers/memory-store.js';
import {keyringNotLoaded, noSessionBus} from '../../source/credentials/keychain-errors.js';

/** How often `text` shows in a frame. */
const count = (frame: string, text: string) => frame.split(text).length - 1;

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
		// The account behind the key, asked of Bitget: the simulator's accounts are unified, the key read-and-write.
		await app.waitForText(/Account\s+unified trading account \(v3 loans\); this key may borrow, repay and change collateral/);
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

	it('with the keychain unavailable: says why once, offers no save, and the credentials work for the session', async () => {
		let opened = 0;
		app = await renderApp({
			baseUrl: sim.simulator.url,
			initial: screen,
			openStore: async () => {
				opened++;
				throw keyringNotLoaded("Cannot find package '@napi-rs/keyring'", 'ERR_MODULE_NOT_FOUND');
			},
		});
		const menu = await app.waitForText('The OS keychain is not available');
		expect(count(menu, 'keychain module (@napi-rs/keyring) is not installed')).toBe(1);
		expect(menu).toContain('npm install -g loan-tui');
		expect(menu).toContain('Add — enter an API key, secret key and passphrase for this session');
		await app.press(KEYS.enter);
		for (const value of ['sessionkey-1234', 'session-secret', 'session-pass']) {
			await app.type(value);
			await app.press(KEYS.enter);
		}
		const keep = await app.waitForText('Where should these credentials be kept?');
		expect(keep).not.toContain('Save in the OS keychain');
		expect(keep).toContain('❯ Use for this session only');
		expect(count(keep, 'keychain module (@napi-rs/keyring) is not installed')).toBe(1);
		// The first line of the app (its status line) says nothing about it.
		expect(keep.split('\n')[0]).not.toMatch(/keychain|keyring/i);
		await app.press(KEYS.enter);
		const done = await app.waitForText('Using these credentials for this session.');
		expect(done).toMatch(/Source\s+this session only/);
		expect(count(done, 'keychain module (@napi-rs/keyring) is not installed')).toBe(1);
		expect(opened).toBe(1);
	});

	it('a keychain that fails only at the save: the reason once, the save choice gone, the form kept', async () => {
		const {store} = memoryStore();
		let saves = 0;
		app = await renderApp({
			baseUrl: sim.simulator.url,
			initial: screen,
			openStore: async () => ({
				...store,
				set: async () => {
					saves++;
					throw noSessionBus();
				},
			}),
		});
		await app.waitForText('None found');
		await app.press(KEYS.enter);
		for (const value of ['newkey-abcdefgh', 'new-secret', 'new-pass']) {
			await app.type(value);
			await app.press(KEYS.enter);
		}
		await app.waitForText('Save in the OS keychain');
		await app.press(KEYS.enter);
		// The reason and the choices that are left, whole (the reason can show while "Saving…" is still there).
		const refused = await app.waitForText(/The OS keychain is not available[\s\S]*❯ Use for this session only/);
		expect(count(refused, 'no D-Bus session bus')).toBe(1);
		expect(refused).not.toContain('Save in the OS keychain');
		expect(refused).toContain('❯ Use for this session only');
		expect(refused.split('\n')[0]).not.toMatch(/keychain|D-Bus/i);
		expect(saves).toBe(1);
		await app.press(KEYS.enter);
		await app.waitForText('Using these credentials for this session.');
		expect(saves).toBe(1);
	});
});
