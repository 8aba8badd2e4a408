// Module hooks for keyring-hook.mjs (they run on the loader thread).
let mode;

export function initialize(data) {
	mode = data?.mode;
}

export async function resolve(specifier, context, next) {
	const isKeyring = specifier === '@napi-rs/keyring' || /\/node_modules\/@napi-rs\/keyring\//.test(specifier);
	if (!isKeyring || !mode) return next(specifier, context);
	if (mode === 'missing') {
		const error = new Error(`Cannot find package '@napi-rs/keyring' imported from ${context.parentURL}`);
		error.code = 'ERR_MODULE_NOT_FOUND';
		throw error;
	}
	if (mode === 'nobinary') {
		// The binding's JavaScript found, its per-platform binary package not: what its index.js throws.
		return {
			url: `data:text/javascript,${encodeURIComponent("throw new Error('Cannot find native binding. npm has a bug related to optional dependencies.');")}`,
			shortCircuit: true,
		};
	}
	const source = "import {appendFileSync} from 'node:fs'; appendFileSync(process.env.LOAN_TUI_TEST_KEYRING_MARKER, 'keyring loaded\\n'); export default {};";
	return {url: `data:text/javascript,${encodeURIComponent(source)}`, shortCircuit: true};
}
