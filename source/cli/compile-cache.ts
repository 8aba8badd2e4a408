// Node's on-disk compile cache (Node ≥ 22.1): the second start reuses V8's code for the app's chunks instead of
// compiling them again. On older Node the API is absent and start-up simply compiles as before.
import * as nodeModule from 'node:module';
import {join} from 'node:path';

type EnableCompileCache = (directory?: string) => {status: number; message?: string; directory?: string};

/** The directory now in use, or undefined when this Node has no compile cache or it could not be enabled
 * (a read-only home, NODE_DISABLE_COMPILE_CACHE): neither is worth a message. `cacheDirectory`: loan-tui's
 * (runtime/config.ts readDirectories). */
export function enableCompileCache(cacheDirectory: string): string | undefined {
	const enable = (nodeModule as {enableCompileCache?: EnableCompileCache}).enableCompileCache;
	if (typeof enable !== 'function') return undefined;
	try {
		const result = enable(join(cacheDirectory, 'compile-cache'));
		// status: 0 failed, 1 enabled, 2 already enabled (NODE_COMPILE_CACHE), 3 disabled by the environment.
		return result.status === 1 || result.status === 2 ? result.directory : undefined;
	} catch {
		return undefined;
	}
}
