// Without credentials, Loans and History say that credentials are missing and where to add them (a read sends no
// money and has no value to fix): the Credentials screen when there is an OS keychain, the BITGET_* variables when
// there is none (services/credentials-access.ts missingCredentials). Nothing is read.
import {afterEach, describe, expect, it} from 'vitest';
import {emptyJournal, KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {memoryStore} from '../helpers/memory-store.js';
import {useSimulator} from '../helpers/simulator.js';

const at = (name: 'loans' | 'history') => ({stack: [{name: 'home' as const}, {name}], quit: false});

describe('no credentials', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());
	const signedReads = () => sim.simulator.requests.filter((request) => request.headers['access-key'] !== undefined);

	for (const screen of ['loans', 'history'] as const) {
		it(`${screen}, no OS keychain here: the BITGET_* variables, never "fix the value" or loan-tui login`, async () => {
			app = await renderApp({baseUrl: sim.simulator.url, initial: at(screen), journal: emptyJournal()});
			const frame = await app.waitForText(/no credentials/i);
			const body = frame.split('\n').slice(2).join('\n');
			expect(body).toMatch(/needs your API key, secret key and passphrase/);
			expect(body).toContain('There is no OS keychain here');
			expect(body).toContain('BITGET_API_KEY');
			expect(body).not.toMatch(/Fix the value/);
			expect(body).not.toMatch(/loan-tui login/);
			expect(signedReads()).toEqual([]);
		});
	}

	it('with a keychain (empty): the Credentials screen, which keeps them there, or the variables', async () => {
		const {store} = memoryStore();
		app = await renderApp({baseUrl: sim.simulator.url, initial: at('history'), journal: emptyJournal(), openStore: async () => store});
		const frame = await app.waitForText(/no credentials/i);
		expect(frame).toMatch(/Enter them on the Credentials screen \(kept in the OS keychain\), or set BITGET_API_KEY/);
		expect(frame).not.toMatch(/Fix the value|loan-tui login/);
		expect(signedReads()).toEqual([]);
	});

	it('Loans says it on the top line while it is shown, and takes it along when left (the other screens have their own)', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: at('loans'), journal: emptyJournal()});
		await app.waitForText(/no credentials/i);
		expect(app.frame().split('\n')[0]).toMatch(/✗ Loans: No credentials/);
		await app.press(KEYS.escape);
		await app.waitForText('❯ Symbols');
		expect(app.frame().split('\n').slice(0, 2).join('\n')).not.toContain('✗');
	});
});
