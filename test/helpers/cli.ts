import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
	/** The signal that ended the process, when one did. */
	signal?: NodeJS.Signals | null;
}

export interface CliOptions {
	env?: NodeJS.ProcessEnv;
	input?: string;
	timeoutMs?: number;
	/** `nodeArgs` go to node itself, before the bundle (a preload that observes the process, say). */
	nodeArgs?: string[];
}

/** Where runs keep their local history unless a test gives a HOME or XDG_STATE_HOME of its own: never the real
 * home's (a test borrow must not land in the history of the person running the tests). */
export const TEST_STATE_HOME = mkdtempSync(join(tmpdir(), 'loan-tui-test-state-'));
/** Likewise the caches (what shell completion offers, filled by --demo runs among others): never the real home's. */
export const TEST_CACHE_HOME = mkdtempSync(join(tmpdir(), 'loan-tui-test-cache-'));

/** Runs the built bundle as a person's shell would, with a clean environment (no BITGET_* unless given). */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
	return spawnCli(args, options).result;
}

/** The same, with the child at hand while it runs (to send it a signal, say). */
export function spawnCli(args: string[], options: CliOptions = {}): {child: ChildProcessWithoutNullStreams; result: Promise<CliResult>} {
	const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
		env: {
			PATH: process.env.PATH,
			HOME: process.env.HOME,
			LANG: 'en_US.UTF-8',
			...(options.env?.HOME ? {} : {XDG_STATE_HOME: TEST_STATE_HOME, XDG_CACHE_HOME: TEST_CACHE_HOME}),
			...options.env,
		},
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	const result = new Promise<CliResult>((resolve, reject) => {
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
		child.on('error', reject);
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			resolve({code, stdout, stderr, signal});
		});
	});
	child.stdin.end(options.input ?? '');
	return {child, result};
}
