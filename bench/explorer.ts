// The explorer at 1k, 10k and 100k pairs: Enter → usable list, keystroke → updated frame, peak RSS.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startSimulator, BUILT_IN_SYMBOLS} from '../source/simulator/index.js';
import {APP, Pty} from './pty.js';
import {median, percentile} from './stats.js';

export interface ExplorerResult {
	pairs: number;
	listMs: number;
	keyMedianMs: number;
	keyP99Ms: number;
	peakRssMiB: number;
	cachedListMs: number;
}

/** Queries typed one character at a time (then erased), so each keystroke changes the matches. Three rounds
 * give 132 keystrokes: enough for a p99 that is not simply the slowest one. */
const QUERIES = Array.from({length: 3}, () => ['x001', 'usdt', 'x09', 'eth', 'x1234', 'btc']).flat();
const HUMAN_INTERVAL_MS = 120;

export async function measureExplorer(pairs: number): Promise<ExplorerResult> {
	const simulator = await startSimulator({extraSymbols: pairs - BUILT_IN_SYMBOLS.length, rateLimits: false});
	const cache = mkdtempSync(join(tmpdir(), 'loan-tui-bench-cache-'));
	try {
		const open = async () => {
			const pty = new Pty(`${APP} --base-url ${simulator.url}`, {XDG_CACHE_HOME: cache});
			await pty.waitFor((text) => text.includes('? this help'));
			const since = pty.mark();
			const enter = performance.now();
			pty.write('\r');
			const usable = await pty.waitFor((text) => text.includes(`${pairs} of ${pairs} pairs`), since, 60_000);
			return {pty, listMs: usable - enter};
		};
		// First run: nothing cached, the list comes over the wire.
		const {pty, listMs} = await open();
		const keys: number[] = [];
		for (const query of QUERIES) {
			for (let i = 1; i <= query.length; i++) keys.push(await keystroke(pty, query[i - 1]!, `> ${query.slice(0, i)}`));
			for (let i = query.length - 1; i >= 0; i--) keys.push(await keystroke(pty, '\u007F', i === 0 ? `${pairs} of ${pairs} pairs` : `> ${query.slice(0, i)}`));
		}
		if (process.env.BENCH_KEYS) console.error(keys.map((k) => k.toFixed(1)).join(" "));
		const peakRssMiB = pty.peakRssMiB();
		await pty.quit();
		// Second run: the list from the disk cache, refreshed in the background.
		const second = await open();
		await second.pty.quit();
		return {pairs, listMs, keyMedianMs: median(keys), keyP99Ms: percentile(keys, 99), peakRssMiB, cachedListMs: second.listMs};
	} finally {
		await simulator.close();
		rmSync(cache, {recursive: true, force: true});
	}
}

async function keystroke(pty: Pty, key: string, expect: string): Promise<number> {
	await new Promise((resolve) => setTimeout(resolve, HUMAN_INTERVAL_MS));
	const since = pty.mark();
	const sent = performance.now();
	pty.write(key);
	const shown = await pty.waitFor((text) => text.includes(expect), since);
	return shown - sent;
}
