// `npm run bench`: every figure measured in this run, printed as one table with its budget.
import {cpus} from 'node:os';
import {measureEstimate} from './estimate.js';
import {measureExplorer} from './explorer.js';
import {measureStartup} from './startup.js';
import {measureWire} from './wire.js';

interface Row {
	metric: string;
	value: string;
	budget: string;
	pass: boolean;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rows: Row[] = [];
const row = (metric: string, value: string, budget: string, pass: boolean) => rows.push({metric, value, budget, pass});

const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
/** BENCH_ONLY=explorer (or any of startup, explorer, estimate, wire, comma-separated) runs just those parts. */
const only = process.env.BENCH_ONLY?.split(',');
const runs = (part: string) => !only || only.includes(part);

console.error(`loan-tui bench — ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
if (runs('startup')) {
	console.error('start-up…');
	const startup = await measureStartup();
	row('node -e 0 (baseline)', ms(startup.nodeMs), '', true);
	row('loan-tui --version', `${ms(startup.versionMs)} (${(startup.versionMs / startup.nodeMs).toFixed(2)}×)`, '≤ 2.5× node -e 0', startup.versionMs <= 2.5 * startup.nodeMs);
	row('home menu, first frame', `${ms(startup.firstFrameMs)} (${(startup.firstFrameMs / startup.nodeMs).toFixed(2)}×)`, '≤ 5× node -e 0', startup.firstFrameMs <= 5 * startup.nodeMs);
}

for (const pairs of runs('explorer') ? sizes : []) {
	console.error(`explorer at ${pairs} pairs…`);
	const result = await measureExplorer(pairs);
	const label = pairs >= 1000 ? `${pairs / 1000}k` : String(pairs);
	const keyBudget = pairs >= 100_000 ? 50 : pairs >= 10_000 ? 16 : undefined;
	row(`explorer ${label}: Enter → usable list`, ms(result.listMs), pairs === 10_000 ? '≤ 300 ms' : '', pairs !== 10_000 || result.listMs <= 300);
	row(`explorer ${label}: second start, list from cache`, ms(result.cachedListMs), '', true);
	row(`explorer ${label}: keystroke → frame, median`, ms(result.keyMedianMs), '', true);
	row(`explorer ${label}: keystroke → frame, p99`, ms(result.keyP99Ms), keyBudget ? `≤ ${keyBudget} ms` : '', keyBudget === undefined || result.keyP99Ms <= keyBudget);
	row(`explorer ${label}: peak RSS`, `${result.peakRssMiB.toFixed(1)} MiB`, pairs >= 100_000 ? '≤ 150 MiB' : '', pairs < 100_000 || result.peakRssMiB <= 150);
}

if (runs('estimate')) {
	console.error('estimate…');
	const estimate = await measureEstimate();
	row('estimate: 8 chars at human speed (150 ms/key)', `${estimate.humanRounds} round(s), ${estimate.humanRequests} requests (3 periods)`, '≤ 2 per period', estimate.humanRequests / 3 <= 2);
	row('estimate: 8 chars pasted', `${estimate.pasteRounds} round(s), ${estimate.pasteRequests} requests (3 periods)`, '', true);
}

if (runs('wire')) {
	console.error('wire…');
	const wire = await measureWire();
	row('wire: loan-tui client, sequential symbols?symbol=X', `${wire.ours.toFixed(0)} req/s (${(wire.ours / wire.sdk).toFixed(2)}×)`, '≥ 1.5× SDK', wire.ours >= 1.5 * wire.sdk);
	row('wire: bitget-api SDK, same requests', `${wire.sdk.toFixed(0)} req/s`, '', true);
	row('wire: TCP connections per session (loan-tui / SDK)', `${wire.ourConnections} / ${wire.sdkConnections}`, '1 for loan-tui', wire.ourConnections === 1);
}

const width = (key: keyof Row) => Math.max(key.length, ...rows.map((r) => String(r[key]).length));
const [m, v, b] = [width('metric'), width('value'), width('budget')];
console.log(`| ${'metric'.padEnd(m)} | ${'value'.padEnd(v)} | ${'budget'.padEnd(b)} | ok |`);
console.log(`| ${'-'.repeat(m)} | ${'-'.repeat(v)} | ${'-'.repeat(b)} | -- |`);
for (const r of rows) console.log(`| ${r.metric.padEnd(m)} | ${r.value.padEnd(v)} | ${r.budget.padEnd(b)} | ${r.budget ? (r.pass ? 'ok' : 'NO') : '  '} |`);
const failed = rows.filter((r) => !r.pass);
console.log(failed.length === 0 ? '\nall budgets met' : `\n${failed.length} budget(s) missed: ${failed.map((r) => r.metric).join('; ')}`);
process.exitCode = failed.length === 0 ? 0 : 1;
