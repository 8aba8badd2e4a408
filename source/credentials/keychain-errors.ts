// Why the keychain could not be used, in words a person can act on. Every hint ends with the environment
// variables, which work wherever the keychain does not (CI, SSH sessions, containers).
import {CREDENTIAL_VARIABLES} from './environment.js';
import {CredentialsError} from './types.js';

const ENVIRONMENT_ALTERNATIVE = `Or set ${CREDENTIAL_VARIABLES.apiKey}, ${CREDENTIAL_VARIABLES.secretKey} and ${CREDENTIAL_VARIABLES.passphrase} in the environment instead (they take precedence over the keychain).`;

/** The keychain could not be asked at all (as opposed to answering with a bad entry). */
export class KeychainUnavailableError extends CredentialsError {
	constructor(reason: string, remedy: string) {
		super(`the OS keychain is not available: ${reason}`, `${remedy} ${ENVIRONMENT_ALTERNATIVE}`);
		this.name = 'KeychainUnavailableError';
	}
}

function unavailable(reason: string, remedy: string): CredentialsError {
	return new KeychainUnavailableError(reason, remedy);
}

export function keytarNotLoaded(detail: string, missing: boolean): CredentialsError {
	return unavailable(
		missing ? 'the keytar module is not installed (it is optional and may have failed to build)' : `the keytar module failed to load (${detail})`,
		'Reinstall loan-tui so keytar can build (on Linux that needs libsecret-1-dev when no prebuilt binary can be downloaded).',
	);
}

export function keytarIncomplete(): CredentialsError {
	return unavailable('the keytar module loaded but lacks getPassword/setPassword/deletePassword', 'Reinstall loan-tui to get a working keytar.');
}

export function noSessionBus(): CredentialsError {
	return unavailable(
		'there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so the Secret Service cannot be reached',
		'Run inside a desktop session, or start one with dbus-run-session and a Secret Service such as gnome-keyring.',
	);
}

export function sessionBusUnreachable(address: string | undefined, cause: string): CredentialsError {
	return unavailable(
		`cannot connect to the D-Bus session bus${address ? ` at ${address}` : ''} (${cause})`,
		'Check DBUS_SESSION_BUS_ADDRESS points to a running session bus.',
	);
}

function noSecretService(): CredentialsError {
	return unavailable(
		'no Secret Service is running on the D-Bus session bus (org.freedesktop.secrets)',
		'Install and start one, such as gnome-keyring (gnome-keyring-daemon --start --components=secrets) or KWallet.',
	);
}

function keyringLocked(): CredentialsError {
	return unavailable('the keyring is locked', 'Unlock it (for example by logging in to the desktop, or with your keyring manager) and try again.');
}

function noDefaultKeyring(): CredentialsError {
	return unavailable(
		'the Secret Service has no default keyring to store into',
		'Create or unlock a default ("login") keyring, for example with Seahorse or gnome-keyring-daemon --unlock.',
	);
}

export function keychainTimedOut(ms: number): CredentialsError {
	return unavailable(
		`the keychain did not answer within ${formatSeconds(ms)} (a locked keyring waiting for an unlock prompt, or a stalled Secret Service)`,
		'Unlock the keyring and try again.',
	);
}

function keychainFailed(detail: string): CredentialsError {
	return unavailable(`the keychain reported an error: ${detail}`, 'Check that the Secret Service / keychain works (secret-tool can test it).');
}

export function malformedEntry(profile: string): CredentialsError {
	// Never quotes the entry: it holds the secret.
	return new CredentialsError(
		`the OS keychain entry for profile "${profile}" (service loan-tui) is malformed: expected JSON with apiKey, secretKey and passphrase`,
		`Replace it with loan-tui login --profile ${profile}, or remove it with loan-tui logout --profile ${profile}. ${ENVIRONMENT_ALTERNATIVE}`,
	);
}

/** A rejection from keytar (libsecret, Keychain Services or the Windows Credential Manager) as a CredentialsError. */
export function fromKeytarError(error: unknown, secrets: readonly string[] = []): CredentialsError {
	if (error instanceof CredentialsError) return error;
	const raw = error instanceof Error ? error.message : String(error);
	if (/autolaunch|\$DISPLAY|dbus-launch/i.test(raw)) return noSessionBus();
	if (/org\.freedesktop\.secrets|ServiceUnknown|not provided by any \.service files|NameHasNoOwner/i.test(raw)) return noSecretService();
	if (/could not connect|connection refused|connection reset|disconnected|broken pipe/i.test(raw)) return sessionBusUnreachable(undefined, firstLine(raw));
	if (/locked|unlock|prompt|dismissed|cancel/i.test(raw)) return keyringLocked();
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
