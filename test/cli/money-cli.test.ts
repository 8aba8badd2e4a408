// The money path and hostile answers through the built CLI: an interrupted borrow, what counts as refused or
// unknown, secrets echoed back, escape sequences in every stream, input refused before sending.
import {networkInterfaces} from 'node:os';
import {describe, expect, it} from 'vitest';
import {startSimulator} from '../../source/simulator/index.js';
import {runCli, spawnCli} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {untilReal} from '../helpers/clock.js';

// The reconciliation after an unknown outcome reads once: these tests are about what counts as refused or unknown.
const env = {...TEST_CREDENTIAL_ENV, LOAN_TUI_RECONCILE_SECONDS: '0'};
const borrowArgs = ['borrow', '--loan-coin', 'usdt', '--pledge-coin', 'btc', '--daily', '7', '--pledge-amount', '0.50', '--yes'];
const estimateArgs = ['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1'];
const envelope = (code: string, msg: string, data: unknown = null) => JSON.stringify({code, msg, requestTime: Date.now(), data});

describe('an interrupted borrow (built CLI)', () => {
	const sim = useSimulator();

	it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('%s while the POST is out: outcome unknown with the values sent, exit 3, one POST', async (signal) => {
		sim.simulator.injectFault({kind: 'stall', operation: 'borrow'});
		const {child, result} = spawnCli([...borrowArgs, '--base-url', sim.simulator.url], {env, timeoutMs: 25_000});
		await untilReal(() => sim.posts().length === 1, 'the POST at the server');
		child.kill(signal);
		// Ended by the signal, at once: the borrow is stalled for good, and the run ends by itself (an exit code, not the
		// hard kill) saying the signal interrupted it, not its 15 s deadline.
		const run = await result;
		expect(run.signal).toBeNull();
		expect(run.code).toBe(3);
		expect(run.stderr).not.toContain('no answer within');
		expect(run.stdout).toBe('');
		expect(run.stderr).toContain('OUTCOME UNKNOWN');
		expect(run.stderr).toContain(`interrupted by ${signal}`);
		expect(run.stderr).toContain('Sent: borrow loanCoin=USDT pledgeCoin=BTC daily=SEVEN pledgeAmount=0.5');
		expect(run.stderr).not.toMatch(/\n\s+at /);
		expect(sim.posts()).toHaveLength(1);
	});

	it('--json: the error object with exitCode 3 and the values sent', async () => {
		sim.simulator.injectFault({kind: 'stall', operation: 'borrow'});
		const {child, result} = spawnCli([...borrowArgs, '--json', '--base-url', sim.simulator.url], {env});
		await untilReal(() => sim.posts().length === 1, 'the POST at the server');
		child.kill('SIGINT');
		const run = await result;
		expect(run.code).toBe(3);
		expect(JSON.parse(run.stderr)).toEqual({
			error: expect.objectContaining({
				kind: 'outcome-unknown',
				exitCode: 3,
				operation: 'borrow',
				sent: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'},
			}),
		});
		expect(sim.posts()).toHaveLength(1);
	});
});

describe('refused or unknown (built CLI)', () => {
	const sim = useSimulator();

	it('a success code on HTTP 409 is unknown (exit 3) and names the order', async () => {
		sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status: 409, body: envelope('00000', 'success', {orderId: '1130000000000000777'})});
		const human = await runCli([...borrowArgs, '--base-url', sim.simulator.url], {env});
		expect(human.code).toBe(3);
		expect(human.stderr).toContain('the server said order 1130000000000000777 was created, but answered HTTP 409');
		expect(human.stderr).not.toContain('nothing was');
		sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status: 409, body: envelope('00000', 'success', {orderId: '1130000000000000777'})});
		const json = await runCli([...borrowArgs, '--json', '--base-url', sim.simulator.url], {env});
		expect(JSON.parse(json.stderr).error).toMatchObject({kind: 'outcome-unknown', orderId: '1130000000000000777', exitCode: 3});
		expect(sim.posts()).toHaveLength(2);
	});

	it('a refusal code on a 3xx or 5xx is unknown (exit 3); a 40008 on HTTP 500 is not resent', async () => {
		for (const [status, code] of [
			[302, '40034'],
			[500, '40008'],
			[503, '43012'],
		] as const) {
			sim.simulator.reset();
			sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status, body: envelope(code, 'refused?'), times: Number.POSITIVE_INFINITY});
			const result = await runCli([...borrowArgs, '--base-url', sim.simulator.url], {env});
			expect(result.code, `${status} ${code}`).toBe(3);
			expect(result.stderr).toContain('OUTCOME UNKNOWN');
			expect(sim.posts()).toHaveLength(1);
		}
	});
});

