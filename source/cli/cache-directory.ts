// The app's XDG cache directory: the symbol list and Node's compile cache live under it.
import {homedir} from 'node:os';
import {join} from 'node:path';

export function cacheDirectory(env: NodeJS.ProcessEnv): string {
	const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(env.HOME ?? homedir(), '.cache');
	return join(base, 'loan-tui');
}
