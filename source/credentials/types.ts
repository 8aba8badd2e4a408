import type {Credentials} from '../api/types.js';

type CredentialSource = 'environment' | 'keychain' | 'demo' | 'session';

export interface ResolvedCredentials {
	credentials: Credentials;
	source: CredentialSource;
	profile: string;
}

/** Where credentials are kept between runs. The only implementation is the OS keychain: never a plain file. */
export interface CredentialStore {
	get(profile: string): Promise<Credentials | undefined>;
	set(profile: string, credentials: Credentials): Promise<void>;
	/** True when there was an entry to remove. */
	delete(profile: string): Promise<boolean>;
}

/** Credentials could not be had: missing variables, no keychain, nothing stored. Nothing was sent. */
export class CredentialsError extends Error {
	readonly exitCode = 2;
	constructor(
		message: string,
		readonly hint: string,
	) {
		super(message);
		this.name = 'CredentialsError';
	}
}

export const DEFAULT_PROFILE = 'default';

/** Masks an API key for display: first 4 … last 4, never more than half of it. */
export function maskKey(apiKey: string): string {
	if (apiKey.length <= 8) return `${apiKey.slice(0, 2)}…`;
	return `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}
