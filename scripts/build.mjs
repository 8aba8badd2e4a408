// The CLI in two parts. dist/cli.js is a tiny CommonJS entry (dist/package.json says so): `--version` and
// `--help` load nothing else, and CommonJS starts quicker than an ES module, which alone costs node ~10 ms more
// than `node -e 0`. Every other run imports dist/lib/main.mjs, bundled with code splitting so that each command
// and the interactive app load only their own chunks. Starting from bundled files is about twice as fast as
// resolving node_modules.
import {build} from 'esbuild';
import {mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {inkReplacementsEsbuild} from './ink-replacements.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The entry's dynamic import of main, as the split build names it. */
const MAIN_CHUNK = './lib/main.mjs';

/** esbuild's options shared by the entry, the split build and the bench's Ink "hello" baseline. */
export async function commonBuildOptions({quiet = false, minify = true} = {}) {
	const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
	return {
		absWorkingDir: root,
		bundle: true,
		platform: 'node',
		target: 'node20',
		minify,
		legalComments: 'none',
		define: {
			'process.env.NODE_ENV': '"production"',
			__LOAN_TUI_VERSION__: JSON.stringify(pkg.version),
		},
		logLevel: quiet ? 'error' : 'warning',
		metafile: true,
	};
}

/** The split ES-module build: lib/main.mjs and the chunks it and its dynamic imports share. */
export async function splitBuildOptions(options = {}) {
	return {
		...(await commonBuildOptions(options)),
		entryPoints: [{in: 'source/cli/main.ts', out: 'main'}],
		outdir: 'dist/lib',
		outExtension: {'.js': '.mjs'},
		// Each dynamic import() becomes its own chunk, loaded only by the runs that reach it.
		splitting: true,
		chunkNames: '[name]-[hash]',
		format: 'esm',
		// @napi-rs/keyring is a native addon, loaded lazily from node_modules (by the keychain's helper process) only on
		// paths that need the keychain.
		external: ['@napi-rs/keyring'],
		// Ink imports react-devtools-core only in dev mode; never bundle it.
		alias: {'react-devtools-core': './scripts/empty-module.mjs'},
		// CommonJS dependencies (react) call require() for Node built-ins; give every ES-module chunk one.
		banner: {js: "import {createRequire as __createRequire} from 'node:module';const require=__createRequire(import.meta.url);"},
		plugins: [inkReplacementsEsbuild, undiciPoolEsbuild],
	};
}

/** Of undici's index the client needs a Pool only (scripts/undici-pool.mjs); `undici` alone is redirected there, so a
 * deep import (the live prices' WebSocket, source/api/ticker-socket.ts) still reaches its own file, in its own chunk. */
const undiciPoolEsbuild = {
	name: 'undici-pool',
	setup(build) {
		build.onResolve({filter: /^undici$/}, () => ({path: join(root, 'scripts', 'undici-pool.mjs')}));
	},
};

/** The entry: one small CommonJS file; its one way to the rest is the dynamic import of main's chunk. */
export async function entryBuildOptions(options = {}) {
	return {
		...(await commonBuildOptions(options)),
		entryPoints: ['source/cli/index.ts'],
		outfile: 'dist/cli.js',
		format: 'cjs',
		plugins: [
			{
				name: 'main-chunk',
				setup(build) {
					build.onResolve({filter: /^\.\/main\.js$/}, (args) =>
						args.importer.endsWith(join('source', 'cli', 'index.ts')) ? {path: MAIN_CHUNK, external: true} : undefined,
					);
				},
			},
		],
	};
}

/** Builds dist/ afresh; resolves with both builds' metafiles. */
export async function buildCli({quiet = false, minify = true} = {}) {
	const dist = join(root, 'dist');
	// Chunk names carry content hashes: clear the old ones so dist/ (and the package) holds only this build.
	await rm(dist, {recursive: true, force: true});
	const [entry, split] = await Promise.all([build(await entryBuildOptions({quiet, minify})), build(await splitBuildOptions({quiet, minify}))]);
	await mkdir(dist, {recursive: true});
	// The package is "type": "module"; dist/cli.js is CommonJS.
	await writeFile(join(dist, 'package.json'), '{"type": "commonjs"}\n');
	return {entry: entry.metafile, split: split.metafile};
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await buildCli();
}
