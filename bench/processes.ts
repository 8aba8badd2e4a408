// Every process the bench starts runs in its own process group and is registered here, so that a failure, a
// timeout or Ctrl+C never leaves one behind: the groups are killed on the way out, whatever the way out is.
import {spawn, type ChildProcess, type SpawnOptions} from 'node:child_process';

const groups = new Set<number>();

function killGroup(pid: number): void {
	try {
		process.kill(-pid, 'SIGKILL');
	} catch {
		// Already gone.
	}
	groups.delete(pid);
}

export function killAll(): void {
	for (const pid of [...groups]) killGroup(pid);
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
	process.on(signal, () => {
		killAll();
		process.exit(130);
	});
}

/** spawn() in a new process group, killed with its group when the bench ends or `kill()` is called. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess & {killGroup(): void; exited: Promise<number | null>} {
	const child = spawn(command, args, {...options, detached: true});
	const pid = child.pid!;
	groups.add(pid);
	const exited = new Promise<number | null>((resolve) => {
		child.once('exit', (code) => {
			// The group may outlive its leader (a grandchild): kill what is left.
			killGroup(pid);
			resolve(code);
		});
		child.once('error', () => resolve(null));
	});
	return Object.assign(child, {killGroup: () => killGroup(pid), exited});
}

/** Runs a command to its end (pipes, no terminal); resolves with its wall time and output. */
export async function timeCommand(
	command: string,
	args: string[],
	env: NodeJS.ProcessEnv,
	timeoutMs = 30_000,
): Promise<{ms: number; stdout: string; code: number | null}> {
	const started = performance.now();
	const child = spawnGroup(command, args, {env, stdio: ['ignore', 'pipe', 'pipe']});
	let stdout = '';
	let stderr = '';
	child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const timer = setTimeout(() => child.killGroup(), timeoutMs);
	const code = await child.exited;
	const ms = performance.now() - started;
	clearTimeout(timer);
	if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`);
	return {ms, stdout, code};
}
