// The built binary in a real terminal: tmux runs it, send-keys types, capture-pane reads the screen.
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {randomUUID} from 'node:crypto';
import {TmuxControl} from './tmux-control.js';

export const tmuxMissing = spawnSync('tmux', ['-V']).status !== 0 ? 'tmux is not installed (the CI script installs it)' : undefined;

export interface TmuxOptions {
	columns?: number;
	rows?: number;
	env?: NodeJS.ProcessEnv;
}

/** The bound on waiting for a key to show on screen. Running into it is a failure, never "the key did nothing": a key
 * expected to change nothing is sent with sendUnchanged, which proves it with a later key that does show. */
const KEY_TIMEOUT_MS = 10_000;

/** How long a wait goes without looking at the screen when the pane wrote nothing: a look is cheap (tmux-control.ts),
 * but a screen only changes after output, which the control client announces. */
const QUIET_LOOK_MS = 250;

/** A screen with its ticking ages ("BTC 26,800 USDT, 3 s ago") made still: the clock changes them, not a key. */
const ageless = (screen: string) => screen.replace(/\b\d+ (s|min|h|d) ago\b/g, '_ ago');

export class Tmux {
	private readonly socket = `loan-tui-test-${randomUUID().slice(0, 8)}`;
	private control: TmuxControl | undefined;
	/** The pane's output count when the screen was last looked at. */
	private outputSeen = -1;

	private constructor(private readonly options: TmuxOptions) {}

