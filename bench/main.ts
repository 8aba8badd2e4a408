// `npm run bench`: every figure measured in this run, printed as one table with its budget, the raw runs kept in
// bench/results.json. Exits 1 when a budget is missed.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {measureEstimate} from './estimate.js';
import {measureExplorer} from './explorer.js';
import {measureLivePrice} from './live-price.js';
import {measurePlan} from './plan.js';
import {nodeBinaries} from './nodes.js';
import {killAll} from './processes.js';
import {configuration, figures, save, table} from './report.js';
import {measureStartup} from './startup.js';
import {measureSymbolsJson} from './symbols-json.js';
import {measureWire} from './wire.js';
import {measureWatch} from './watch.js';

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const paths = {cli: fileURLToPath(new URL('../../dist/cli.js', import.meta.url)), inkHello: here('./hello/ink-hello.mjs')};
/** BENCH_ONLY=startup (or explorer, estimate, symbols, wire, plan, watch, live; comma-separated) runs just those parts. */
const only = process.env.BENCH_ONLY?.split(',');
const runs = (part: string) => !only || only.includes(part);
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const repeat = Number(process.env.BENCH_RUNS ?? 0);

// One environment for every subject and baseline: this shell's, with NODE_EXTRA_CA_CERTS and the rest as they
// are (each costs any node start the same), and without CI (Ink draws nothing live under CI, app or hello).
const env: NodeJS.ProcessEnv = {...process.env};
delete env.CI;
delete env.CONTINUOUS_INTEGRATION;
// The app remembers inputs (settings) and what it sent (state): the bench's runs keep theirs apart from the
// person's own, and each part that types gives every session a fresh copy (estimate.ts).
const home = mkdtempSync(join(tmpdir(), 'loan-tui-bench-home-'));
env.XDG_CONFIG_HOME = join(home, 'config');
env.XDG_STATE_HOME = join(home, 'state');

const nodes = runs('startup') ? nodeBinaries() : [];
const config = configuration(nodes.map((node) => node.version));
console.error(`loan-tui bench — ${JSON.stringify(config)}`);
try {
	for (const node of nodes) {
		console.error(`start-up on ${node.label}…`);
		await measureStartup(node, paths, env, repeat || 15);
	}
	for (const pairs of runs('explorer') ? sizes : []) {
		console.error(`explorer at ${pairs} pairs…`);
		// Nine pairs: the simulator compresses each answer anew (400–600 ms for 100k pairs), once for the app and once
		// for the raw fetch, so that time varies within a pair as well as between pairs; five left the median ratio
		// moving by ±0.1 from run to run.
		await measureExplorer(pairs, paths.cli, here('./raw-fetch.mjs'), env, repeat || 9);
	}
	if (runs('symbols')) {
		console.error('symbols --json at 100k pairs…');
		await measureSymbolsJson(paths.cli, env, repeat || 5);
	}
	if (runs('estimate')) {
		console.error('estimate…');
		await measureEstimate(paths.cli, env, repeat || 3);
	}
	if (runs('plan')) {
		console.error('plan…');
		await measurePlan(repeat || 5);
	}
	if (runs('watch')) {
		console.error('watch…');
		await measureWatch(paths.cli, env, repeat || 1);
	}
	if (runs('live')) {
		console.error('live prices…');
		await measureLivePrice(paths.cli, env, repeat || 3);
	}
	if (runs('wire')) {
		console.error('wire…');
		await measureWire(repeat || 5);
	}
} finally {
	killAll();
	rmSync(home, {recursive: true, force: true});
}

const output = table();
const failed = figures.filter((figure) => figure.pass === false);
const verdict = failed.length === 0 ? 'all budgets met' : `${failed.length} budget(s) missed: ${failed.map((figure) => figure.metric).join('; ')}`;
console.log(`${output}\n\n${verdict}`);
const results = process.env.BENCH_RESULTS ?? fileURLToPath(new URL('../results.json', import.meta.url));
save(results, config);
writeFileSync(results.replace(/\.json$/, '.md'), `${JSON.stringify(config)}\n\n${output}\n\n${verdict}\n`);
console.error(`raw runs: ${results}`);
process.exitCode = failed.length === 0 ? 0 : 1;
