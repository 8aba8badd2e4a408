// The symbols command with very large listings, through the built CLI against a loopback server that streams the
// records as it makes them: the table works at 200k pairs, and --json streams its output (peak RSS at 100k pairs
// at most 150 MiB).
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {syntheticSymbol} from '../../source/simulator/index.js';
import {runCli} from '../helpers/cli.js';

const PRELOAD = fileURLToPath(new URL('../helpers/peak-rss.mjs', import.meta.url));
const MiB = 1024 * 1024;

describe('symbols at 100k and 200k pairs (built CLI)', () => {
	let server: Server;
	let baseUrl: string;
	let pairs = 0;
	const dir = mkdtempSync(join(tmpdir(), 'loan-tui-big-'));

	beforeAll(async () => {
		server = createServer(async (req, res) => {
			req.resume();
			res.writeHead(200, {'content-type': 'application/json'});
			res.write(`{"code":"00000","msg":"success","requestTime":${Date.now()},"data":[`);
			for (let start = 0; start < pairs; start += 5000) {
				const batch: string[] = [];
				for (let i = start; i < Math.min(pairs, start + 5000); i++) batch.push(JSON.stringify(syntheticSymbol(i)));
				const more = res.write((start === 0 ? '' : ',') + batch.join(','));
				if (!more) await new Promise((resolve) => res.once('drain', resolve));
			}
			res.end(']}');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
		rmSync(dir, {recursive: true, force: true, maxRetries: 20, retryDelay: 100});
	});

	it('prints the table of 200k pairs', async () => {
		pairs = 200_000;
		const result = await runCli(['symbols', '--base-url', baseUrl, '--timeout', '60'], {timeoutMs: 90_000});
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines[0]).toMatch(/^SYMBOL\s+BASE\s+QUOTE/);
		expect(lines.at(-1)).toBe('200000 pairs');
		expect(lines).toHaveLength(200_000 + 3);
		expect(lines[1]).toMatch(/^X0001USDT\s+X0001\s+USDT/);
	}, 120_000);

	it('streams --json: 200k pairs work, and 100k pairs peak at no more than 150 MiB', async () => {
		pairs = 200_000;
		const all = await runCli(['symbols', '--json', '--base-url', baseUrl, '--timeout', '60'], {timeoutMs: 90_000});
		expect(all.code).toBe(0);
		expect(all.stdout.match(/"symbol": /g)).toHaveLength(200_000);
		pairs = 100_000;
		const report = join(dir, 'rss.json');
		const result = await runCli(['symbols', '--json', '--base-url', baseUrl, '--timeout', '60'], {
			timeoutMs: 90_000,
			nodeArgs: ['--import', PRELOAD],
			env: {PEAK_RSS_REPORT: report},
		});
		expect(result.code).toBe(0);
		const records = JSON.parse(result.stdout) as Array<{symbol: string}>;
		expect(records).toHaveLength(100_000);
		expect(records[99_999]!.symbol).toBe(syntheticSymbol(99_999).symbol);
		const {peakRssBytes} = JSON.parse(readFileSync(report, 'utf8')) as {peakRssBytes: number};
		expect(peakRssBytes).toBeGreaterThan(0);
		expect(peakRssBytes).toBeLessThanOrEqual(150 * MiB);
	}, 120_000);
});
