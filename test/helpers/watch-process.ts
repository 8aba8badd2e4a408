// `loan-tui watch` in its own process for a test: its NDJSON events and stderr as they come, killed after the test.
import {spawnCli} from './cli.js';

export type WatchEventLine = Record<string, unknown> & {topUp?: Record<string, unknown>};

export function spawnWatch(args: string[], env: Record<string, string>, stopAll: Array<() => void>) {
	const {child, result} = spawnCli(args, {env, timeoutMs: 120_000});
	stopAll.push(() => child.kill('SIGKILL'));
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk) => (stdout += chunk));
	child.stderr.on('data', (chunk) => (stderr += chunk));
	const events = () =>
		stdout
			.split('\n')
			.filter((line) => line.startsWith('{'))
			.map((line) => JSON.parse(line) as WatchEventLine);
	return {child, result, events, stderr: () => stderr, stdout: () => stdout};
}
