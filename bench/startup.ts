// Start-up, on one node binary: `--version` and `--help` beside `node -e 0` (pipes, no terminal), and the home
// menu beside an Ink "hello" (both in a pty, drawn when the text is on the screen). Every subject and baseline
// runs with the same environment and launch path, in turn, so each ratio is taken pair by pair.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {timeCommand} from './processes.js';
import {Pty} from './pty.js';
import {add, addRatio} from './report.js';
import type {NodeBinary} from './nodes.js';

/** The home menu's median ratio to the Ink "hello": 1.25, so that a noisy machine's run stays under 1.3 (docs/performance.md). */
const HOME_MENU_BUDGET = 1.25;

export interface StartupPaths {
	cli: string;
	inkHello: string;
}

/** Spawn → text on the screen; the program is then ended with Ctrl+C (or killed). */
async function drawn(argv: string[], env: NodeJS.ProcessEnv, text: string): Promise<number> {
	const pty = new Pty(argv, env);
	try {
		const shown = await pty.waitFor((screen) => screen.includes(text));
		return shown - pty.started;
	} finally {
		await pty.quit();
	}
}

/** Spawn → exit, in a pty. */
async function ptyExit(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
	const pty = new Pty(argv, env);
	return (await pty.waitExit()) - pty.started;
}

export async function measureStartup(node: NodeBinary, paths: StartupPaths, env: NodeJS.ProcessEnv, runs: number): Promise<void> {
	// The app's cache directory (and with it the compile cache) for this node only; warmed by the first runs.
	const cache = mkdtempSync(join(tmpdir(), 'loan-tui-bench-startup-'));
	const runEnv = {...env, XDG_CACHE_HOME: cache};
	const home = [node.path, paths.cli, '--base-url', 'http://127.0.0.1:9'];
	const hello = [node.path, paths.inkHello];
	const samples = {node: [] as number[], version: [] as number[], help: [] as number[], ptyNode: [] as number[], hello: [] as number[], home: [] as number[]};
	try {
		for (let i = -2; i < runs; i++) {
			// Two warm-up rounds (page cache, compile cache), then the counted ones.
			const nodeMs = (await timeCommand(node.path, ['-e', '0'], runEnv)).ms;
			const versionMs = (await timeCommand(node.path, [paths.cli, '--version'], runEnv)).ms;
			const helpMs = (await timeCommand(node.path, [paths.cli, '--help'], runEnv)).ms;
			const ptyNodeMs = await ptyExit([node.path, '-e', '0'], runEnv);
			const helloMs = await drawn(hello, runEnv, 'hello from Ink');
			const homeMs = await drawn(home, runEnv, '? this help');
			if (i < 0) continue;
			samples.node.push(nodeMs);
			samples.version.push(versionMs);
			samples.help.push(helpMs);
			samples.ptyNode.push(ptyNodeMs);
			samples.hello.push(helloMs);
			samples.home.push(homeMs);
		}
	} finally {
		rmSync(cache, {recursive: true, force: true});
	}
	const label = `${node.label} (${node.version})`;
	const baseline = add({metric: `${label}: node -e 0`, unit: 'ms', samples: samples.node});
	addRatio(`${label}: loan-tui --version`, samples.version, baseline, 1.5, 'node -e 0');
	addRatio(`${label}: loan-tui --help`, samples.help, baseline, 1.5, 'node -e 0');
	const ptyNode = add({metric: `${label}: node -e 0 in a pty`, unit: 'ms', samples: samples.ptyNode});
	const inkHello = addRatio(`${label}: Ink "hello" drawn (pty)`, samples.hello, ptyNode);
	addRatio(`${label}: home menu drawn (pty)`, samples.home, inkHello, HOME_MENU_BUDGET, 'Ink "hello"');
}
