// Deadlines for keychain calls: a locked keyring or a stalled Secret Service can leave a call waiting far longer
// than anyone will sit in front of a silent terminal.
import {keychainTimedOut} from './keychain-errors.js';
import type {CredentialStore} from './types.js';

export const KEYCHAIN_TIMEOUT_MS = 3_000;

/** The promise's outcome, or a CredentialsError once `ms` have passed; `onTimeout` hears about the abandoned call. */
function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		const timer = setTimeout(() => {
			onTimeout?.();
			reject(keychainTimedOut(ms));
		}, ms);
		promise.then(
			(value) => {
				clearTimeout(timer);
				resolve(value);
			},
			(error: unknown) => {
				clearTimeout(timer);
				reject(error);
			},
		);
	});
}

/** The same store with every call under the deadline. */
export function timeBoundStore(store: CredentialStore, ms: number = KEYCHAIN_TIMEOUT_MS, onTimeout?: () => void): CredentialStore {
	// Calls are started inside the try of a promise chain, so a store that throws synchronously is still a rejection.
	const bound = <T>(run: () => Promise<T>) => withTimeout(Promise.resolve().then(run), ms, onTimeout);
	return {
		get: (profile) => bound(() => store.get(profile)),
		set: (profile, credentials) => bound(() => store.set(profile, credentials)),
		delete: (profile) => bound(() => store.delete(profile)),
	};
}
