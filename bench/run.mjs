// Builds the app and the bench (one esbuild bundle of bench/main.ts), then runs it.
import {build} from 'esbuild';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {buildCli} from '../scripts/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
await buildCli({quiet: true});
const out = mkdtempSync(join(tmpdir(), 'loan-tui-bench-'));
const entry = join(root, 'bench', '.main.mjs');
try {
	await build({
		absWorkingDir: root,
		entryPoints: ['bench/main.ts'],
		outfile: entry,
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		packages: 'external',
		logLevel: 'error',
	});
	await import(pathToFileURL(entry).href);
} finally {
	rmSync(entry, {force: true});
	rmSync(out, {recursive: true, force: true});
}
