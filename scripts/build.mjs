// One bundled file, dist/cli.js: starting from a single file is about twice as fast as resolving node_modules.
import {build} from 'esbuild';
import {readFile} from 'node:fs/promises';
import {fileURLToPath} from 'node:url';
import {inkReplacementsEsbuild} from './ink-replacements.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

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
		plugins: [inkReplacementsEsbuild],
		logLevel: quiet ? 'error' : 'warning',
		metafile: true,
	});
	return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await buildCli();
}
