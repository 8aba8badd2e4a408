// One run's client: real by default, or the embedded simulator with demo credentials under --demo.
import {BitgetClient} from '../api/client.js';
import {KeychainUnavailableError} from '../credentials/keychain-errors.js';
import {openKeychain} from '../credentials/keychain.js';
import {resolveCredentials} from '../credentials/resolve.js';
import {CredentialsError, DEFAULT_PROFILE, type ResolvedCredentials} from '../credentials/types.js';
import {sanitize} from '../format/sanitize.js';
import {VERSION} from '../version.js';
import type {Output} from './output.js';
import {connectedTo, type Settings} from './settings.js';

export interface Session {
	client: BitgetClient;
	settings: Settings;
	out: Output;
	env: NodeJS.ProcessEnv;
	/** "demo" or the API host, for status lines. */
	connectedTo: string;
	/** Credentials for a signed request: demo ones, the environment, or the OS keychain. */
	requireCredentials(): Promise<ResolvedCredentials>;
	close(): Promise<void>;
}

export async function openSession(settings: Settings, out: Output, env: NodeJS.ProcessEnv): Promise<Session> {
	// The request log carries server text (error messages): sanitised like every other line a terminal may show.
	const debug = settings.debug ? (line: string) => out.stderr.write(`debug: ${sanitize(line)}\n`) : undefined;
	let baseUrl = settings.baseUrl;
	let closeSimulator: (() => Promise<void>) | undefined;
	let demoCredentials: ResolvedCredentials | undefined;
	if (settings.demo) {
		// Loaded only here: the simulator costs nothing on any other path.
		const {startSimulator, DEMO_CREDENTIALS} = await import('../simulator/index.js');
		// Two loans open, and one simulated hour of interest per real minute, so the Loans view has something to show.
		const simulator = await startSimulator({demoLoans: true, hourEveryMs: 60_000});
		baseUrl = simulator.url;
		closeSimulator = () => simulator.close();
		demoCredentials = {credentials: DEMO_CREDENTIALS, source: 'demo', profile: settings.profile};
	}
	// Environment credentials are free to read, so a lookup is signed when they exist; the keychain waits until needed.
	const known = demoCredentials ?? (await resolveCredentials({env, profile: settings.profile}));
	const client = new BitgetClient({
		baseUrl,
		locale: settings.locale,
		credentials: known?.credentials,
		getTimeoutMs: settings.getTimeoutMs,
		debug,
		userAgent: `loan-tui/${VERSION}`,
		allowInsecureHttp: settings.allowInsecureHttp,
	});
	return {
		client,
		settings,
		out,
		env,
		connectedTo: connectedTo(settings),
		async requireCredentials() {
			// The keychain is opened (and keytar loaded) only here, when a signed request actually needs credentials.
			let resolved: ResolvedCredentials | undefined;
			try {
				resolved = known ?? (await resolveCredentials({env, profile: settings.profile, openStore: () => openKeychain()}));
			} catch (error) {
				// Say both halves: nothing in the environment, and why the keychain could not be asked.
				if (error instanceof KeychainUnavailableError) {
					throw new CredentialsError(`no credentials for profile "${settings.profile}": none in the environment, and ${error.message}`, error.hint);
				}
				throw error;
			}
			if (!resolved) {
				const profileFlag = settings.profile === DEFAULT_PROFILE ? '' : ` --profile ${settings.profile}`;
				throw new CredentialsError(
					`no credentials for profile "${settings.profile}": none in the environment and none in the OS keychain`,
					`Run loan-tui login${profileFlag} to store them in the OS keychain, or set BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE.`,
				);
			}
			client.setCredentials(resolved.credentials);
			return resolved;
		},
		async close() {
			await client.close();
			await closeSimulator?.();
		},
	};
}