describe('hostile answers (built CLI)', () => {
	const sim = useSimulator();
	const {apiKey, secretKey, passphrase} = TEST_CREDENTIALS;

	it('a message echoing the credentials is redacted in text, --json and --debug', async () => {
		const echo = envelope('40012', `apikey/password is incorrect: ${apiKey} / ${passphrase} / ${secretKey}`);
		for (const extra of [[], ['--json'], ['--debug'], ['--json', '--debug']]) {
			sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status: 400, body: echo});
			const result = await runCli([...borrowArgs, ...extra, '--base-url', sim.simulator.url], {env});
			expect(result.code).toBe(1);
			expect(result.stderr).toContain('40012');
			expect(result.stderr).toContain('[redacted]');
			for (const secret of [apiKey, secretKey, passphrase]) expect(result.stdout + result.stderr).not.toContain(secret);
		}
	});

	it('--debug prints server text inert (no OSC 52, ESC[2J, BEL, bidi override)', async () => {
		const hostile = envelope('40034', 'Parameter \u001B]52;c;cHduZWQ=\u0007\u001B[2J\u009B31m\u202Eevil does not exist');
		sim.simulator.injectFault({kind: 'raw', operation: 'symbols', status: 400, body: hostile});
		const result = await runCli(['symbols', '--debug', '--base-url', sim.simulator.url]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('debug: GET');
		expect(result.stderr).toContain('evil');
		for (const raw of ['\u001B', '\u0007', '\u009B', '\u202E']) expect(result.stderr).not.toContain(raw);
	});

	it('--json writes C1 controls and bidi overrides as \\u escapes', async () => {
		const record = {symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', status: 'online', note: 'a\u009B31mb\u202Ec\u2066d\u007Fe'};
		sim.simulator.injectFault({kind: 'raw', operation: 'symbols', status: 200, body: envelope('00000', 'success', [record])});
		const result = await runCli(['symbols', '--json', '--base-url', sim.simulator.url]);
		expect(result.code).toBe(0);
		for (const raw of ['\u009B', '\u202E', '\u2066', '\u007F']) expect(result.stdout).not.toContain(raw);
		expect(result.stdout).toContain('a\\u009b31mb\\u202ec\\u2066d\\u007fe');
		expect(JSON.parse(result.stdout)).toEqual([record]);
	});

	it('one odd record does not lose the list: a warning on stderr, exit 0, --json has the valid records', async () => {
		const good = (base: string) => ({symbol: `${base}USDT`, baseCoin: base, quoteCoin: 'USDT', status: 'online', minTradeUSDT: '1'});
		const odd = {...good('SOL'), minTradeUSDT: ''};
		const body = envelope('00000', 'success', [good('BTC'), odd, good('ETH')]);
		sim.simulator.injectFault({kind: 'raw', operation: 'symbols', status: 200, body});
		const table = await runCli(['symbols', '--base-url', sim.simulator.url]);
		expect(table.code).toBe(0);
		expect(table.stdout).toMatch(/BTCUSDT/);
		expect(table.stdout).toMatch(/ETHUSDT/);
		expect(table.stdout).not.toMatch(/SOLUSDT/);
		expect(table.stdout).toContain('2 pairs');
		expect(table.stderr).toContain('1 unreadable record left out');
		expect(table.stderr).toContain('data.1.minTradeUSDT');
		sim.simulator.injectFault({kind: 'raw', operation: 'symbols', status: 200, body});
		const json = await runCli(['symbols', '--json', '--base-url', sim.simulator.url]);
		expect(json.code).toBe(0);
		expect(JSON.parse(json.stdout)).toEqual([good('BTC'), good('ETH')]);
		expect(json.stderr).toContain('1 unreadable record left out');
	});

	it('an estimate in exponent form is read as a decimal', async () => {
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'estimate',
			status: 200,
			body: envelope('00000', 'success', {hourInterest: '1E-8', loanAmount: '216.2654'}),
		});
		const result = await runCli([...estimateArgs, '--json', '--base-url', sim.simulator.url]);
		expect(result.code).toBe(0);
		expect(JSON.parse(result.stdout)).toEqual({hourInterest: '0.00000001', loanAmount: '216.2654'});
	});
});

