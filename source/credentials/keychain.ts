// The OS keychain through @napi-rs/keyring (the Rust keyring crate: Secret Service on Linux, Keychain on macOS,
// Credential Manager on Windows). It installs prebuilt from the npm registry, one package per platform, with no
// install script and nothing to compile. It is loaded only when a keychain call is about to happen, so start-up and
// every path that needs no credentials never pay for it, and an install without it still runs. Calls run in a child
// process (see keyring-process.ts) so that one stuck in the keyring can be cut off at its deadline.
// Items saved by loan-tui through keytar before are found and moved on first use (keytar-items.ts).
// There is deliberately no fallback to a file: no keychain means a clear error and the environment variables.
import type {Credentials} from '../api/types.js';
import {checkSessionBus, type SessionBus} from './dbus.js';
import {fromKeyringError, isKeyringProblem, keychainTimedOut, keyringIncomplete, keyringNotLoaded, malformedEntry} from './keychain-errors.js';
import {keyringInChildProcess, probeKeyring, type KeyringApi} from './keyring-process.js';
import {keytarItems, SecretToolMissing, SecretToolTimeout, type KeytarItems, type KeytarItemsAccess} from './keytar-items.js';
import {KEYCHAIN_TIMEOUT_MS, timeBoundStore} from './timeout.js';
import {CredentialsError, type CredentialStore} from './types.js';

export const KEYCHAIN_SERVICE = 'loan-tui';

export interface KeychainOptions {
	/** Deadline of each keychain call; default 3 s. */
	timeoutMs?: number;
	/** Loads a @napi-rs/keyring module into this process instead of the child process (tests pass a fake). */
	loadKeyring?: () => Promise<unknown>;
	/** For the D-Bus check on Linux: the run's configuration (runtime/config.ts), read from the process environment,
	 * which is also where the Secret Service client looks. */
	sessionBus: SessionBus;
	platform?: NodeJS.Platform;
	/** Where items saved through keytar are looked for; default keytarItems() for the platform (tests pass a fake). */
	keytarItems?: KeytarItemsAccess;
	/** Hears what the store did on its own (an old item moved or removed), as a sentence a person reads; never a
	 * secret. */
	onNotice?: (line: string) => void;
}

/** A CredentialStore over the OS keychain: service "loan-tui", account = profile, one JSON entry per profile. */
export async function openKeychain(options: KeychainOptions): Promise<CredentialStore> {
	const timeoutMs = options.timeoutMs ?? KEYCHAIN_TIMEOUT_MS;
	const platform = options.platform ?? process.platform;
	if (platform === 'linux') {
		try {
			await checkSessionBus(options.sessionBus, timeoutMs);
		} catch (busProblem) {
			// Only when the bus is missing is the binding loaded to look (a bus that is there costs no extra process):
			// without the binding a bus would not help, so that is the first thing to fix and the one to name.
			const load = options.loadKeyring;
			const keyringProblem = await (load ? loadKeyring(load) : probeKeyring({timeoutMs})).then(
				() => undefined,
				(error: unknown) => error,
			);
			throw isKeyringProblem(keyringProblem) ? keyringProblem : busProblem;
		}
	}
	const old = options.keytarItems ?? keytarItems({platform, timeoutMs});
	const notice = options.onNotice ?? (() => {});
	if (options.loadKeyring) {
		// In this process a call cannot be stopped, only abandoned at the deadline.
		return timeBoundStore(keyringStore(await loadKeyring(options.loadKeyring), old, notice), timeoutMs);
	}
	// The child process is killed at the deadline; the store needs no second timer.
	return keyringStore(keyringInChildProcess({timeoutMs}), old, notice);
}

async function loadKeyring(load: () => Promise<unknown>): Promise<KeyringApi> {
	let module: unknown;
	try {
		module = await load();
	} catch (error) {
		const code = (error as NodeJS.ErrnoException | undefined)?.code;
		throw keyringNotLoaded(error instanceof Error ? error.message.split('\n')[0]! : String(error), code);
	}
	// CommonJS: under ESM its exports are on `default`; a bundler or a fake may give them as named exports.
	for (const candidate of [(module as {default?: unknown} | undefined)?.default, module]) {
		const AsyncEntry = (candidate as {AsyncEntry?: unknown} | undefined)?.AsyncEntry;
		if (typeof AsyncEntry === 'function') return entryApi(AsyncEntry as AsyncEntryClass);
	}
	throw keyringIncomplete();
}

/** The part of @napi-rs/keyring's AsyncEntry the store uses. */
type AsyncEntryClass = new (
	service: string,
	username: string,
	options?: {linux?: {store?: 'secret-service' | 'keyutils'}},
) => {getPassword(): Promise<string | null>; setPassword(password: string): Promise<void>; deletePassword(): Promise<boolean>};

/** The same calls as the child process makes (keyring-process.ts), in this process. */
function entryApi(AsyncEntry: AsyncEntryClass): KeyringApi {
	const entry = (service: string, account: string) => new AsyncEntry(service, account, {linux: {store: 'secret-service'}});
	return {
		getPassword: (service, account) => entry(service, account).getPassword(),
		setPassword: (service, account, password) => entry(service, account).setPassword(password),
		deletePassword: (service, account) => entry(service, account).deletePassword(),
	};
}

