// The end-to-end tests run the built bundle, so build it once before any test (a fast esbuild call).
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
// @ts-expect-error plain ESM build script without types
import {buildCli} from '../scripts/build.mjs';

export default async function setup(): Promise<() => void> {
	await buildCli({quiet: true});
	// Every scratch folder a test makes (os.tmpdir() in the workers and in the processes they start) lands in one
	// folder of this run, removed when the run ends, so runs leave nothing behind in the machine's /tmp.
	const scratch = mkdtempSync(join(tmpdir(), 'loan-tui-tests-'));
	process.env.TMPDIR = scratch;
	return () => rmSync(scratch, {recursive: true, force: true, maxRetries: 20, retryDelay: 100});
}
