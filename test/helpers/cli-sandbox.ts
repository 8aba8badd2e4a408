// A throw-away home for CLI runs: HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_RUNTIME_DIR and TMPDIR all inside one
// fresh directory, so a test can list or scan every file a run could have written (os.tmpdir() included).
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';
import {runCli, type CliResult} from './cli.js';

export interface CliSandbox {
	root: string;
	/** The environment of every run: the sandbox directories, no BITGET_* and no D-Bus unless `extra` adds them. */
	env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
	/** Runs the built CLI and keeps what it printed, for a scan at the end. */
	run(args: string[], options?: {env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number}): Promise<CliResult>;
	outputs: CliResult[];
	/** Every file under the sandbox, relative path → bytes. */
	files(): Map<string, Buffer>;
	remove(): void;
}

export function cliSandbox(): CliSandbox {
	const root = mkdtempSync(join(tmpdir(), 'loan-tui-cli-home-'));
	const dirs = {
		HOME: join(root, 'home'),
		XDG_CONFIG_HOME: join(root, 'home', '.config'),
		XDG_CACHE_HOME: join(root, 'home', '.cache'),
		XDG_RUNTIME_DIR: join(root, 'run'),
		TMPDIR: join(root, 'tmp'),
	};
	for (const dir of Object.values(dirs)) mkdirSync(dir, {recursive: true, mode: 0o700});
	const outputs: CliResult[] = [];
	const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({...dirs, LANG: 'en_US.UTF-8', ...extra});
	return {
		root,
		env,
		outputs,
		async run(args, options = {}) {
			const result = await runCli(args, {...options, env: env(options.env)});
			outputs.push(result);
			return result;
		},
		files() {
			const found = new Map<string, Buffer>();
			const walk = (dir: string) => {
				for (const entry of readdirSync(dir, {withFileTypes: true})) {
					const path = join(dir, entry.name);
					if (entry.isDirectory()) walk(path);
					else if (entry.isFile()) found.set(relative(root, path), readFileSync(path));
					// Sockets, FIFOs and links hold no bytes of their own; list them so "nothing written" sees them.
					else found.set(relative(root, path), Buffer.alloc(0));
				}
			};
			walk(root);
			return found;
		},
		remove() {
			rmSync(root, {recursive: true, force: true, maxRetries: 20, retryDelay: 100});
		},
	};
}

/** Every relative path under the sandbox, directories included, to compare before and after a run. */
export function listTree(root: string): string[] {
	const paths: string[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, {withFileTypes: true})) {
			const path = join(dir, entry.name);
			paths.push(relative(root, path) + (entry.isDirectory() ? '/' : ''));
			if (entry.isDirectory()) walk(path);
		}
	};
	walk(root);
	return paths.sort();
}
