// Which credentials are in use: the environment (all three variables) overrides the keychain.
import {credentialsFromEnvironment} from './environment.js';
import {CredentialsError, type CredentialStore, type ResolvedCredentials} from './types.js';

export interface ResolveOptions {
	env: NodeJS.ProcessEnv;
	profile: string;
	/** Opens the keychain; omitted where a path must not touch it. */
	openStore?: () => Promise<CredentialStore>;
}

/** The credentials in force, or undefined when none are configured anywhere. */
export async function resolveCredentials(options: ResolveOptions): Promise<ResolvedCredentials | undefined> {
	const fromEnvironment = credentialsFromEnvironment(options.env);
	if (fromEnvironment.state === 'partial') {
		throw new CredentialsError(
			`incomplete credentials in the environment: ${fromEnvironment.missing.join(', ')} ${fromEnvironment.missing.length === 1 ? 'is' : 'are'} not set`,
			'Set all three of BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE, or none of them.',
		);
	}
	if (fromEnvironment.state === 'complete') {
		return {credentials: fromEnvironment.credentials, source: 'environment', profile: options.profile};
	}
	if (!options.openStore) return undefined;
	const store = await options.openStore();
	const stored = await store.get(options.profile);
	return stored ? {credentials: stored, source: 'keychain', profile: options.profile} : undefined;
}
