// Decompression and size bombs from a hostile server of the test's own, over loopback, against the built CLI:
// reading stops at the operation's cap, stacked encodings are refused, and peak memory stays bounded.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV} from '../helpers/simulator.js';

const PRELOAD = fileURLToPath(new URL('../helpers/peak-rss.mjs', import.meta.url));
const MiB = 1024 * 1024;

/** A gzip body of about 1 MB that inflates to `prefix` plus 1 GiB of `fill`: 1024 gzip members of 1 MiB each. */
function gzipBomb(prefix: string, fill: number): Buffer {
	const member = gzipSync(Buffer.alloc(MiB, fill), {level: 9});
	return Buffer.concat([gzipSync(Buffer.from(prefix)), ...Array.from({length: 1024}, () => member)]);
}

interface Answer {
	status: number;
	encoding: string;
	body: Buffer;
}

describe('compression bombs against the built CLI', () => {
	let server: Server;
	let baseUrl: string;
	const answers = new Map<string, Answer>();
	let posts = 0;
	const dir = mkdtempSync(join(tmpdir(), 'loan-tui-bomb-'));

	beforeAll(async () => {
		server = createServer((req, res) => {
			const path = (req.url ?? '').split('?')[0]!;
			if (req.method === 'POST') posts++;
			req.resume();
			const answer = answers.get(path);
			if (!answer) {
				res.writeHead(404).end();
				return;
			}
			res.writeHead(answer.status, {'content-type': 'application/json', 'content-encoding': answer.encoding, 'content-length': answer.body.length});
			res.end(answer.body);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
		rmSync(dir, {recursive: true, force: true, maxRetries: 20, retryDelay: 100});
	});

	async function run(args: string[], env: Record<string, string> = {}) {
		const report = join(dir, `rss-${Date.now()}.json`);
		const result = await runCli([...args, '--base-url', baseUrl], {
			env: {...TEST_CREDENTIAL_ENV, PEAK_RSS_REPORT: report, ...env},
			nodeArgs: ['--import', PRELOAD],
		});
		const {peakRssBytes} = JSON.parse(readFileSync(report, 'utf8')) as {peakRssBytes: number};
		return {...result, peakRssBytes};
	}

	const estimate = ['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1'];
	const borrow = ['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1', '--yes'];

	it('an estimate bomb stops at 64 KiB: exit 1, a clear message, peak RSS under 200 MiB', async () => {
		answers.set('/api/v2/earn/loan/public/hour-interest', {status: 200, encoding: 'gzip', body: gzipBomb('{"code":"00000","msg":"', 0x41)});
		const result = await run(estimate);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('larger than 64 KiB');
		expect(result.peakRssBytes).toBeGreaterThan(0);
		expect(result.peakRssBytes).toBeLessThan(200 * MiB);
	});

	it('a borrow bomb is an unknown outcome (the request reached the server), posted once, memory bounded', async () => {
		answers.set('/api/v2/earn/loan/borrow', {status: 200, encoding: 'gzip', body: gzipBomb('{"code":"00000","msg":"success","data":{"orderId":"', 0x31)});
		// The coin list the pre-check reads (a borrow is refused without one); nothing bombs there.
		const coinList = {
			loanInfos: [{coin: 'USDT', hourRate7D: '0.00000617', rate7D: '0.054', min: '10', max: '1000000'}],
			pledgeInfos: [{coin: 'BTC', initRate: '0.7', supRate: '0.8', forceRate: '0.9'}],
		};
		answers.set('/api/v2/earn/loan/public/coinInfos', {
			status: 200,
			encoding: 'identity',
			body: Buffer.from(JSON.stringify({code: '00000', msg: 'success', requestTime: Date.now(), data: coinList})),
		});
		posts = 0;
		// This server answers no other loan reads: the check after the unknown outcome reads once (its own tests are in
		// test/cli/money-pipeline-cli.test.ts).
		const result = await run(borrow, {LOAN_TUI_RECONCILE_SECONDS: '0'});
		expect(result.code).toBe(3);
		expect(result.stderr).toContain('OUTCOME UNKNOWN');
		expect(result.stderr).toContain('larger than 64 KiB');
		expect(posts).toBe(1);
		expect(result.peakRssBytes).toBeLessThan(200 * MiB);
	});

	it('a symbol-list bomb stops at its cap (whitespace inside data), and an oversized record at once', async () => {
		answers.set('/api/v2/spot/public/symbols', {
			status: 200,
			encoding: 'gzip',
			body: gzipBomb('{"code":"00000","msg":"success","requestTime":1,"data":[', 0x20),
		});
		const spaces = await run(['symbols', '--json']);
		expect(spaces.code).toBe(1);
		expect(spaces.stderr).toContain('larger than 128 MiB');
		expect(spaces.stdout).toBe('');
		expect(spaces.peakRssBytes).toBeLessThan(200 * MiB);
		answers.set('/api/v2/spot/public/symbols', {
			status: 200,
			encoding: 'gzip',
			body: gzipBomb('{"code":"00000","msg":"success","requestTime":1,"data":[{"symbol":"', 0x41),
		});
		const record = await run(['symbols']);
		expect(record.code).toBe(1);
		expect(record.stderr).toContain('oversized answer: data.0 is larger than');
		expect(record.peakRssBytes).toBeLessThan(200 * MiB);
	});

	it('an unknown content-encoding is refused, even one named like an object property', async () => {
		const body = Buffer.from('{"code":"00000","msg":"success","requestTime":1,"data":{"hourInterest":"1","loanAmount":"2"}}');
		for (const encoding of ['compress', 'constructor', '__proto__']) {
			answers.set('/api/v2/earn/loan/public/hour-interest', {status: 200, encoding, body});
			const result = await run(estimate);
			expect(result.code, encoding).toBe(1);
			expect(result.stderr).toContain(`unsupported content-encoding "${encoding}"`);
		}
	});

	it('stacked content-encodings are refused', async () => {
		const twice = gzipSync(gzipSync(Buffer.from('{"code":"00000","msg":"success","requestTime":1,"data":{"hourInterest":"1","loanAmount":"2"}}')));
		answers.set('/api/v2/earn/loan/public/hour-interest', {status: 200, encoding: 'gzip, gzip', body: twice});
		const result = await run(estimate);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('stacked content-encodings (gzip, gzip)');
	});
});
