// Why the keychain could not be used, in words a person can act on. Every hint ends with the environment
// variables, which work wherever the keychain does not (CI, SSH sessions, containers).
import {CREDENTIAL_VARIABLES} from './environment.js';
import {CredentialsError} from './types.js';

const ENVIRONMENT_ALTERNATIVE = `Or set ${CREDENTIAL_VARIABLES.apiKey}, ${CREDENTIAL_VARIABLES.secretKey} and ${CREDENTIAL_VARIABLES.passphrase} in the environment instead (they take precedence over the keychain).`;

/** What stands in the way of the keychain, most basic first: the binding, the bus, the Secret Service, the keyring. */
export type KeychainProblem =
	| 'keyring-missing'
	| 'keyring-unloadable'
	| 'keyring-incomplete'
	| 'no-bus'
	| 'bus-unreachable'
	| 'no-secret-service'
	| 'locked'
	| 'no-default-keyring'
	| 'timeout'
	| 'failed';

/** The keychain could not be asked at all (as opposed to answering with a bad entry). */
export class KeychainUnavailableError extends CredentialsError {
	constructor(
		readonly problem: KeychainProblem,
		/** Why, in a phrase ("there is no D-Bus session bus …"). */
		readonly reason: string,
		/** What to do about it, the environment variables not included. */
		readonly remedy: string,
	) {
		super(`the OS keychain is not available: ${reason}`, `${remedy} ${ENVIRONMENT_ALTERNATIVE}`);
		this.name = 'KeychainUnavailableError';
	}
}

/** The keychain binding itself cannot be had: nothing further along (the bus, the Secret Service) matters until that
 * is fixed. */
export function isKeyringProblem(error: unknown): error is KeychainUnavailableError {
	return error instanceof KeychainUnavailableError && error.problem.startsWith('keyring-');
}

function unavailable(problem: KeychainProblem, reason: string, remedy: string): CredentialsError {
	return new KeychainUnavailableError(problem, reason, remedy);
}

const REINSTALL = 'Reinstall loan-tui with its optional dependencies (npm install -g loan-tui, without --omit=optional or --no-optional)';

/**
 * Why importing @napi-rs/keyring failed, from the error's code and first line; `location` is where it was looked
 * for (its file URL), to say where to reinstall it. It ships prebuilt, one package per platform: nothing to build.
 */
export function keyringNotLoaded(detail: string, code: string | undefined, location?: string): CredentialsError {
	// The binding's JavaScript is there but not its binary for this platform (an optional per-platform package).
	const noBinary = /Cannot find native binding|Failed to load native binding/.test(detail);
	const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || /Cannot find (package|module)/.test(detail);
	if (notFound && !noBinary) {
		return unavailable(
			'keyring-missing',
			'the keychain module (@napi-rs/keyring) is not installed (it is an optional dependency, and was left out)',
			`${REINSTALL}.`,
		);
	}
	const where = keyringFolder(location);
	const inFolder = where ? ` (in ${where}: npm install @napi-rs/keyring)` : '';
	return unavailable(
		'keyring-unloadable',
		noBinary
			? `the keychain module (@napi-rs/keyring) has no binary for this system (${process.platform}-${process.arch}): its per-platform package is missing`
			: `the keychain module (@napi-rs/keyring) is installed but cannot be loaded (${detail})`,
		`${REINSTALL}${inFolder}; the binary comes prebuilt from the npm registry, nothing is compiled.`,
	);
}

/** The folder holding node_modules/@napi-rs/keyring, where it is reinstalled. */
function keyringFolder(location: string | undefined): string | undefined {
	if (!location) return undefined;
	let path = location;
	try {
		path = decodeURIComponent(new URL(location).pathname);
	} catch {
		// a plain path already
	}
	const at = path.lastIndexOf('/node_modules/@napi-rs/keyring/');
	return at > 0 ? path.slice(0, at) : undefined;
}

export function keyringIncomplete(): CredentialsError {
	return unavailable('keyring-incomplete', 'the keychain module (@napi-rs/keyring) loaded but lacks AsyncEntry', `${REINSTALL}.`);
}

export function noSessionBus(): CredentialsError {
	return unavailable(
		'no-bus',
		'there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so the Secret Service cannot be reached',
		"Run loan-tui inside a desktop session, or start a session bus with a keyring in it: dbus-run-session -- sh -c 'gnome-keyring-daemon --unlock --components=secrets >/dev/null && loan-tui' (the daemon reads the keyring's password from standard input).",
	);
}

