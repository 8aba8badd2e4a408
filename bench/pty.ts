// A program in a pseudo-terminal (util-linux `script`), driven like a person and timed from outside. The app and
// its baselines are all launched this way, in the same environment, so they pay the same costs.
import {readFileSync} from 'node:fs';
import {StringDecoder} from 'node:string_decoder';
import {spawnGroup} from './processes.js';

const ANSI = /\u001B\[[0-9;?]*[ -/]*[@-~]|\u001B\][^\u0007]*\u0007|\u001B[()][0-9A-Za-z]|\u001B[=>78]/g;

export class Pty {
	/** The output as it came, chunk by chunk, and where each chunk starts in the whole: a wait reads only the chunks
	 * since its mark. (One growing string, sliced at each chunk, was copied whole each time: megabytes by the end of
	 * a typing session, and the bench's own garbage, inside the keystroke timings.) */
	private readonly chunks: string[] = [];
	private readonly starts: number[] = [];
	private length = 0;
	/** A character split between two reads is held until its last byte. */
	private readonly decoder = new StringDecoder('utf8');
	private readonly child: ReturnType<typeof spawnGroup>;
	readonly started: number;
	private waiters: Array<() => void> = [];
	private done = false;

	/** `argv` runs with exactly `env` (plus the terminal's TERM, size and locale). */
	constructor(argv: string[], env: NodeJS.ProcessEnv, size = {columns: 100, rows: 30}) {
		const command = argv.map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
		this.started = performance.now();
		this.child = spawnGroup('script', ['-qfec', `stty cols ${size.columns} rows ${size.rows}; exec ${command}`, '/dev/null'], {
			env: {...env, TERM: 'xterm-256color', LANG: 'C.UTF-8'},
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		this.child.stdout!.on('data', (chunk: Buffer) => {
			const text = this.decoder.write(chunk);
			if (text !== '') {
				this.starts.push(this.length);
				this.chunks.push(text);
				this.length += text.length;
			}
			this.wake();
		});
		void this.child.exited.then(() => {
			this.done = true;
			this.wake();
		});
	}

	private wake(): void {
		for (const wake of this.waiters.splice(0)) wake();
	}

	/** Everything printed since `mark()`, without escape codes. */
	text(since = 0): string {
		let first = this.chunks.length;
		while (first > 0 && this.starts[first - 1]! > since) first--;
		first = Math.max(0, first - 1);
		return this.chunks
			.slice(first)
			.join('')
			.slice(since - (this.starts[first] ?? 0))
			.replace(ANSI, '');
	}

	mark(): number {
		return this.length;
	}

	write(keys: string): void {
		this.child.stdin!.write(keys);
	}

	/** Resolves with the time (performance.now) at which the text first matched, reading the screen as it comes. */
	async waitFor(match: (text: string) => boolean, since = 0, timeoutMs = 30_000): Promise<number> {
		const deadline = performance.now() + timeoutMs;
		for (;;) {
			if (match(this.text(since))) return performance.now();
			if (this.done) throw new Error(`the program exited while waiting; last output:\n${this.text(since).slice(-500)}`);
			const left = deadline - performance.now();
			if (left <= 0) throw new Error(`timed out waiting; last output:\n${this.text(since).slice(-500)}`);
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, left);
				this.waiters.push(() => {
					clearTimeout(timer);
					resolve();
				});
			});
		}
	}

	/** Sends `keys` and waits for the screen to answer; keys the app did not take (nothing matched within
	 * `retryMs`: a key that arrived while it was still starting) are sent again. Resolves with the time of the
	 * last send, which is what a timing starts from, and how many sends it took. */
	async press(keys: string, match: (text: string) => boolean, {retryMs = 2000, tries = 3} = {}): Promise<{sent: number; sends: number}> {
		const since = this.mark();
		for (let sends = 1; ; sends++) {
			const sent = performance.now();
			this.write(keys);
			try {
				await this.waitFor(match, since, retryMs);
				return {sent, sends};
			} catch (error) {
				if (sends >= tries || this.done) throw error;
				console.error(`bench: ${JSON.stringify(keys)} not taken, sent again`);
			}
		}
	}

	/** Resolves with the time at which the program (and `script`) exited. */
	async waitExit(timeoutMs = 30_000): Promise<number> {
		const timer = setTimeout(() => this.child.killGroup(), timeoutMs);
		await this.child.exited;
		clearTimeout(timer);
		return performance.now();
	}

	/** The program's own pid (the node that `script` runs through the shell's exec). */
	programPid(): number {
		const children = readFileSync(`/proc/${this.child.pid}/task/${this.child.pid}/children`, 'utf8').trim().split(/\s+/);
		return Number(children[0]);
	}

	/** Peak resident set (VmHWM) of the program so far, in MiB. */
	peakRssMiB(): number {
		const status = readFileSync(`/proc/${this.programPid()}/status`, 'utf8');
		return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
	}

	/** Ctrl+C, then the whole group is killed if it has not gone within 3 s. */
	async quit(): Promise<void> {
		if (!this.done) this.write('\u0003');
		await this.waitExit(3000);
	}

	kill(): void {
		this.child.killGroup();
	}
}
