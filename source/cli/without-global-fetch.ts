// The interactive app's code is imported with no global fetch (cli/main.ts). Yoga, Ink's layout engine, loads its
// WebAssembly through the global fetch whenever there is one, and the first use of Node's fetch loads Node's own copy
// of undici: ~30 ms and 2 MB of heap before the home menu's first frame (a full garbage collection with them), for a
// client the app never uses (its requests go through undici's Pool, api/transport.ts). Without it Yoga decodes the
// same embedded bytes at once. test/terminal/first-frame-fetch.test.ts checks the built app.

/** Runs `load` with `globalThis.fetch` absent, then puts back the property exactly as it was (Node's is lazy: putting
 * it back loads nothing). Yoga looks for fetch while its module is evaluated, which `load`'s promise waits for. */
export async function withoutGlobalFetch<T>(load: () => Promise<T>): Promise<T> {
	const fetch = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
	if (fetch?.configurable !== true) return load();
	delete (globalThis as {fetch?: unknown}).fetch;
	try {
		return await load();
	} finally {
		Object.defineProperty(globalThis, 'fetch', fetch);
	}
}
