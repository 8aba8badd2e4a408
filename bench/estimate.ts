// The estimate screen against the simulator in its own process: requests sent while an amount is typed at a
// person's speed or pasted, and the TCP connections of each round (three periods at once) and of the next ones.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Pty} from './pty.js';
import {add} from './report.js';
import {SimProcess} from './sim.js';

const AMOUNT = '12345.67';
const HUMAN_INTERVAL_MS = 150;
const PERIODS = 3;

export async function measureEstimate(cli: string, env: NodeJS.ProcessEnv, runs: number): Promise<void> {
	const sim = await SimProcess.start({rateLimits: false});
	const cache = mkdtempSync(join(tmpdir(), 'loan-tui-bench-estimate-'));
	const human: number[] = [];
	const pasted: number[] = [];
	const firstRound: number[] = [];
	const nextRounds: number[] = [];
	try {
		for (let i = 0; i < runs; i++) {
			for (const interval of [HUMAN_INTERVAL_MS, 0]) {
				// A fresh config directory per session: remembered inputs from the last one would be typed after.
				const config = mkdtempSync(join(tmpdir(), 'loan-tui-bench-config-'));
				const result = await session(sim, cli, {...env, XDG_CACHE_HOME: cache, XDG_CONFIG_HOME: config}, interval).finally(() =>
					rmSync(config, {recursive: true, force: true}),
				);
				(interval === 0 ? pasted : human).push(result.amountRequests);
				firstRound.push(result.firstRoundConnections);
				nextRounds.push(result.nextRoundsConnections);
			}
		}
		add({
			metric: `estimate: requests while 8 chars are typed at ${HUMAN_INTERVAL_MS} ms/key (3 periods)`,
			unit: 'requests',
			samples: human,
			budget: '≤ 2 per period',
			pass: Math.max(...human) <= 2 * PERIODS,
		});
		add({
			metric: 'estimate: requests when 8 chars are pasted (3 periods)',
			unit: 'requests',
			samples: pasted,
			budget: '≤ 1 per period',
			pass: Math.max(...pasted) <= PERIODS,
		});
		add({
			metric: 'estimate: new connections, first round (3 periods at once)',
			unit: 'connections',
			samples: firstRound,
			budget: '≤ 1 per period',
			pass: Math.max(...firstRound) <= PERIODS,
		});
		// Issue #14's words: a round uses at most one connection per period, and keeps them for the next round. Three
		// requests at once open a second or third connection only when the first ones are still busy, so a later
		// round may add the one the first did not need; a connection lost between rounds would be opened again and
		// take the session past one per period.
		add({metric: 'estimate: new connections, the next two rounds', unit: 'connections', samples: nextRounds});
		const sessions = firstRound.map((first, i) => first + nextRounds[i]!);
		add({
			metric: 'estimate: new connections, all three rounds of a session',
			unit: 'connections',
			samples: sessions,
			budget: '≤ 1 per period (kept alive)',
			pass: Math.max(...sessions) <= PERIODS,
		});
	} finally {
		await sim.close();
		rmSync(cache, {recursive: true, force: true});
	}
}

async function session(sim: SimProcess, cli: string, env: NodeJS.ProcessEnv, intervalMs: number) {
	await sim.reset();
	const pty = new Pty([process.execPath, cli, '--base-url', sim.url], env);
	try {
		await pty.waitFor((text) => text.includes('? this help'));
		// The menu's number key: ↓ then Enter soon after start (the frame showing Estimate selected) opened Symbols
		// in 2 of 3 tries against a live simulator; reported to the app's owners.
		await pty.press('2', (text) => text.includes('Loan coin'));
		// Each step waits for the screen to show it was taken.
		await pty.press('USDT', (text) => text.includes('Loan coin     USDT'), {tries: 1});
		await pty.press('\r', (text) => text.includes('› Pledge coin'), {tries: 1});
		await pty.press('BTC', (text) => /Pledge coin\s+BTC/.test(text), {tries: 1});
		await pty.press('\r', (text) => text.includes('› Period'), {tries: 1});
		await pty.press('\r', (text) => text.includes('› Pledge amount'), {tries: 1});
		const before = await sim.stats();
		let since = pty.mark();
		if (intervalMs === 0) pty.write(AMOUNT);
		else {
			for (const char of AMOUNT) {
				pty.write(char);
				await new Promise((resolve) => setTimeout(resolve, intervalMs));
			}
		}
		await round(pty, sim, since, AMOUNT, 1);
		const afterFirst = await sim.stats();
		const amountRequests = estimates(afterFirst) - estimates(before);
		// Two more rounds: one character erased, then typed again.
		for (const [index, [key, amount]] of [
			['\u007F', AMOUNT.slice(0, -1)],
			['7', AMOUNT],
		].entries()) {
			since = pty.mark();
			pty.write(key!);
			await round(pty, sim, since, amount!, index + 2, estimates(afterFirst) + (index + 1) * PERIODS);
		}
		const afterAll = await sim.stats();
		return {
			amountRequests,
			firstRoundConnections: afterFirst.connections - before.connections,
			nextRoundsConnections: afterAll.connections - afterFirst.connections,
		};
	} finally {
		await pty.quit();
	}
}

const estimates = (stats: {requests: Array<{operation: string}>}) => stats.requests.filter((request) => request.operation === 'estimate').length;

/** Waits until the table for `amount` is on the screen, not marked as updating, and the simulator has answered. */
async function round(pty: Pty, sim: SimProcess, since: number, amount: string, _index: number, atLeast = 0): Promise<void> {
	await pty.waitFor((text) => {
		const at = text.lastIndexOf(`Estimate: pledge ${amount} BTC`);
		if (at < 0) return false;
		const after = text.slice(at);
		return /Annualised rate\s+\d/.test(after) && !/updating/.test(after.split('\n')[0] ?? '');
	}, since);
	for (let tries = 0; tries < 100 && estimates(await sim.stats()) < atLeast; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
}