export function sessionBusUnreachable(address: string | undefined, cause: string): CredentialsError {
	return unavailable(
		'bus-unreachable',
		`cannot connect to the D-Bus session bus${address ? ` at ${address}` : ''} (${cause})`,
		'Check that DBUS_SESSION_BUS_ADDRESS points to a running session bus (a bus that has ended leaves it stale: start a new session, or unset it and use dbus-run-session).',
	);
}

function noSecretService(): CredentialsError {
	return unavailable(
		'no-secret-service',
		'no Secret Service is running on the D-Bus session bus (org.freedesktop.secrets)',
		'Install and start one, such as gnome-keyring (gnome-keyring-daemon --start --components=secrets) or KWallet.',
	);
}

function keyringLocked(): CredentialsError {
	return unavailable('locked', 'the keyring is locked', 'Unlock it (log in to the desktop, or use your keyring manager, such as Seahorse) and try again.');
}

function noDefaultKeyring(): CredentialsError {
	return unavailable(
		'no-default-keyring',
		'the Secret Service has no default keyring to store into',
		'Create or unlock a default ("login") keyring, for example with Seahorse or gnome-keyring-daemon --unlock.',
	);
}

export function keychainTimedOut(ms: number): CredentialsError {
	return unavailable(
		'timeout',
		`the keychain did not answer within ${formatSeconds(ms)} (a locked keyring waiting for an unlock prompt nobody can see, or a Secret Service that is stuck)`,
		'Unlock the keyring (log in to the desktop, or use your keyring manager) and try again; if it is unlocked, restart the Secret Service (such as gnome-keyring-daemon).',
	);
}

/** The Secret Service client gave up waiting for a reply of its own accord, before the deadline. */
function keychainNoReply(): CredentialsError {
	return unavailable(
		'timeout',
		'the keychain did not answer (a locked keyring waiting for an unlock prompt nobody can see, or a Secret Service that is stuck)',
		'Unlock the keyring (log in to the desktop, or use your keyring manager) and try again; if it is unlocked, restart the Secret Service (such as gnome-keyring-daemon).',
	);
}

function keychainFailed(detail: string): CredentialsError {
	return unavailable('failed', `the keychain reported an error: ${detail}`, 'Check that the Secret Service / keychain works (secret-tool can test it).');
}

export function malformedEntry(profile: string): CredentialsError {
	// Never quotes the entry: it holds the secret.
	return new CredentialsError(
		`the OS keychain entry for profile "${profile}" (service loan-tui) is malformed: expected JSON with apiKey, secretKey and passphrase`,
		`Replace it with loan-tui login --profile ${profile}, or remove it with loan-tui logout --profile ${profile}. ${ENVIRONMENT_ALTERNATIVE}`,
	);
}

/** A rejection from the binding (Secret Service, Keychain Services or the Windows Credential Manager) as a CredentialsError. */
export function fromKeyringError(error: unknown, secrets: readonly string[] = []): CredentialsError {
	if (error instanceof CredentialsError) return error;
	const raw = error instanceof Error ? error.message : String(error);
	if (/autolaunch|\$DISPLAY|dbus-launch/i.test(raw)) return noSessionBus();
	if (/org\.freedesktop\.secrets|ServiceUnknown|not provided by any \.service files|NameHasNoOwner/i.test(raw)) return noSecretService();
	if (/could not connect|connection refused|connection reset|disconnected|broken pipe/i.test(raw)) return sessionBusUnreachable(undefined, firstLine(raw));
	// libdbus's own reply timeout, as the Rust keyring reports it ("... the message bus security policy blocked the reply ...").
	if (/Did not receive a reply|NoReply/i.test(raw)) return keychainNoReply();
	if (/\blocked\b|unlock|prompt|dismissed|cancel/i.test(raw)) return keyringLocked();
	if (/Object does not exist at path .*collection|no such (object|collection)|default collection/i.test(raw)) return noDefaultKeyring();
	return keychainFailed(redact(firstLine(raw), secrets));
}

/** Removes known secret values from text meant for a person (belt and braces: no keychain error is known to echo one). */
function redact(text: string, secrets: readonly string[]): string {
	let result = text;
	for (const secret of secrets) if (secret.length > 0) result = result.split(secret).join('[redacted]');
	return result;
}

function firstLine(text: string): string {
	return text.split('\n')[0]!.trim().slice(0, 300);
}

function formatSeconds(ms: number): string {
	return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
