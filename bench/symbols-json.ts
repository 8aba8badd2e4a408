// `loan-tui symbols --json` at 100k pairs into a file: peak RSS of the whole process (GNU time's %M, the kernel's
// accounting at exit) and wall time, the simulator in its own process.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {BUILT_IN_SYMBOLS} from '../source/simulator/symbols.js';
import {timeCommand} from './processes.js';
import {add, addLimit} from './report.js';
import {SimProcess} from './sim.js';

const PAIRS = 100_000;

export async function measureSymbolsJson(cli: string, env: NodeJS.ProcessEnv, runs: number): Promise<void> {
	const sim = await SimProcess.start({extraSymbols: PAIRS - BUILT_IN_SYMBOLS.length, rateLimits: false});
	const work = mkdtempSync(join(tmpdir(), 'loan-tui-bench-symbols-'));
	const rss: number[] = [];
	const wall: number[] = [];
	try {
		for (let i = -1; i < runs; i++) {
			const out = join(work, 'symbols.json');
			const peak = join(work, 'peak');
			const {ms} = await timeCommand(
				'/usr/bin/time',
				['-o', peak, '-f', '%M', 'sh', '-c', `exec "$0" "$1" symbols --json --base-url "$2" > "$3"`, process.execPath, cli, sim.url, out],
				{...env, XDG_CACHE_HOME: work},
				60_000,
			);
			const written = JSON.parse(readFileSync(out, 'utf8')) as unknown[];
			if (written.length !== PAIRS) throw new Error(`symbols --json wrote ${written.length} pairs`);
			if (i < 0) continue;
			rss.push(Number(readFileSync(peak, 'utf8').trim().split('\n').at(-1)) / 1024);
			wall.push(ms);
		}
		add({metric: 'symbols --json, 100k pairs: wall time', unit: 'ms', samples: wall});
		addLimit('symbols --json, 100k pairs: peak RSS', 'MiB', rss, 150, Math.max(...rss));
	} finally {
		await sim.close();
		rmSync(work, {recursive: true, force: true});
	}
}
