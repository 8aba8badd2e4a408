// Builds the app, the bench and its baselines (the Ink "hello" with the app's own esbuild options), then runs it.
import {build} from 'esbuild';
import {rmSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {buildCli, commonBuildOptions, splitBuildOptions} from '../scripts/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'bench', '.build');
await buildCli({quiet: true});
rmSync(out, {recursive: true, force: true});
try {
	await build({
		...(await commonBuildOptions({quiet: true})),
		entryPoints: ['bench/main.ts', 'bench/sim-process.ts', 'bench/raw-fetch.ts'],
		outdir: out,
		outExtension: {'.js': '.mjs'},
		format: 'esm',
		packages: 'external',
		minify: false,
	});
	await build({...(await splitBuildOptions({quiet: true})), entryPoints: ['bench/ink-hello.tsx'], outdir: join(out, 'hello')});
	await import(pathToFileURL(join(out, 'main.mjs')).href);
} finally {
	rmSync(out, {recursive: true, force: true});
}
