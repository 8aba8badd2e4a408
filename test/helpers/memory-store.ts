import type {Credentials} from '../../source/api/types.js';
import type {CredentialStore} from '../../source/credentials/types.js';

/** A CredentialStore in memory, counting its calls, for tests of everything above the keychain. */
export function memoryStore(initial: Record<string, Credentials> = {}) {
	const entries = new Map(Object.entries(initial));
	const calls: string[] = [];
	const store: CredentialStore = {
		async get(profile) {
			calls.push(`get ${profile}`);
			return entries.get(profile);
		},
		async set(profile, credentials) {
			calls.push(`set ${profile}`);
			entries.set(profile, {...credentials});
		},
		async delete(profile) {
			calls.push(`delete ${profile}`);
			return entries.delete(profile);
		},
	};
	return {store, entries, calls};
}

/** A store whose every call waits forever, like a keyring stuck behind an unlock prompt. */
export const hangingStore: CredentialStore = {
	get: () => new Promise(() => {}),
	set: () => new Promise(() => {}),
	delete: () => new Promise(() => {}),
};
