// A hostile server that echoes the request's headers in `msg` when it refuses: the signature (ACCESS-SIGN), the API
// key and the passphrase it echoes appear nowhere — not on stdout or stderr, not in --json or --debug output, not in
// any file the CLI wrote under its HOME (the record of the refused borrow included). api/redact.ts redacts them.
import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {cliSandbox, type CliSandbox} from '../helpers/cli-sandbox.js';

const credentials = {apiKey: 'bg_echo_key_5a1f', secretKey: 'echo-secret-77c2', passphrase: 'echo-pass-31d9'};
const env = {BITGET_API_KEY: credentials.apiKey, BITGET_SECRET_KEY: credentials.secretKey, BITGET_PASSPHRASE: credentials.passphrase};

type Echo = (req: IncomingMessage) => string;
const header = (req: IncomingMessage, name: string) => String(req.headers[name] ?? '');
/** Ways a server or proxy prints the headers it received. */
const ECHOES: Record<string, Echo> = {
	'header lines': (req) =>
		`refused; request was:\nACCESS-KEY: ${header(req, 'access-key')}\nACCESS-SIGN: ${header(req, 'access-sign')}\nACCESS-PASSPHRASE: ${header(req, 'access-passphrase')}\nACCESS-TIMESTAMP: ${header(req, 'access-timestamp')}`,
	'JSON of the headers': (req) => `Parameter verification failed ${JSON.stringify(req.headers)}`,
	'JSON escaped twice': (req) =>
		`bad request ${JSON.stringify(JSON.stringify({'ACCESS-SIGN': header(req, 'access-sign'), 'ACCESS-KEY': header(req, 'access-key')}))}`,
	'a query string': (req) =>
		`rejected access_sign=${header(req, 'access-sign')}&access_key=${header(req, 'access-key')}&access_passphrase=${header(req, 'access-passphrase')}`,
	'the bare signature': (req) => `sign signature error: expected something else than ${header(req, 'access-sign')}`,
};

describe('a server that echoes the request headers in msg', () => {
	let server: Server;
	let base: string[];
	let sandbox: CliSandbox;
	let echo: Echo = ECHOES['header lines']!;
	const signatures = new Set<string>();
	beforeAll(async () => {
		sandbox = cliSandbox();
		server = createServer((req, res) => {
			const signature = header(req, 'access-sign');
			if (signature) signatures.add(signature);
			req.resume();
			req.on('end', () => {
				// The coin list answers (a borrow is not sent without one), so the borrow reaches the echo.
				if ((req.url ?? '').startsWith('/api/v2/earn/loan/public/coinInfos')) {
					const data = {
						loanInfos: [{coin: 'USDT', hourRate7D: '0.00000617', min: '10', max: '1000000'}],
						pledgeInfos: [{coin: 'BTC', initRate: '0.7', supRate: '0.8', forceRate: '0.9'}],
					};
					res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({code: '00000', msg: 'success', requestTime: Date.now(), data}));
					return;
				}
				// The account's mode: a classic account (40084, echoing too), so the borrows go on to be refused and recorded.
				const mode = (req.url ?? '').startsWith('/api/v3/account/settings');
				// Unsigned lookups (the estimate) carry no credential headers; they are refused too.
				const body = JSON.stringify({code: mode ? '40084' : '40020', msg: echo(req), requestTime: Date.now(), data: null});
				res.writeHead(400, {'content-type': 'application/json'}).end(body);
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		base = ['--base-url', `http://127.0.0.1:${(server.address() as AddressInfo).port}`];
	});
	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
		sandbox?.remove();
	});

	const borrow = ['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '0.1', '--yes'];

	it.each(Object.keys(ECHOES))('echoed as %s: the refusal is shown, the credentials and the signature are not', async (style) => {
		echo = ECHOES[style]!;
		const before = signatures.size;
		const runs = [
			await sandbox.run([...borrow, '--debug', ...base], {env}),
			await sandbox.run([...borrow, '--json', '--debug', ...base], {env}),
			await sandbox.run(['loans', '--debug', ...base], {env}),
			await sandbox.run(['loans', '--json', ...base], {env}),
			await sandbox.run(['history', 'liquidations', '--json', '--debug', ...base], {env}),
		];
		for (const run of runs) {
			expect(run.code).toBe(1);
			expect(run.stderr).toContain('40020');
			expect(run.stderr).not.toMatch(/\n\s+at /);
		}
		// The echo reached the output, redacted.
		expect(runs.map((run) => run.stderr).join('\n')).toContain('[redacted]');
		expect(signatures.size).toBeGreaterThan(before);
	});

	it('leaves no signature, key or passphrase in any output or any file under HOME', () => {
		expect(signatures.size).toBeGreaterThanOrEqual(Object.keys(ECHOES).length * 3);
		const secrets = [...signatures, credentials.apiKey, credentials.secretKey, credentials.passphrase];
		const outputs = sandbox.outputs.map((run) => `${run.stdout}\n${run.stderr}`).join('\n');
		for (const secret of secrets) expect(outputs.includes(secret), `output holds ${secret}`).toBe(false);
		const files = sandbox.files();
		// The refused borrows were recorded (so the scan covers the records of what was sent).
		expect([...files.keys()].some((path) => path.includes('loan-tui'))).toBe(true);
		for (const [path, bytes] of files) {
			const text = bytes.toString('utf8');
			for (const secret of secrets) expect(text.includes(secret), `${path} holds ${secret}`).toBe(false);
		}
	});
});
