// What the credentials access learns about the OS keychain as it uses it: the screens offer to save only while it
// can work, and say why not from this one place.
import {describe, expect, it} from 'vitest';
import {BitgetClient} from '../../source/api/client.js';
import {keychainTimedOut, malformedEntry, noSessionBus} from '../../source/credentials/keychain-errors.js';
import type {CredentialStore} from '../../source/credentials/types.js';
import {canSaveTo, createCredentialsAccess} from '../../source/services/credentials-access.js';
import {memoryStore} from '../helpers/memory-store.js';

const client = () => new BitgetClient({baseUrl: 'http://127.0.0.1:9'});
const entered = {apiKey: 'bg_status_12345678', secretKey: 's', passphrase: 'p'};
const failing = (error: Error): CredentialStore => ({
	get: async () => Promise.reject(error),
	set: async () => Promise.reject(error),
	delete: async () => Promise.reject(error),
});

describe('credentials access: the keychain status', () => {
	it('absent in demo mode (no store), unknown until used, available after a lookup', async () => {
		expect(createCredentialsAccess({client: client(), environment: {state: 'absent'}, profile: 'default'}).keychain.get()).toEqual({status: 'absent'});
		const {store} = memoryStore();
		const access = createCredentialsAccess({client: client(), environment: {state: 'absent'}, profile: 'default', openStore: async () => store});
		expect(canSaveTo(access.keychain.get())).toBe(true);
		await access.load();
		expect(access.keychain.get()).toEqual({status: 'available'});
	});

	it('unavailable once it could not be used (at the lookup or at a save), with the reason and remedy apart', async () => {
		const access = createCredentialsAccess({
			client: client(),
			environment: {state: 'absent'},
			profile: 'default',
			openStore: async () => Promise.reject(noSessionBus()),
		});
		expect(await access.load()).toMatchObject({status: 'none'});
		const status = access.keychain.get();
		expect(status).toMatchObject({status: 'unavailable', reason: expect.stringMatching(/^there is no D-Bus session bus/)});
		expect(status.status === 'unavailable' && status.remedy).toMatch(/dbus-run-session .*BITGET_API_KEY/);
		expect(canSaveTo(status)).toBe(false);

		const timedOut = createCredentialsAccess({
			client: client(),
			environment: {state: 'complete', credentials: entered},
			profile: 'default',
			openStore: async () => failing(keychainTimedOut(3000)),
		});
		await timedOut.load();
		// The environment's credentials leave the keychain unasked.
		expect(timedOut.keychain.get()).toEqual({status: 'unknown'});
		await expect(timedOut.save(entered)).rejects.toThrow(/did not answer within 3 s/);
		expect(timedOut.keychain.get()).toMatchObject({status: 'unavailable', reason: expect.stringMatching(/^the keychain did not answer/)});
	});

	it('a malformed entry is the keychain answering: it stays usable (a save replaces the entry)', async () => {
		const access = createCredentialsAccess({
			client: client(),
			environment: {state: 'absent'},
			profile: 'default',
			openStore: async () => failing(malformedEntry('default')),
		});
		expect(await access.load()).toMatchObject({status: 'none', reason: expect.stringMatching(/malformed/)});
		expect(canSaveTo(access.keychain.get())).toBe(true);
	});
});