describe('input refused before sending (built CLI)', () => {
	const sim = useSimulator();

	it('the same loan and pledge coin: exit 2, nothing sent, for borrow and estimate', async () => {
		const borrow = await runCli(
			['borrow', '--loan-coin', 'BTC', '--pledge-coin', 'btc', '--daily', '7', '--pledge-amount', '1', '--yes', '--base-url', sim.simulator.url],
			{env},
		);
		const estimate = await runCli([
			'estimate',
			'--loan-coin',
			'usdt',
			'--pledge-coin',
			'USDT',
			'--daily',
			'7',
			'--pledge-amount',
			'1',
			'--base-url',
			sim.simulator.url,
		]);
		for (const result of [borrow, estimate]) {
			expect(result.code).toBe(2);
			expect(result.stderr).toContain('--loan-coin and --pledge-coin are both');
		}
		expect(sim.simulator.requests).toEqual([]);
	});

	it('coins that only become ASCII when upper-cased (ﬁl, ß) are refused: exit 2, nothing sent', async () => {
		for (const coin of ['ﬁl', 'ß', 'usdť']) {
			const borrow = await runCli(
				['borrow', '--loan-coin', coin, '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1', '--yes', '--base-url', sim.simulator.url],
				{env},
			);
			expect(borrow.code, coin).toBe(2);
			expect(borrow.stderr).toContain('ASCII letters or digits');
			const estimate = await runCli([
				'estimate',
				'--loan-coin',
				'USDT',
				'--pledge-coin',
				coin,
				'--daily',
				'7',
				'--pledge-amount',
				'1',
				'--base-url',
				sim.simulator.url,
			]);
			expect(estimate.code, coin).toBe(2);
		}
		expect(sim.simulator.requests).toEqual([]);
	});
});

const outside = Object.values(networkInterfaces())
	.flat()
	.find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe.skipIf(!outside)('credentials over plain http (built CLI)', () => {
	it('a borrow to a plain-http host that is not loopback exits 2 with nothing sent, unless --allow-insecure-http', async () => {
		const simulator = await startSimulator({host: '0.0.0.0', accounts: [TEST_CREDENTIALS]});
		try {
			const baseUrl = `http://${outside}:${simulator.port}`;
			const refused = await runCli([...borrowArgs, '--base-url', baseUrl], {env});
			expect(refused.code).toBe(2);
			expect(refused.stderr).toContain('refusing to send credentials over plain HTTP');
			expect(refused.stderr).toContain('--allow-insecure-http');
			expect(simulator.requests).toEqual([]);
			const allowed = await runCli([...borrowArgs, '--allow-insecure-http', '--base-url', baseUrl], {env});
			expect(allowed.code).toBe(0);
			expect(simulator.orders).toHaveLength(1);
		} finally {
			await simulator.close();
		}
	});
});
