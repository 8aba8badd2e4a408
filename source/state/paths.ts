// Where loan-tui keeps its own small files, per the XDG base directories (absolute paths only, as the spec says).
import {homedir} from 'node:os';
import {join} from 'node:path';

function xdg(env: NodeJS.ProcessEnv, variable: string, fallback: string): string {
	const value = env[variable];
	const base = value && value.startsWith('/') ? value : join(env.HOME ?? homedir(), fallback);
	return join(base, 'loan-tui');
}

/** What can be fetched again (the symbol list, Node's compile cache): $XDG_CACHE_HOME/loan-tui. */
export const cacheDirectory = (env: NodeJS.ProcessEnv) => xdg(env, 'XDG_CACHE_HOME', '.cache');
/** Settings a person would miss if lost (last inputs): $XDG_CONFIG_HOME/loan-tui. */
export const configDirectory = (env: NodeJS.ProcessEnv) => xdg(env, 'XDG_CONFIG_HOME', '.config');
/** What the app did (the local history of sent requests): $XDG_STATE_HOME/loan-tui. */
export const stateDirectory = (env: NodeJS.ProcessEnv) => xdg(env, 'XDG_STATE_HOME', '.local/state');