	/** Starts `command` in a fresh tmux server; when it ends, the pane prints EXIT=<status> and stays. */
	static start(command: string, options: TmuxOptions = {}): Tmux {
		// Each terminal gets its own symbol cache unless the test shares one on purpose.
		const cache = options.env?.XDG_CACHE_HOME ?? mkdtempSync(join(tmpdir(), 'loan-tui-tmux-cache-'));
		// …and its own settings (last inputs) and local history unless the test shares them on purpose (or gives a HOME).
		const config = options.env?.XDG_CONFIG_HOME ?? mkdtempSync(join(tmpdir(), 'loan-tui-tmux-config-'));
		const state = options.env?.HOME ? {} : {XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'loan-tui-tmux-state-'))};
		const tmux = new Tmux({...options, env: {XDG_CACHE_HOME: cache, XDG_CONFIG_HOME: config, ...state, ...options.env}});
		tmux.run([
			'-f',
			'/dev/null',
			'new-session',
			'-d',
			'-s',
			'test',
			'-x',
			String(options.columns ?? 100),
			'-y',
			String(options.rows ?? 30),
			`${command}; echo "EXIT=$?"; sleep 120`,
		]);
		tmux.control = new TmuxControl(tmux.socket, 'test', tmux.environment());
		return tmux;
	}

	private environment(): NodeJS.ProcessEnv {
		return {PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm-256color', LANG: 'C.UTF-8', ...this.options.env};
	}

	private run(args: string[]): string {
		return execFileSync('tmux', ['-L', this.socket, ...args], {env: this.environment(), encoding: 'utf8'});
	}

	screen(): string {
		return this.run(['capture-pane', '-p', '-t', 'test']);
	}

	/** The screen with its colours and attributes as SGR escape codes (capture-pane -e). */
	styledScreen(): string {
		return this.run(['capture-pane', '-p', '-e', '-t', 'test']);
	}

	/** tmux's own view of the pane: is the cursor shown? */
	cursorVisible(): boolean {
		return this.run(['display-message', '-p', '-t', 'test', '#{cursor_flag}']).trim() === '1';
	}

	/** Each key is sent on its own, as a person types (tmux key names like Enter, Escape, C-c, or literal text);
	 * after each, waits until the screen shows what it did. Resolves with that screen. */
	async send(...keys: string[]): Promise<string> {
		let screen = '';
		for (const key of keys) screen = await this.andSettle(() => this.run(['send-keys', '-t', 'test', key]), key);
		return screen;
	}

	/** Escape on its own write, then waits until the screen shows `until` (what the Escape leads to). Any change is not
	 * enough: a key sent before the app has read the lone ESC arrives with it and reads as Alt+key, as in any terminal
	 * program, and a screen that updates by itself changes without the Escape having been read. */
	async escape(until: string | RegExp): Promise<string> {
		this.run(['send-keys', '-t', 'test', 'Escape']);
		return this.waitFor(until);
	}

	/** Literal text, one character at a time, each waited for like `send`. */
	async typeText(text: string): Promise<void> {
		for (const char of text) await this.andSettle(() => this.run(['send-keys', '-t', 'test', '-l', char]), JSON.stringify(char));
	}

	/** Several keys in ONE write to the terminal (tmux key names), the way a held key or a slow link delivers them. */
	async burst(...keys: string[]): Promise<void> {
		await this.andSettle(() => this.run(['send-keys', '-t', 'test', ...keys]), keys.join(' '));
	}

	/** Literal text in one write. */
	async burstText(text: string): Promise<void> {
		await this.andSettle(() => this.run(['send-keys', '-t', 'test', '-l', text]), JSON.stringify(text));
	}

	/** A paste: tmux wraps it in bracketed-paste markers when the app asked for them (ESC[?2004h), as terminals do. */
	async paste(text: string): Promise<void> {
		this.run(['set-buffer', '-b', 'paste', '--', text]);
		await this.andSettle(() => this.run(['paste-buffer', '-p', '-d', '-b', 'paste', '-t', 'test']), `a paste of ${JSON.stringify(text)}`);
	}

	/** Keys whose effect does not show (a secret typed at a hidden prompt, a paste the screen drops): sent in order
	 * without waiting for the screen. The test proves they were handled with a later key that does show (keys are
	 * handled in the order sent), never by a pause. */
	sendUnseen(...keys: string[]): void {
		for (const key of keys) this.run(['send-keys', '-t', 'test', key]);
	}

	/** A paste whose effect does not show (dropped), sent like `paste` without waiting; proven like sendUnseen. */
	pasteUnseen(text: string): void {
		this.run(['set-buffer', '-b', 'paste', '--', text]);
		this.run(['paste-buffer', '-p', '-d', '-b', 'paste', '-t', 'test']);
	}

	/** "This key changes nothing" (Enter on a y/N review, say), made explicit and proven by events: sends `key`, then
	 * `?` (the help overlay) and, once the overlay shows, Escape; keys are handled in order, so by then `key` was
	 * handled, and the screen must come back to what it was before it. Only on a screen where `?` opens help (no text
	 * field has focus) and nothing ticks but an age (compared without it). Resolves with that screen. */
	async sendUnchanged(key: string): Promise<string> {
		const before = ageless(await this.look());
		this.run(['send-keys', '-t', 'test', key]);
		this.run(['send-keys', '-t', 'test', '?']);
		await this.waitFor('Keys — ');
		this.run(['send-keys', '-t', 'test', 'Escape']);
		const deadline = Date.now() + KEY_TIMEOUT_MS;
		for (let screen = await this.look(); ; screen = await this.lookAfterOutput(deadline)) {
			if (ageless(screen) === before) return screen;
			if (Date.now() > deadline) throw new Error(`${key} was to change nothing; before:\n${before}\nafter (help opened and closed):\n${screen}`);
		}
	}

	/** Does `action`, then waits until the screen changes; fails loudly if it does not within KEY_TIMEOUT_MS. Resolves
	 * with the changed screen. */
	private async andSettle(action: () => void, what: string): Promise<string> {
		const before = await this.look();
		action();
		const deadline = Date.now() + KEY_TIMEOUT_MS;
		for (;;) {
			const screen = await this.lookAfterOutput(deadline);
			if (screen !== before) return screen;
			if (Date.now() > deadline) throw new Error(`the screen did not change after ${what} (a key meant to change nothing: sendUnchanged); screen:\n${before}`);
		}
	}

	/** The screen once no frame is half-drawn (or after QUIET_LOOK_MS), noting how much output it reflects. */
	private async look(): Promise<string> {
		const control = this.control!;
		await control.outputAfter(-1, QUIET_LOOK_MS);
		this.outputSeen = control.outputs;
		return control.command('capture-pane -p -t test');
	}

	/** The screen once the pane wrote more than the last look saw, or after QUIET_LOOK_MS (or at the deadline) anyway. */
	private async lookAfterOutput(deadline: number): Promise<string> {
		await this.control!.outputAfter(this.outputSeen, Math.max(0, Math.min(QUIET_LOOK_MS, deadline - Date.now())));
		return this.look();
	}

	/** The pid of the pane's descendant whose command line contains `needle` (the app), found through /proc. */
	async descendantPid(needle: string, timeoutMs = 3000): Promise<number> {
		const root = Number(this.run(['display-message', '-p', '-t', 'test', '#{pane_pid}']).trim());
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const found = findDescendant(root, needle);
			if (found !== undefined) return found;
			if (Date.now() > deadline) throw new Error(`no process matching ${needle} under pane ${root}`);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}

	/** A tmux server option (like set-clipboard on, so OSC 52 from the app lands in a paste buffer). */
	setOption(name: string, value: string): void {
		this.run(['set-option', '-g', name, value]);
	}

	/** The newest paste buffer's text (where OSC 52 copies land with set-clipboard on); undefined when there is none. */
	newestBuffer(): string | undefined {
		try {
			return this.run(['show-buffer']);
		} catch {
			return undefined;
		}
	}

	resize(columns: number, rows: number): void {
		this.run(['resize-window', '-t', 'test', '-x', String(columns), '-y', String(rows)]);
	}

	async waitFor(text: string | RegExp | ((screen: string) => boolean), timeout = 15_000): Promise<string> {
		const deadline = Date.now() + timeout;
		const matches = (screen: string) => (typeof text === 'string' ? screen.includes(text) : text instanceof RegExp ? text.test(screen) : text(screen));
		for (let screen = await this.look(); ; screen = await this.lookAfterOutput(deadline)) {
			if (matches(screen)) return screen;
			if (Date.now() > deadline) throw new Error(`terminal never showed ${String(text)}; screen:\n${screen}`);
		}
	}

	kill(): void {
		this.control?.end();
		try {
			this.run(['kill-server']);
		} catch {
			// already gone
		}
	}
}

function findDescendant(root: number, needle: string): number | undefined {
	const children = new Map<number, number[]>();
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			// Field 4 of /proc/PID/stat is the parent pid (after the parenthesised command name).
			const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
			const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
		} catch {
			// the process ended while we looked
		}
	}
	const queue = [...(children.get(root) ?? [])];
	while (queue.length > 0) {
		const pid = queue.shift()!;
		try {
			if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle)) return pid;
		} catch {
			continue;
		}
		queue.push(...(children.get(pid) ?? []));
	}
	return undefined;
}
