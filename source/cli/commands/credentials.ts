// login, logout, whoami: the OS keychain entry of a profile, and which credentials are in force.
// None of them ever prints the secret key or the passphrase; the API key only masked.
import {CREDENTIAL_VARIABLES} from '../../credentials/environment.js';
import {describeAccount} from '../../operations/account-words.js';
import {KeychainUnavailableError} from '../../credentials/keychain-errors.js';
import {maskKey, type CredentialStore} from '../../credentials/types.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import type {Io} from '../io.js';
import {printJson, printLines} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {promptCredentials, readCredentialsFromStdin} from './login-input.js';

const VARIABLES = `${CREDENTIAL_VARIABLES.apiKey}, ${CREDENTIAL_VARIABLES.secretKey} and ${CREDENTIAL_VARIABLES.passphrase}`;

export async function runCredentialsCommand(command: 'login' | 'logout' | 'whoami', session: Session, values: ParsedArgs['values'], io: Io): Promise<ExitCode> {
	switch (command) {
		case 'login':
			return login(session, values, io);
		case 'logout':
			return logout(session);
		case 'whoami':
			return whoami(session);
	}
}

async function login(session: Session, values: ParsedArgs['values'], io: Io): Promise<ExitCode> {
	refuseDemo(session, 'login');
	const {profile} = session.config;
	let credentials;
	let store;
	if (values.stdin) {
		// Input first: a script gets its own mistakes reported even where no keychain exists.
		credentials = await readCredentialsFromStdin(io.stdin);
		store = await session.openKeychain();
	} else {
		if (io.stdin.isTTY !== true) {
			throw new UsageError(
				'login needs a terminal to ask for the credentials, or --stdin to read them',
				'With --stdin, give three lines on standard input: API key, secret key, passphrase.',
			);
		}
		// The keychain first, with a real call (which also brings up an unlock prompt where there is one): nobody
		// should type a secret only to hear it cannot be stored.
		store = await session.openKeychain();
		const replacing = await hasEntry(store, profile);
		session.out.stderr.write(`Credentials for profile ${profile} (stored in the OS keychain${replacing ? ', replacing the saved ones' : ''}):\n`);
		credentials = await promptCredentials(io.stdin, session.out.stderr);
	}
	await store.set(profile, credentials);
	const apiKey = maskKey(credentials.apiKey);
	if (session.out.json) printJson(session.out, {profile, saved: true, apiKey});
	else printLines(session.out, [`Saved credentials for profile ${profile} in the OS keychain (key ${apiKey}).`]);
	warnAboutEnvironment(session, 'the saved credentials will not be used while they are set');
	return EXIT.ok;
}

async function logout(session: Session): Promise<ExitCode> {
	refuseDemo(session, 'logout');
	const {profile} = session.config;
	const store = await session.openKeychain();
	const removed = await store.delete(profile);
	if (session.out.json) printJson(session.out, {profile, removed});
	else {
		printLines(session.out, [
			removed
				? `Removed the credentials of profile ${profile} from the OS keychain.`
				: `No credentials were stored for profile ${profile} in the OS keychain: nothing to remove.`,
		]);
	}
	warnAboutEnvironment(session, 'commands keep using them until they are unset');
	return EXIT.ok;
}

async function whoami(session: Session): Promise<ExitCode> {
	const resolved = await session.requireCredentials();
	const result = {profile: resolved.profile, source: resolved.source, apiKey: maskKey(resolved.credentials.apiKey)};
	const account = await describeAccount(session.client);
	if (session.out.json) printJson(session.out, {...result, account});
	else printLines(session.out, [`profile  ${result.profile}`, `source   ${result.source}`, `api key  ${result.apiKey}`, `account  ${account.words}`]);
	return EXIT.ok;
}

/** Whether the profile has an entry; a malformed one counts (login is how it gets replaced). */
async function hasEntry(store: CredentialStore, profile: string): Promise<boolean> {
	try {
		return (await store.get(profile)) !== undefined;
	} catch (error) {
		if (error instanceof KeychainUnavailableError) throw error;
		return true;
	}
}

function refuseDemo(session: Session, command: string): void {
	if (session.config.demo) {
		throw new UsageError(`${command} manages the OS keychain; --demo always uses the simulator's demo credentials`, `Run loan-tui ${command} without --demo.`);
	}
}

/** The environment overrides the keychain: say so after changing the keychain, or the change looks ineffective. */
function warnAboutEnvironment(session: Session, consequence: string): void {
	const state = session.config.credentials.state;
	if (state === 'absent') return;
	session.out.stderr.write(`Note: ${VARIABLES} are set in this environment and take precedence over the keychain; ${consequence}.\n`);
}
