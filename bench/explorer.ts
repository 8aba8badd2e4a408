// The explorer at 10k and 100k pairs, the simulator in its own process: Enter → usable list beside a raw fetch +
// decode + JSON.parse of the same body (paired run by run), keystroke → frame, the app's peak RSS, and second
// starts from the disk cache, with the network at loopback speed and delayed 5 s.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {BUILT_IN_SYMBOLS} from '../source/simulator/symbols.js';
import {timeCommand} from './processes.js';
import {Pty} from './pty.js';
import {add, addLimit, addRatio} from './report.js';
import {SimProcess} from './sim.js';
import {percentile} from './stats.js';

/** Queries typed one character at a time (then erased), so each keystroke changes the matches. Three rounds
 * give 132 keystrokes: enough for a p99 that is not simply the slowest one. Each round's queries are its own: the
 * explorer keeps recent results (screens/symbols/recent-filters.ts), and a round typed again would find them. */
const QUERIES = [
	['x001', 'usdt', 'x09', 'eth', 'x1234', 'btc'],
	['x002', 'usdc', 'x08', 'sol', 'x2345', 'bgb'],
	['x003', 'btcu', 'x07', 'xrp', 'x3456', 'ada'],
].flat();
/** A person's typing cadence; each key is sent only once the previous one's frame is on the screen. */
const HUMAN_INTERVAL_MS = 120;
const NETWORK_DELAY_MS = 5000;

const label = (pairs: number) => `explorer ${pairs / 1000}k`;

export async function measureExplorer(pairs: number, cli: string, rawFetch: string, env: NodeJS.ProcessEnv, runs: number): Promise<void> {
	const sim = await SimProcess.start({extraSymbols: pairs - BUILT_IN_SYMBOLS.length, rateLimits: false});
	const caches: string[] = [];
	const newCache = () => {
		const cache = mkdtempSync(join(tmpdir(), 'loan-tui-bench-cache-'));
		caches.push(cache);
		return cache;
	};
	const full = `${pairs} of ${pairs} pairs`;
	const open = async (cache: string) => {
		const pty = new Pty([process.execPath, cli, '--base-url', sim.url], {...env, XDG_CACHE_HOME: cache});
		try {
			await pty.waitFor((text) => text.includes('? this help'));
			const since = pty.mark();
			// The menu's key for the explorer, timed from the press the app took (one it missed is sent again).
			const {sent: enter} = await pty.press('1', (text) => text.includes('pairs'));
			const usable = await pty.waitFor((text) => text.includes(full), since, 60_000);
			return {pty, listMs: usable - enter, usableAt: Date.now()};
		} catch (error) {
			pty.kill();
			throw error;
		}
	};
	const raw: number[] = [];
	const first: number[] = [];
	const second: number[] = [];
	const rss: number[] = [];
	const keys: number[] = [];
	try {
		for (let i = -1; i < runs; i++) {
			const rawRun = JSON.parse((await timeCommand(process.execPath, [rawFetch, sim.url], env)).stdout) as {ms: number; pairs: number};
			if (rawRun.pairs !== pairs) throw new Error(`raw fetch got ${rawRun.pairs} pairs`);
			const cache = newCache();
			// First start: nothing cached, the list comes over the wire.
			const start = await open(cache);
			if (i === runs - 1 && pairs >= 10_000) keys.push(...(await typeQueries(start.pty, full)));
			const firstRss = start.pty.peakRssMiB();
			await start.pty.quit();
			// Second start: the list from the disk cache while the network's answer is parsed.
			const again = await open(cache);
			const secondRss = again.pty.peakRssMiB();
			await again.pty.quit();
			if (i < 0) continue;
			raw.push(rawRun.ms);
			first.push(start.listMs);
			second.push(again.listMs);
			rss.push(Math.max(firstRss, secondRss));
		}
		// Second start with the network delayed: the cached list must be usable before the answer arrives.
		const delayed: number[] = [];
		let beforeAnswer = true;
		for (let i = 0; i < Math.min(runs, 3); i++) {
			await sim.stallSymbols(NETWORK_DELAY_MS);
			const cache = caches[caches.length - 1 - i]!;
			const start = await open(cache);
			const stats = await sim.stats();
			const asked = stats.requests.filter((request) => request.operation === 'symbols').at(-1);
			if (!asked || start.usableAt >= asked.at + NETWORK_DELAY_MS) beforeAnswer = false;
			delayed.push(start.listMs);
			await start.pty.quit();
			await sim.clearFaults();
		}
		const rawFigure = add({metric: `${label(pairs)}: raw fetch + decode + JSON.parse (same body)`, unit: 'ms', samples: raw});
		addRatio(`${label(pairs)}: key → usable list, first start`, first, rawFigure, pairs >= 100_000 ? 1.2 : undefined, 'raw fetch + parse');
		addRatio(`${label(pairs)}: second start (cache + network at loopback speed)`, second, rawFigure, pairs >= 100_000 ? 1.2 : undefined, 'raw fetch + parse');
		add({
			metric: `${label(pairs)}: second start, network delayed ${NETWORK_DELAY_MS / 1000} s`,
			unit: 'ms',
			samples: delayed,
			budget: `usable before the network answers`,
			pass: beforeAnswer && Math.max(...delayed) < NETWORK_DELAY_MS,
		});
		if (keys.length > 0) {
			const keyBudget = pairs >= 100_000 ? 33 : 16;
			add({metric: `${label(pairs)}: keystroke → frame (${keys.length} keys)`, unit: 'ms', samples: keys});
			addLimit(`${label(pairs)}: keystroke → frame, p99`, 'ms', [percentile(keys, 99)], keyBudget);
		}
		addLimit(`${label(pairs)}: app peak RSS (first and second start)`, 'MiB', rss, pairs >= 100_000 ? 150 : undefined, Math.max(...rss));
	} finally {
		await sim.close();
		for (const cache of caches) rmSync(cache, {recursive: true, force: true});
	}
}

async function typeQueries(pty: Pty, full: string): Promise<number[]> {
	const keys: number[] = [];
	for (const query of QUERIES) {
		for (let i = 1; i <= query.length; i++) keys.push(await keystroke(pty, query[i - 1]!, `> ${query.slice(0, i)}`));
		for (let i = query.length - 1; i >= 0; i--) keys.push(await keystroke(pty, '\u007F', i === 0 ? full : `> ${query.slice(0, i)}`));
	}
	return keys;
}

async function keystroke(pty: Pty, key: string, expect: string): Promise<number> {
	await new Promise((resolve) => setTimeout(resolve, HUMAN_INTERVAL_MS));
	const since = pty.mark();
	const sent = performance.now();
	pty.write(key);
	const shown = await pty.waitFor((text) => text.includes(expect), since);
	return shown - sent;
}
