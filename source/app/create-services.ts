import type {Session} from '../runtime/session.js';
import type {CredentialStore} from '../credentials/types.js';
import {createCredentialsAccess} from '../ui/credentials-access.js';
import type {AppServices, ShellServices} from '../ui/services.js';
import {createStore} from '../ui/store.js';
import {createSymbolStore} from '../ui/symbol-store.js';
import type {SymbolCache} from '../ui/symbol-cache.js';
import {makeTheme} from '../ui/theme.js';

export interface ServiceOptions {
	env: NodeJS.ProcessEnv;
	profile: string;
	demo: boolean;
	openStore?: () => Promise<CredentialStore>;
	/** The symbol list on disk; none in demo mode and in tests. */
	symbolCache?: SymbolCache;
}

/** The shell's part of the services: no client, no I/O, so the first frame need not wait for one. */
export function createShellServices(connectedTo: string, env: NodeJS.ProcessEnv): ShellServices {
	return {connectedTo, theme: makeTheme(env), lastError: createStore<string | undefined>(undefined)};
}

/** Everything the screens share, built once per run around the session's one client (on `shell` when given). */
export async function createAppServices(
	session: Pick<Session, 'client' | 'connectedTo' | 'requireCredentials'>,
	options: ServiceOptions,
	shell: ShellServices = createShellServices(session.connectedTo, options.env),
): Promise<AppServices> {
	const fixed = options.demo ? await session.requireCredentials() : undefined;
	return {
		...shell,
		client: session.client,
		symbols: createSymbolStore(session.client, {cache: options.symbolCache}),
		credentials: createCredentialsAccess({
			client: session.client,
			env: options.env,
			profile: options.profile,
			fixed,
			openStore: options.demo ? undefined : options.openStore,
		}),
	};
}
