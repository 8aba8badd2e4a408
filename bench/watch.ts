// `loan-tui watch` over 10 loans against the simulator in its own process: the watch's peak RSS, and the CPU it uses
// between reads (every 10 s, the minimum interval, with the price stream open), over BENCH_WATCH_SECONDS (default 60)
// once it is watching. Read from /proc (Linux): user + system ticks of the watch process over the window.
import {readFileSync} from 'node:fs';
import {BitgetClient} from '../source/api/client.js';
import {DEMO_CREDENTIALS} from '../source/simulator/index.js';
import {addLimit} from './report.js';
import {spawnGroup} from './processes.js';
import {DEMO_CREDENTIAL_ENV, SimProcess} from './sim.js';

const LOANS = 10;
const RSS_BUDGET_MIB = 60;
const CPU_BUDGET_PERCENT = 1;
/** Clock ticks a second (Linux's USER_HZ). */
const TICKS = 100;

function cpuTicks(pid: number): number {
	// Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return Number(fields[11]) + Number(fields[12]);
}

function peakRssMiB(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
	return kib / 1024;
}

export async function measureWatch(cli: string, env: NodeJS.ProcessEnv, runs: number): Promise<void> {
	const seconds = Number(process.env.BENCH_WATCH_SECONDS ?? 60);
	const rss: number[] = [];
	const cpu: number[] = [];
	for (let run = 0; run < runs; run++) {
		const sim = await SimProcess.start({demoLoans: true});
		const client = new BitgetClient({baseUrl: sim.url, credentials: DEMO_CREDENTIALS});
		try {
			// The demo's two loans and eight more: ten to watch, each pair on the price stream.
			const coins = ['BTC', 'ETH', 'SOL', 'XRP', 'BNB', 'ADA', 'DOGE', 'LTC'];
			for (const pledgeCoin of coins) await client.borrow({loanCoin: 'USDT', pledgeCoin, daily: 'SEVEN', loanAmount: '100'});
			const watch = spawnGroup(process.execPath, [cli, 'watch', '--interval', '10', '--json', '--base-url', sim.url], {
				env: {...env, ...DEMO_CREDENTIAL_ENV},
				stdio: ['ignore', 'ignore', 'pipe'],
			});
			let stderr = '';
			watch.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
			const deadline = Date.now() + 30_000;
			while (!stderr.includes(`watching ${LOANS} loans`)) {
				if (Date.now() > deadline) throw new Error(`watch did not start: ${stderr}`);
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			const pid = watch.pid!;
			const [ticks0, wall0] = [cpuTicks(pid), performance.now()];
			await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
			const [ticks1, wall1] = [cpuTicks(pid), performance.now()];
			cpu.push(((ticks1 - ticks0) / TICKS / ((wall1 - wall0) / 1000)) * 100);
			rss.push(peakRssMiB(pid));
			watch.killGroup();
			await watch.exited;
		} finally {
			await client.close();
			await sim.close();
		}
	}
	addLimit(`watch: ${LOANS} loans, peak RSS`, 'MiB', rss, RSS_BUDGET_MIB, Math.max(...rss));
	addLimit(`watch: ${LOANS} loans, CPU over ${seconds} s of reads every 10 s and live prices`, '% of a core', cpu, CPU_BUDGET_PERCENT, Math.max(...cpu));
}
