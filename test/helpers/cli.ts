import {spawn} from 'node:child_process';
import {fileURLToPath} from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs the built bundle as a person's shell would, with a clean environment (no BITGET_* unless given). */
/** `nodeArgs` go to node itself, before the bundle (a preload that observes the process, say). */
export function runCli(args: string[], options: {env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number; nodeArgs?: string[]} = {}): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
			env: {PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'en_US.UTF-8', ...options.env},
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
		child.on('error', reject);
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({code, stdout, stderr});
		});
		child.stdin.end(options.input ?? '');
	});
}
