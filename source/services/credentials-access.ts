// Credentials as the app sees them: looked up once on demand (environment, then keychain), or entered for this
// session only, or saved to the keychain. The secret and passphrase stay in memory and go only into signatures.
import type {BitgetClient} from '../api/client.js';
import {MissingCredentialsError} from '../api/errors.js';
import type {Credentials} from '../api/types.js';
import type {KnownEnvironmentCredentials} from '../credentials/environment.js';
import {KeychainUnavailableError} from '../credentials/keychain-errors.js';
import {resolveCredentials} from '../credentials/resolve.js';
import type {CredentialStore, ResolvedCredentials} from '../credentials/types.js';
import {createStore, type Store} from './store.js';

export type CredentialsState = {status: 'unknown'} | {status: 'loading'} | {status: 'none'; reason?: string} | {status: 'ready'; resolved: ResolvedCredentials};

/** Whether credentials can be saved in the OS keychain: learnt from the first use of it, and kept for the run. */
export type KeychainStatus =
	| {status: 'absent'}
	| {status: 'unknown'}
	| {status: 'available'}
	/** `reason`: why, in a phrase ("there is no D-Bus session bus …"); `remedy`: what to do, the environment variables
	 * included. */
	| {status: 'unavailable'; reason: string; remedy: string};

/** Saving can work: the keychain is there, or has not been asked yet. */
export function canSaveTo(keychain: KeychainStatus): boolean {
	return keychain.status === 'unknown' || keychain.status === 'available';
}

/** A read or a POST without credentials, with where to add them: the Credentials screen keeps them in the OS keychain
 * when there is one; without one, the environment variables (or this session only). */
export function missingCredentials(what: string, keychain: KeychainStatus, state?: CredentialsState): MissingCredentialsError {
	const variables = 'set BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE before starting loan-tui';
	if (keychain.status === 'absent' || keychain.status === 'unavailable') {
		const why = keychain.status === 'unavailable' ? ` (${keychain.reason})` : '';
		return new MissingCredentialsError(what, `There is no OS keychain here${why}: ${variables}, or enter them on the Credentials screen for this session.`);
	}
	const reason = state?.status === 'none' ? state.reason : undefined;
	return new MissingCredentialsError(what, `Enter them on the Credentials screen (kept in the OS keychain), or ${variables}.`, reason);
}

export interface CredentialsAccess extends Store<CredentialsState> {
	/** The OS keychain: absent in demo mode; unavailable once it could not be used (the reason said once, by the screen). */
	readonly keychain: Store<KeychainStatus>;
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
	const keychain = createStore<KeychainStatus>(openStore ? {status: 'unknown'} : {status: 'absent'});
	if (fixed) client.setCredentials(fixed.credentials);
	// Whether the keychain could be used, noted at each use: once it cannot, that stays so for the run (the causes,
	// a missing keychain module or bus, outlive a retry), and the screens stop offering to save in it.
	const noteAvailable = () => keychain.set((previous) => (previous.status === 'available' ? previous : {status: 'available'}));
	const noteFailure = (error: unknown) => {
		if (error instanceof KeychainUnavailableError) keychain.set({status: 'unavailable', reason: error.reason, remedy: error.hint});
	};
	const throughKeychain = async <T>(call: (opened: CredentialStore) => Promise<T>): Promise<T> => {
		if (!openStore) throw new Error('no keychain in this mode');
		try {
			const result = await call(await openStore());
			noteAvailable();
			return result;
		} catch (error) {
			noteFailure(error);
			throw error;
		}
	};
	const adopt = (resolved: ResolvedCredentials | undefined, reason?: string): CredentialsState => {
		client.setCredentials(resolved?.credentials);
		const state: CredentialsState = resolved ? {status: 'ready', resolved} : {status: 'none', reason};
		store.set(state);
		return state;
	};
	return {
		...store,
		keychain,
		profile,
		async load() {
			const current = store.get();
			if (current.status === 'ready' || current.status === 'none') return current;
			store.set({status: 'loading'});
			try {
				const resolved = await resolveCredentials({environment, profile, openStore});
				// The environment's credentials leave the keychain unasked.
				if (openStore && environment.state !== 'complete') noteAvailable();
				return adopt(resolved);
			} catch (error) {
				noteFailure(error);
				return adopt(undefined, error instanceof Error ? error.message : String(error));
			}
		},
		useForSession(credentials) {
			adopt({credentials, source: 'session', profile});
		},
		async save(credentials) {
			await throughKeychain((opened) => opened.set(profile, credentials));
			adopt({credentials, source: 'keychain', profile});
		},
		async remove() {
			const removed = await throughKeychain((opened) => opened.delete(profile));
			const fromEnvironment = await resolveCredentials({environment, profile}).catch(() => undefined);
			adopt(fromEnvironment);
			return removed;
		},
	};
}
