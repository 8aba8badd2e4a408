// Credentials says "Add" when nothing is stored and never asks to remove nothing.
import {afterEach, describe, expect, it} from 'vitest';
import {renderApp, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {memoryStore} from '../helpers/memory-store.js';

const screen = {stack: [{name: 'home' as const}, {name: 'credentials' as const}], quit: false};

describe('credentials menu words', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('offers Add and no Remove when nothing is stored; Replace and Remove when the keychain holds a key', async () => {
		const empty = memoryStore();
		app = await renderApp({baseUrl: sim.simulator.url, initial: screen, openStore: async () => empty.store});
		const none = await app.waitForText('None found');
		expect(none).toContain('❯ Add — enter an API key');
		expect(none).not.toContain('Remove');
		expect(none).not.toContain('Replace');
		app.unmount();
		const stored = memoryStore({default: TEST_CREDENTIALS});
		app = await renderApp({baseUrl: sim.simulator.url, initial: screen, openStore: async () => stored.store});
		const ready = await app.waitForText('bg_t…6789');
		expect(ready).toContain('Replace — enter a new API key');
		expect(ready).toContain('Remove — delete them from the OS keychain');
	});
});
