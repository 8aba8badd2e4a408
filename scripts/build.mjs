// One bundled file, dist/cli.js: starting from a single file is about twice as fast as resolving node_modules.
import {build} from 'esbuild';
import {readFile} from 'node:fs/promises';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Ink modules the bundle takes from source/app/ink instead. Ink composes each frame with output.js; ours gives
 * the same string several times faster and with far less garbage. measure-text.js and wrap-text.js cache every
 * string ever drawn; ours keep the last few frames' worth. sanitize-ansi.js tokenises every text node twice a
 * frame; ours answers the app's own text in one scan, and so does our widest-line for the renderer. */
const INK_REPLACEMENTS = {
	'./output.js': 'source/app/ink/frame-output.ts',
	'./measure-text.js': 'source/app/ink/measure-text.ts',
	'./wrap-text.js': 'source/app/ink/wrap-text.ts',
	'./sanitize-ansi.js': 'source/app/ink/sanitize-ansi.ts',
	'widest-line': 'source/app/ink/widest-line.ts',
};

const inkReplacementsPlugin = {
	name: 'ink-replacements',
	setup(build) {
		const replaced = new Set();
		build.onResolve({filter: /^(\.\/(output|measure-text|wrap-text|sanitize-ansi)\.js|widest-line)$/}, (args) => {
			if (!/[\\/]node_modules[\\/]ink[\\/]build[\\/][^\\/]+\.js$/.test(args.importer)) return undefined;
			replaced.add(args.path);
			return {path: join(root, INK_REPLACEMENTS[args.path])};
		});
		// A new Ink that moved these modules must fail the build, not quietly ship the slow or leaky ones.
		build.onEnd((result) => {
			const missing = Object.keys(INK_REPLACEMENTS).filter((path) => !replaced.has(path));
			if (result.errors.length === 0 && missing.length > 0) {
				return {errors: [{text: `ink-replacements: Ink no longer imports ${missing.join(', ')}; update scripts/build.mjs`}]};
			}
			return undefined;
		});
	},
};

export async function buildCli({quiet = false, minify = true} = {}) {
	const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
	const result = await build({
		absWorkingDir: root,
		entryPoints: ['source/cli/index.ts'],
		outfile: 'dist/cli.js',
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		minify,
		legalComments: 'none',
		// keytar is a native addon, loaded lazily from node_modules only on paths that need the keychain.
		external: ['keytar'],
		// Ink imports react-devtools-core only in dev mode; never bundle it.
		alias: {'react-devtools-core': './scripts/empty-module.mjs'},
		define: {
			'process.env.NODE_ENV': '"production"',
			__LOAN_TUI_VERSION__: JSON.stringify(pkg.version),
		},
		// CommonJS dependencies (react) call require() for Node built-ins; give the ESM bundle one.
		banner: {js: "#!/usr/bin/env node\nimport {createRequire as __createRequire} from 'node:module';const require=__createRequire(import.meta.url);"},
		plugins: [inkReplacementsPlugin],
		logLevel: quiet ? 'error' : 'warning',
		metafile: true,
	});
	return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await buildCli();
}
