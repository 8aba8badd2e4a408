// Credentials given in the environment (runtime/config.ts reads the variables): all three values, or none.
import type {Credentials} from '../api/types.js';

/** The variables' names, for messages; never with a value. */
export const CREDENTIAL_VARIABLES = {
	apiKey: 'BITGET_API_KEY',
	secretKey: 'BITGET_SECRET_KEY',
	passphrase: 'BITGET_PASSPHRASE',
} as const;

export type EnvironmentCredentials = {state: 'absent'} | {state: 'partial'; missing: string[]} | {state: 'complete'; credentials: Credentials};

/** What a run carries once a partial set has been refused (runtime/config.ts). */
export type KnownEnvironmentCredentials = Exclude<EnvironmentCredentials, {state: 'partial'}>;

/** All three values (trimmed), or none; a partial set names the variables that are missing. */
export function environmentCredentials(values: Record<keyof Credentials, string | undefined>): EnvironmentCredentials {
	const entries = (Object.keys(CREDENTIAL_VARIABLES) as Array<keyof Credentials>).map(
		(field) => [field, CREDENTIAL_VARIABLES[field], values[field]?.trim() ?? ''] as const,
	);
	const missing = entries.filter(([, , value]) => value === '').map(([, name]) => name);
	if (missing.length === entries.length) return {state: 'absent'};
	if (missing.length > 0) return {state: 'partial', missing};
	const credentials = Object.fromEntries(entries.map(([field, , value]) => [field, value])) as unknown as Credentials;
	return {state: 'complete', credentials};
}
