// Which credentials are in use: the environment (all three variables, runtime/config.ts) overrides the keychain.
import type {KnownEnvironmentCredentials} from './environment.js';
import type {CredentialStore, ResolvedCredentials} from './types.js';

export interface ResolveOptions {
	/** The run's environment credentials (a partial set was refused when the configuration was read). */
	environment: KnownEnvironmentCredentials;
	profile: string;
	/** Opens the keychain; omitted where a path must not touch it. */
	openStore?: () => Promise<CredentialStore>;
}

/** The credentials in force, or undefined when none are configured anywhere. */
export async function resolveCredentials(options: ResolveOptions): Promise<ResolvedCredentials | undefined> {
	if (options.environment.state === 'complete') {
		return {credentials: options.environment.credentials, source: 'environment', profile: options.profile};
	}
	if (!options.openStore) return undefined;
	const store = await options.openStore();
	const stored = await store.get(options.profile);
	return stored ? {credentials: stored, source: 'keychain', profile: options.profile} : undefined;
}
