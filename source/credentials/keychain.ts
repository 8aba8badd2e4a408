// The OS keychain through keytar (Secret Service on Linux, Keychain on macOS, Credential Manager on Windows).
// keytar is an optional native module, loaded only when a keychain call is about to happen, so start-up and every
// path that needs no credentials never pay for it, and an install where it failed to build still runs. Calls run in
// a child process (see keytar-process.ts) so that one stuck in the keyring can be cut off at its deadline.
// There is deliberately no fallback to a file: no keychain means a clear error and the environment variables.
import type {Credentials} from '../api/types.js';
import {checkSessionBus, type SessionBus} from './dbus.js';
import {fromKeytarError, isKeytarProblem, keytarIncomplete, keytarNotLoaded, malformedEntry} from './keychain-errors.js';
import {keytarInChildProcess, probeKeytar, type KeytarApi} from './keytar-process.js';
import {KEYCHAIN_TIMEOUT_MS, timeBoundStore} from './timeout.js';
import type {CredentialStore} from './types.js';

export type {KeytarApi};

export const KEYCHAIN_SERVICE = 'loan-tui';

export interface KeychainOptions {
	/** Deadline of each keychain call; default 3 s. */
	timeoutMs?: number;
	/** Loads a keytar module into this process instead of the child process (tests pass a fake). */
	loadKeytar?: () => Promise<unknown>;
	/** For the D-Bus check on Linux: the run's configuration (runtime/config.ts), read from the process environment,
	 * which is also where libsecret looks. */
	sessionBus: SessionBus;
	platform?: NodeJS.Platform;
}

/** A CredentialStore over the OS keychain: service "loan-tui", account = profile, one JSON entry per profile. */
export async function openKeychain(options: KeychainOptions): Promise<CredentialStore> {
	const timeoutMs = options.timeoutMs ?? KEYCHAIN_TIMEOUT_MS;
	if ((options.platform ?? process.platform) === 'linux') {
		try {
			await checkSessionBus(options.sessionBus, timeoutMs);
		} catch (busProblem) {
			// Only when the bus is missing is keytar loaded to look (a bus that is there costs no extra process): without
			// keytar a bus would not help, so that is the first thing to fix and the one to name.
			const load = options.loadKeytar;
			const keytarProblem = await (load ? loadKeytar(load) : probeKeytar({timeoutMs})).then(
				() => undefined,
				(error: unknown) => error,
			);
			throw isKeytarProblem(keytarProblem) ? keytarProblem : busProblem;
		}
	}
	if (options.loadKeytar) {
		// In this process a call cannot be stopped, only abandoned at the deadline.
		return timeBoundStore(keytarStore(await loadKeytar(options.loadKeytar)), timeoutMs);
	}
	// The child process is killed at the deadline; the store needs no second timer.
	return keytarStore(keytarInChildProcess({timeoutMs}));
}

async function loadKeytar(load: () => Promise<unknown>): Promise<KeytarApi> {
	let module: unknown;
	try {
		module = await load();
	} catch (error) {
		const code = (error as NodeJS.ErrnoException | undefined)?.code;
		throw keytarNotLoaded(error instanceof Error ? error.message.split('\n')[0]! : String(error), code);
	}
	// keytar is CommonJS: under ESM its functions are on `default`; a bundler or a fake may give them as named exports.
	for (const candidate of [(module as {default?: unknown} | undefined)?.default, module]) {
		if (isKeytar(candidate)) return candidate;
	}
	throw keytarIncomplete();
}

function isKeytar(value: unknown): value is KeytarApi {
	const api = value as Partial<Record<keyof KeytarApi, unknown>> | undefined;
	return typeof api?.getPassword === 'function' && typeof api.setPassword === 'function' && typeof api.deletePassword === 'function';
}

function keytarStore(keytar: KeytarApi): CredentialStore {
	return {
		async get(profile) {
			let entry: string | null;
			try {
				entry = await keytar.getPassword(KEYCHAIN_SERVICE, profile);
			} catch (error) {
				throw fromKeytarError(error);
			}
			return entry === null ? undefined : parseEntry(entry, profile);
		},
		async set(profile, credentials) {
			try {
				await keytar.setPassword(KEYCHAIN_SERVICE, profile, serializeEntry(credentials));
			} catch (error) {
				throw fromKeytarError(error, [credentials.secretKey, credentials.passphrase]);
			}
		},
		async delete(profile) {
			try {
				return await keytar.deletePassword(KEYCHAIN_SERVICE, profile);
			} catch (error) {
				throw fromKeytarError(error);
			}
		},
	};
}

/** One entry holds all three values, so they can only change together. */
export function serializeEntry(credentials: Credentials): string {
	return JSON.stringify({apiKey: credentials.apiKey, secretKey: credentials.secretKey, passphrase: credentials.passphrase});
}

export function parseEntry(entry: string, profile: string): Credentials {
	let value: unknown;
	try {
		value = JSON.parse(entry);
	} catch {
		// JSON.parse's message quotes the text, which holds the secret: never pass it on.
		throw malformedEntry(profile);
	}
	const record = value as Partial<Record<keyof Credentials, unknown>> | null;
	const fields = [record?.apiKey, record?.secretKey, record?.passphrase];
	if (typeof value !== 'object' || value === null || !fields.every((field) => typeof field === 'string' && field !== '')) {
		throw malformedEntry(profile);
	}
	return {apiKey: record!.apiKey as string, secretKey: record!.secretKey as string, passphrase: record!.passphrase as string};
}
