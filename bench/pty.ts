// The built binary in a pseudo-terminal (util-linux `script`), driven like a person and timed from outside.
import {spawn, execFileSync, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {readFileSync} from 'node:fs';

const ANSI = /\u001B\[[0-9;?]*[ -/]*[@-~]|\u001B\][^\u0007]*\u0007/g;

export const CLI = new URL('../dist/cli.js', import.meta.url).pathname;
/** The app as the explorer and estimate rows run it. BENCH_NODE_ARGS go to that node only (e.g. `--cpu-prof`
 * to see where a keystroke's time goes); start-up is always measured without them. */
export const APP = [process.execPath, process.env.BENCH_NODE_ARGS, CLI].filter(Boolean).join(' ');

export class Pty {
	private output = '';
	private readonly child: ChildProcessWithoutNullStreams;
	readonly started = performance.now();
	private waiters: Array<() => void> = [];

	constructor(command: string, env: NodeJS.ProcessEnv = {}, size = {columns: 100, rows: 30}) {
		this.child = spawn('script', ['-qfec', `stty cols ${size.columns} rows ${size.rows}; exec ${command}`, '/dev/null'], {
			env: {PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm-256color', LANG: 'C.UTF-8', ...env},
		});
		this.child.stdout.on('data', (chunk: Buffer) => {
			this.output += chunk.toString('utf8');
			for (const wake of this.waiters.splice(0)) wake();
		});
	}

	/** Everything printed since `mark()`, without escape codes. */
	text(since = 0): string {
		return this.output.slice(since).replace(ANSI, '');
	}

	mark(): number {
		return this.output.length;
	}

	write(keys: string): void {
		this.child.stdin.write(keys);
	}

	/** Resolves with the time (performance.now) at which the text first appeared after `since`. */
	async waitFor(match: (text: string) => boolean, since = 0, timeoutMs = 30_000): Promise<number> {
		const deadline = performance.now() + timeoutMs;
		for (;;) {
			if (match(this.text(since))) return performance.now();
			if (performance.now() > deadline) throw new Error(`timed out waiting; last output:\n${this.text(since).slice(-500)}`);
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, 50);
				this.waiters.push(() => {
					clearTimeout(timer);
					resolve();
				});
			});
		}
	}

	/** Peak resident set of the app (the process `script` runs), in MiB. */
	peakRssMiB(): number {
		const pid = execFileSync('pgrep', ['-P', String(this.child.pid), 'node'], {encoding: 'utf8'}).trim().split('\n')[0];
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
	}

	async quit(): Promise<void> {
		const exited = new Promise((resolve) => this.child.once('exit', resolve));
		this.write('\u0003');
		const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
		await exited;
		clearTimeout(timer);
	}
}
