// Ink modules the app ships in place of Ink's own, for the bundle (esbuild, scripts/build.mjs) and for the tests
// (vite, vitest.config.ts), so screen tests run exactly the Ink that ships. Ink composes each frame with
// output.js; ours gives the same string several times faster and with far less garbage. measure-text.js and
// wrap-text.js cache every string ever drawn; ours keep the last few frames' worth. sanitize-ansi.js tokenises
// every text node twice a frame; ours answers the app's own text in one scan, and so does our widest-line for
// the renderer. test/app/ink-replacements.test.ts checks each gives what Ink's gives.
import {readFile} from 'node:fs/promises';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What Ink's build files import → our module. */
export const INK_REPLACEMENTS = {
	'./output.js': 'source/app/ink/frame-output.ts',
	'./measure-text.js': 'source/app/ink/measure-text.ts',
	'./wrap-text.js': 'source/app/ink/wrap-text.ts',
	'./sanitize-ansi.js': 'source/app/ink/sanitize-ansi.ts',
	'widest-line': 'source/app/ink/widest-line.ts',
};

const SPECIFIER = /^(\.\/(output|measure-text|wrap-text|sanitize-ansi)\.js|widest-line)$/;
const INK_BUILD_FILE = /[\\/]node_modules[\\/]ink[\\/]build[\\/][^\\/]+\.js$/;

/** Our module for an import made by one of Ink's build files, or undefined. */
export function replacementFor(specifier, importer) {
	if (!importer || !SPECIFIER.test(specifier) || !INK_BUILD_FILE.test(importer)) return undefined;
	return join(root, INK_REPLACEMENTS[specifier]);
}

/** A new Ink that moved these modules must fail the build, not quietly ship the slow or leaky ones. */
function missingMessage(replaced) {
	const missing = Object.keys(INK_REPLACEMENTS).filter((path) => !replaced.has(path));
	return missing.length === 0 ? undefined : `ink-replacements: Ink no longer imports ${missing.join(', ')}; update scripts/ink-replacements.mjs`;
}

export const inkReplacementsEsbuild = {
	name: 'ink-replacements',
	setup(build) {
		const replaced = new Set();
		build.onResolve({filter: SPECIFIER}, (args) => {
			const path = replacementFor(args.path, args.importer);
			if (!path) return undefined;
			replaced.add(args.path);
			return {path};
		});
		build.onEnd((result) => {
			const message = result.errors.length === 0 ? missingMessage(replaced) : undefined;
			return message ? {errors: [{text: message}]} : undefined;
		});
	},
};

/** The same for vite (vitest). Ink must be processed by vite for this to see its imports: vitest.config.ts inlines
 * ink and ink-testing-library (which must share the one copy of Ink). */
export function inkReplacementsVite() {
	return {
		name: 'ink-replacements',
		enforce: 'pre',
		resolveId(specifier, importer) {
			return replacementFor(specifier, importer?.split('?')[0]);
		},
		// Ink's published source maps point at sources it does not publish: load its files without them (vite would
		// warn about every one).
		async load(id) {
			const file = id.split('?')[0];
			if (!/[\\/]node_modules[\\/]ink(-testing-library)?[\\/]build[\\/].+\.js$/.test(file)) return undefined;
			return (await readFile(file, 'utf8')).replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
		},
	};
}
