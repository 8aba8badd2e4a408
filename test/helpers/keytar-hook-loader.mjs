// Module hooks for keytar-hook.mjs (they run on the loader thread).
let mode;

export function initialize(data) {
	mode = data?.mode;
}

export async function resolve(specifier, context, next) {
	const isKeytar = specifier === 'keytar' || /\/node_modules\/keytar\//.test(specifier);
	if (!isKeytar || !mode) return next(specifier, context);
	if (mode === 'missing') {
		const error = new Error(`Cannot find package 'keytar' imported from ${context.parentURL}`);
		error.code = 'ERR_MODULE_NOT_FOUND';
		throw error;
	}
	if (mode === 'unbuilt') {
		// keytar's JavaScript found, its native addon not: what `require('../build/Release/keytar.node')` throws.
		const error = new Error(`Cannot find module '../build/Release/keytar.node'\nRequire stack:\n- ${specifier}`);
		error.code = 'MODULE_NOT_FOUND';
		throw error;
	}
	const source = "import {appendFileSync} from 'node:fs'; appendFileSync(process.env.LOAN_TUI_TEST_KEYTAR_MARKER, 'keytar loaded\\n'); export default {};";
	return {url: `data:text/javascript,${encodeURIComponent(source)}`, shortCircuit: true};
}
