// Start-up: `--version` and the home menu's first frame, each beside `node -e 0` measured in the same run.
import {spawnSync} from 'node:child_process';
import {CLI, Pty} from './pty.js';
import {median} from './stats.js';

function timeRun(args: string[]): number {
	const started = performance.now();
	const result = spawnSync(process.execPath, args, {stdio: 'ignore'});
	if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}`);
	return performance.now() - started;
}

export interface StartupResult {
	nodeMs: number;
	versionMs: number;
	firstFrameMs: number;
}

export async function measureStartup(runs = 15): Promise<StartupResult> {
	const node: number[] = [];
	const version: number[] = [];
	const frame: number[] = [];
	timeRun(['-e', '0']);
	timeRun([CLI, '--version']);
	for (let i = 0; i < runs; i++) {
		// Interleaved, so a busy moment on the machine hits both sides alike.
		node.push(timeRun(['-e', '0']));
		version.push(timeRun([CLI, '--version']));
		const pty = new Pty(`${process.execPath} ${CLI} --base-url http://127.0.0.1:9`);
		const shown = await pty.waitFor((text) => text.includes('Quit'));
		frame.push(shown - pty.started);
		await pty.quit();
	}
	return {nodeMs: median(node), versionMs: median(version), firstFrameMs: median(frame)};
}
