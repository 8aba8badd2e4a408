// Credentials as the app sees them: looked up once on demand (environment, then keychain), or entered for this
// session only, or saved to the keychain. The secret and passphrase stay in memory and go only into signatures.
import type {BitgetClient} from '../api/client.js';
import type {Credentials} from '../api/types.js';
import type {KnownEnvironmentCredentials} from '../credentials/environment.js';
import {resolveCredentials} from '../credentials/resolve.js';
import type {CredentialStore, ResolvedCredentials} from '../credentials/types.js';
import {createStore, type Store} from './store.js';

export type CredentialsState =
	| {status: 'unknown'}
	| {status: 'loading'}
	| {status: 'none'; reason?: string}
	| {status: 'ready'; resolved: ResolvedCredentials};

export interface CredentialsAccess extends Store<CredentialsState> {
	/** Looks the credentials up (once); the client signs with them from then on. */
	load(): Promise<CredentialsState>;
	useForSession(credentials: Credentials): void;
	save(credentials: Credentials): Promise<void>;
	remove(): Promise<boolean>;
	readonly profile: string;
}

export interface CredentialsAccessOptions {
	client: BitgetClient;
	/** The run's environment credentials (runtime/config.ts). */
	environment: KnownEnvironmentCredentials;
	profile: string;
	/** Demo mode: fixed credentials, no keychain. */
	fixed?: ResolvedCredentials;
	openStore?: () => Promise<CredentialStore>;
}

export function createCredentialsAccess(options: CredentialsAccessOptions): CredentialsAccess {
	const {client, environment, profile, fixed, openStore} = options;
	const store = createStore<CredentialsState>(fixed ? {status: 'ready', resolved: fixed} : {status: 'unknown'});
	if (fixed) client.setCredentials(fixed.credentials);
	const adopt = (resolved: ResolvedCredentials | undefined, reason?: string): CredentialsState => {
		client.setCredentials(resolved?.credentials);
		const state: CredentialsState = resolved ? {status: 'ready', resolved} : {status: 'none', reason};
		store.set(state);
		return state;
	};
	return {
		...store,
		profile,
		async load() {
			const current = store.get();
			if (current.status === 'ready' || current.status === 'none') return current;
			store.set({status: 'loading'});
			try {
				return adopt(await resolveCredentials({environment, profile, openStore}));
			} catch (error) {
				return adopt(undefined, error instanceof Error ? error.message : String(error));
			}
		},
		useForSession(credentials) {
			adopt({credentials, source: 'session', profile});
		},
		async save(credentials) {
			if (!openStore) throw new Error('no keychain in this mode');
			const keychain = await openStore();
			await keychain.set(profile, credentials);
			adopt({credentials, source: 'keychain', profile});
		},
		async remove() {
			if (!openStore) throw new Error('no keychain in this mode');
			const keychain = await openStore();
			const removed = await keychain.delete(profile);
			const fromEnvironment = await resolveCredentials({environment, profile}).catch(() => undefined);
			adopt(fromEnvironment);
			return removed;
		},
	};
}