function keyringStore(keyring: KeyringApi, old: KeytarItemsAccess, notice: (line: string) => void): CredentialStore {
	let saidUnsearchable = false;
	const current = async (profile: string): Promise<string | null> => {
		try {
			return await keyring.getPassword(KEYCHAIN_SERVICE, profile);
		} catch (error) {
			throw fromKeyringError(error);
		}
	};
	/** Runs a call on the old item; its failures as the keychain's own (a timeout is the keychain not answering). */
	const onOld = async <T>(call: () => Promise<T>): Promise<T> => {
		try {
			return await call();
		} catch (error) {
			if (error instanceof SecretToolMissing) throw error;
			throw error instanceof SecretToolTimeout ? keychainTimedOut(error.ms) : fromKeyringError(error);
		}
	};
	/** The old item's content; undefined when there is none, or no way to look (said once, when it matters: no
	 * current item either). Asked beside the current item's read, so a read waits for the slower of the two, not both. */
	const lookupOld = async (items: KeytarItems, profile: string, entry: Promise<string | null>): Promise<string | undefined> => {
		try {
			return await onOld(() => items.lookup(KEYCHAIN_SERVICE, profile));
		} catch (error) {
			if (!(error instanceof SecretToolMissing)) throw error;
			if ((await entry.catch(() => undefined)) === null && !saidUnsearchable) {
				saidUnsearchable = true;
				notice(`No credentials for profile ${profile} in the OS keychain; ${error.message}.`);
			}
			return undefined;
		}
	};
	/** Removes the old item where there is one; nothing to do without secret-tool (nothing could be found either). */
	const removeOld = async (profile: string): Promise<boolean> => {
		if (old.kind !== 'searchable') return false;
		try {
			return await onOld(() => old.items.remove(KEYCHAIN_SERVICE, profile));
		} catch (error) {
			if (error instanceof SecretToolMissing) return false;
			throw error;
		}
	};
	return {
		async get(profile) {
			if (old.kind !== 'searchable') {
				const entry = await current(profile);
				return entry === null ? undefined : parseEntry(entry, profile);
			}
			const reading = current(profile);
			const [entry, previous] = await Promise.all([reading, lookupOld(old.items, profile, reading)]);
			if (previous === undefined) return entry === null ? undefined : parseEntry(entry, profile);
			if (entry !== null) {
				// Both: the current item is the one login last wrote, so it wins; the old one would only confuse.
				await removeOld(profile);
				notice(
					`Profile ${profile} had credentials in the OS keychain saved by an older loan-tui (through keytar) besides the current ones: kept the current ones, removed the older item.`,
				);
				return parseEntry(entry, profile);
			}
			await moveOldItem(profile, previous);
			notice(
				`Moved the credentials of profile ${profile} from the OS keychain item an older loan-tui saved (through keytar) to the current one, and removed the older item.`,
			);
			return parseEntry(previous, profile);
		},
		async set(profile, credentials) {
			try {
				await keyring.setPassword(KEYCHAIN_SERVICE, profile, serializeEntry(credentials));
			} catch (error) {
				throw fromKeyringError(error, [credentials.secretKey, credentials.passphrase]);
			}
			// An old item left beside would be moved over these at the next read: it goes now.
			if (await removeOld(profile)) {
				notice(`Also removed the older keychain item of profile ${profile} (saved by an older loan-tui through keytar).`);
			}
		},
		async delete(profile) {
			let removed: boolean;
			try {
				removed = await keyring.deletePassword(KEYCHAIN_SERVICE, profile);
			} catch (error) {
				throw fromKeyringError(error);
			}
			// Logout leaves no credentials behind, old items included.
			const removedOld = await removeOld(profile);
			return removed || removedOld;
		},
	};

	/** Writes the old item's content as the current item, checks it reads back the same, then removes the old one. */
	async function moveOldItem(profile: string, content: string): Promise<void> {
		try {
			await keyring.setPassword(KEYCHAIN_SERVICE, profile, content);
		} catch (error) {
			throw fromKeyringError(error, secretsIn(content));
		}
		const back = await current(profile);
		if (back !== content) {
			// Never quotes either value: both are the secret.
			throw new CredentialsError(
				`the credentials of profile "${profile}" saved by an older loan-tui (through keytar) could not be moved: the new keychain item did not read back the same`,
				`The older item is left where it was. Run loan-tui login${profile === 'default' ? '' : ` --profile ${profile}`} to store them again.`,
			);
		}
		await removeOld(profile);
	}
}

/** What to redact from an error about an entry: its secret and passphrase when it parses, and the whole text. */
function secretsIn(entry: string): string[] {
	try {
		const {secretKey, passphrase} = JSON.parse(entry) as {secretKey?: unknown; passphrase?: unknown};
		return [entry, ...[secretKey, passphrase].filter((value): value is string => typeof value === 'string')];
	} catch {
		return [entry];
	}
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
