import {afterEach, describe, expect, it, vi} from 'vitest';
import {resolveCredentials} from '../../source/credentials/resolve.js';
import {timeBoundStore} from '../../source/credentials/timeout.js';
import {CredentialsError} from '../../source/credentials/types.js';
import {hangingStore, memoryStore} from '../helpers/memory-store.js';
import {fakeTimeouts, settleMicrotasks, track, untilReal} from '../helpers/clock.js';

const stored = {apiKey: 'bg_keychain_key_1234', secretKey: 'keychain-secret', passphrase: 'keychain-pass'};
const work = {apiKey: 'bg_work_key_56789012', secretKey: 'work-secret', passphrase: 'work-pass'};
const environment = {state: 'complete', credentials: {apiKey: 'bg_env_key_abcdefgh', secretKey: 'env-secret', passphrase: 'env-pass'}} as const;
const absent = {state: 'absent'} as const;

describe('resolveCredentials', () => {
	afterEach(() => void vi.useRealTimers());

	it('takes all three environment variables over the keychain, without opening the keychain', async () => {
		const {store, calls} = memoryStore({default: stored});
		let opened = 0;
		const resolved = await resolveCredentials({environment, profile: 'default', openStore: async () => (opened++, store)});
		expect(resolved).toEqual({
			source: 'environment',
			profile: 'default',
			credentials: {apiKey: 'bg_env_key_abcdefgh', secretKey: 'env-secret', passphrase: 'env-pass'},
		});
		expect(opened).toBe(0);
		expect(calls).toEqual([]);
	});

	it('falls back to the keychain entry of the profile when the environment has none', async () => {
		const {store, calls} = memoryStore({default: stored, work});
		expect(await resolveCredentials({environment: absent, profile: 'default', openStore: async () => store})).toEqual({
			credentials: stored,
			source: 'keychain',
			profile: 'default',
		});
		expect(await resolveCredentials({environment: absent, profile: 'work', openStore: async () => store})).toEqual({
			credentials: work,
			source: 'keychain',
			profile: 'work',
		});
		expect(calls).toEqual(['get default', 'get work']);
	});

	it('keeps profiles apart: nothing stored for a profile is undefined, not another profile', async () => {
		const {store} = memoryStore({work});
		expect(await resolveCredentials({environment: absent, profile: 'default', openStore: async () => store})).toBeUndefined();
		expect(await resolveCredentials({environment: absent, profile: 'personal', openStore: async () => store})).toBeUndefined();
	});

	it('the environment applies whatever the profile (it has no profiles)', async () => {
		const {store} = memoryStore({work});
		const resolved = await resolveCredentials({environment, profile: 'work', openStore: async () => store});
		expect(resolved).toMatchObject({source: 'environment', profile: 'work', credentials: {apiKey: 'bg_env_key_abcdefgh'}});
	});

	it('without a store (paths that must not touch the keychain) only the environment counts', async () => {
		expect(await resolveCredentials({environment: absent, profile: 'default'})).toBeUndefined();
	});

	it('a keychain that never answers fails with a CredentialsError at the configured timeout', async () => {
		// On a faked clock: the deadline is the only timer, and it is the test that moves time.
		fakeTimeouts();
		const outcome = track(resolveCredentials({environment: absent, profile: 'default', openStore: async () => timeBoundStore(hangingStore, 200)}));
		await untilReal(() => vi.getTimerCount() > 0, 'the keychain call and its deadline');
		vi.advanceTimersByTime(199);
		await settleMicrotasks();
		expect(outcome.settled).toBe(false);
		vi.advanceTimersByTime(1);
		await untilReal(() => outcome.settled, 'the failure at the deadline');
		const {error} = outcome;
		expect(error).toBeInstanceOf(CredentialsError);
		expect((error as Error).message).toMatch(/did not answer within 200 ms/);
		expect((error as CredentialsError).hint).toMatch(/BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE/);
	});

	it('the timeout applies to set and delete too, and reports the abandoned call', async () => {
		let abandoned = 0;
		const store = timeBoundStore(hangingStore, 100, () => abandoned++);
		await expect(store.set('default', stored)).rejects.toBeInstanceOf(CredentialsError);
		await expect(store.delete('default')).rejects.toBeInstanceOf(CredentialsError);
		expect(abandoned).toBe(2);
	});

	it('a store that answers in time is not affected by the deadline', async () => {
		const {store} = memoryStore();
		const bound = timeBoundStore(store, 200);
		await bound.set('work', work);
		expect(await bound.get('work')).toEqual(work);
		expect(await bound.delete('work')).toBe(true);
		expect(await bound.delete('work')).toBe(false);
		expect(await bound.get('work')).toBeUndefined();
	});
});
