// A tmux control-mode client (tmux -C) on a test's session. One process for the whole test: looking at the screen
// is a command on its stdin, not a new tmux process (each of which forks the test worker and blocks it while it
// runs), and every byte the pane writes is announced (%output), so a wait looks again only after output. Ink wraps
// each frame in a synchronized update (ESC[?2026h … ESC[?2026l, ink/build/write-synchronized.js); tmux draws the
// frame as it reads it, so a look waits for the frame's end: a half-drawn frame is never taken for the screen.
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';

interface Pending {
	resolve(text: string): void;
	reject(error: Error): void;
}

export class TmuxControl {
	private readonly child: ChildProcessWithoutNullStreams;
	private readonly pending: Pending[] = [];
	/** The lines of the reply being read, between %begin and %end. */
	private reply: string[] | undefined;
	private partial = '';
	private closed: Error | undefined;
	private wake: (() => void) | undefined;
	/** How many times the pane has written output. */
	outputs = 0;
	/** Between a frame's start and its end. */
	private inFrame = false;

	constructor(socket: string, session: string, env: NodeJS.ProcessEnv) {
		this.child = spawn('tmux', ['-L', socket, '-C', 'attach-session', '-t', session], {env, stdio: ['pipe', 'pipe', 'pipe']});
		this.child.stdout.setEncoding('utf8');
		this.child.stdout.on('data', (chunk: string) => {
			const lines = (this.partial + chunk).split('\n');
			this.partial = lines.pop()!;
			for (const line of lines) this.read(line);
		});
		this.child.stdin.on('error', () => {}); // the server went away; `closed` says so
		this.child.on('close', () => this.close(new Error('the tmux control client ended')));
	}

	/** Runs one tmux command (a line of tmux's command syntax); resolves with what it printed. */
	command(line: string): Promise<string> {
		if (this.closed) return Promise.reject(this.closed);
		return new Promise((resolve, reject) => {
			this.pending.push({resolve, reject});
			this.child.stdin.write(`${line}\n`);
		});
	}

	/** Resolves once the pane has written more than `seen` outputs and is not inside a frame, or after `ms`. */
	outputAfter(seen: number, ms: number): Promise<void> {
		if (this.outputs !== seen && !this.inFrame) return Promise.resolve();
		return new Promise((resolve) => {
			const timer = setTimeout(done, ms);
			function done() {
				clearTimeout(timer);
				resolve();
			}
			this.wake = done;
		});
	}

	end(): void {
		this.child.stdin.end();
		this.child.kill();
	}

	private read(line: string): void {
		// Replies to our commands are flagged 1 (the attach itself is answered with flag 0 and skipped).
		if (this.reply === undefined) {
			if (/^%begin \d+ \d+ 1$/.test(line)) this.reply = [];
			else if (line.startsWith('%output ')) {
				this.outputs += 1;
				// Control mode writes ESC as \033; the last marker in the line says where the frame is.
				const start = line.lastIndexOf('\\033[?2026h');
				const end = line.lastIndexOf('\\033[?2026l');
				if (start >= 0 || end >= 0) this.inFrame = start > end;
				if (this.inFrame) return;
				const wake = this.wake;
				this.wake = undefined;
				wake?.();
			}
			return;
		}
		const end = /^%(end|error) \d+ \d+ 1$/.exec(line);
		if (!end) {
			this.reply.push(line);
			return;
		}
		const text = this.reply.map((l) => `${l}\n`).join('');
		this.reply = undefined;
		const pending = this.pending.shift();
		if (end[1] === 'end') pending?.resolve(text);
		else pending?.reject(new Error(`tmux: ${text.trim()}`));
	}

	private close(error: Error): void {
		this.closed = error;
		for (const pending of this.pending.splice(0)) pending.reject(error);
		this.wake?.();
	}
}
