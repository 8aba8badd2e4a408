import type {Credentials} from '../api/types.js';

export const CREDENTIAL_VARIABLES = {
	apiKey: 'BITGET_API_KEY',
	secretKey: 'BITGET_SECRET_KEY',
	passphrase: 'BITGET_PASSPHRASE',
} as const;

export type EnvironmentCredentials =
	| {state: 'absent'}
	| {state: 'partial'; missing: string[]}
	| {state: 'complete'; credentials: Credentials};

/** All three variables, or none; a partial set is an error that names what is missing. */
export function credentialsFromEnvironment(env: NodeJS.ProcessEnv): EnvironmentCredentials {
	const entries = Object.entries(CREDENTIAL_VARIABLES).map(([field, name]) => [field, name, env[name]?.trim() ?? ''] as const);
	const missing = entries.filter(([, , value]) => value === '').map(([, name]) => name);
	if (missing.length === entries.length) return {state: 'absent'};
	if (missing.length > 0) return {state: 'partial', missing};
	const credentials = Object.fromEntries(entries.map(([field, , value]) => [field, value])) as unknown as Credentials;
	return {state: 'complete', credentials};
}
