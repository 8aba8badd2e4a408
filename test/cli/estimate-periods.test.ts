// estimate --all keeps every period it got when one is refused, and names the refused one with the server's code
// and msg (exit 0 while at least one period was estimated); the APR of a tiny estimate follows the app's rule
// (format/apr.ts): the official rate, marked, never the rounding noise of the derived one.
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Period} from '../../source/api/types.js';
import {estimateFor, startSimulator} from '../../source/simulator/index.js';
import {runCli} from '../helpers/cli.js';
import {useSimulator} from '../helpers/simulator.js';

describe('estimate --all with a period refused', () => {
	let server: Server;
	let baseUrl = '';
	let refused = new Set<string>(['FLEXIBLE']);
	// The public coin list (read first, to check the coins) as the simulator sends it.
	let coinList = '';
	beforeAll(async () => {
		const simulator = await startSimulator();
		coinList = await (await fetch(`${simulator.url}/api/v2/earn/loan/public/coinInfos`)).text();
		await simulator.close();
		// Answers SEVEN and THIRTY like the simulator, and refuses the periods in `refused` as Bitget refuses a period
		// it does not offer for a coin.
		server = createServer((req, res) => {
			const url = new URL(req.url ?? '/', 'http://x');
			const query = url.searchParams;
			const daily = query.get('daily') ?? '';
			req.resume();
			if (url.pathname.endsWith('/coinInfos')) return res.writeHead(200, {'content-type': 'application/json'}).end(coinList);
			const body = refused.has(daily)
				? {code: '40020', msg: 'Parameter daily error', requestTime: Date.now(), data: null}
				: {
						code: '00000',
						msg: 'success',
						requestTime: Date.now(),
						data: estimateFor(query.get('loanCoin')!, query.get('pledgeCoin')!, daily as Period, query.get('pledgeAmount')!),
					};
			res.writeHead(refused.has(daily) ? 400 : 200, {'content-type': 'application/json'}).end(JSON.stringify(body));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
	});
	const args = (...more: string[]) => ['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'ETH', '--pledge-amount', '0.2', ...more, '--base-url', baseUrl];

	it('shows the periods it got, names the refused one with code and msg, exits 0', async () => {
		refused = new Set(['FLEXIBLE']);
		const result = await runCli(args('--all'));
		expect(result.code).toBe(0);
		const seven = estimateFor('USDT', 'ETH', 'SEVEN', '0.2');
		expect(result.stdout).toMatch(/^\s+7 days\s+30 days$/m);
		expect(result.stdout).not.toContain('flexible');
		expect(result.stdout).toContain(seven.loanAmount);
		expect(result.stdout).toMatch(/Annualised rate\s+5\.40%\s+5\.61%/);
		expect(result.stderr).toBe('loan-tui: warning: flexible term (FLEXIBLE) not estimated — refused by the server: 40020 Parameter daily error (HTTP 400)\n');
	});

	it('--json: each period it got, and the refused one as its error', async () => {
		refused = new Set(['THIRTY']);
		const result = await runCli(args('--all', '--json'));
		expect(result.code).toBe(0);
		expect(JSON.parse(result.stdout)).toEqual({
			SEVEN: estimateFor('USDT', 'ETH', 'SEVEN', '0.2'),
			THIRTY: {error: {message: 'the server refused the request: 40020 Parameter daily error', code: '40020', msg: 'Parameter daily error', httpStatus: 400}},
			FLEXIBLE: estimateFor('USDT', 'ETH', 'FLEXIBLE', '0.2'),
		});
		expect(result.stderr).toContain('30 days (THIRTY) not estimated — refused by the server: 40020 Parameter daily error');
	});

	it('exits 1 when no period was estimated, and when the one period asked for is refused', async () => {
		refused = new Set(['SEVEN', 'THIRTY', 'FLEXIBLE']);
		const all = await runCli(args('--all'));
		expect(all.code).toBe(1);
		expect(all.stdout).toBe('');
		expect(all.stderr).toMatch(/^loan-tui: the server refused the request: 40020 Parameter daily error\n {2}\S/);
		refused = new Set(['FLEXIBLE']);
		const one = await runCli(args('--daily', 'FLEXIBLE'));
		expect(one.code).toBe(1);
		expect(one.stderr).toContain('40020 Parameter daily error');
		for (const result of [all, one]) expect(result.stderr).not.toMatch(/\n\s+at /);
	});
});

describe('the APR of a tiny estimate', () => {
	const sim = useSimulator();
	const run = (...more: string[]) => runCli(['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', ...more, '--base-url', sim.simulator.url]);
	const coinInfoReads = () => sim.simulator.requests.filter((request) => request.operation === 'coinInfos').length;

	it('is the official rate, marked, where the derived one would be rounding noise', async () => {
		// 0.000001 BTC borrows 0.01876 USDT; its hourly interest rounds to 0.00000012 (two digits): derived, 5.60 %.
		expect(estimateFor('USDT', 'BTC', 'SEVEN', '0.000001')).toEqual({hourInterest: '0.00000012', loanAmount: '0.01876'});
		const one = await run('--daily', '7', '--pledge-amount', '0.000001');
		expect(one.code).toBe(0);
		expect(one.stdout).toMatch(/Annualised rate\s+5\.40% official$/m);
		expect(one.stdout).not.toContain('5.60%');
		const all = await run('--all', '--pledge-amount', '0.000001');
		expect(all.code).toBe(0);
		expect(all.stdout).toMatch(/Annualised rate\s+5\.40% official\s+5\.61% official\s+6\.13% official$/m);
		// One read a run: the list the coin check read gives the official rates too.
		expect(coinInfoReads()).toBe(2);
	});

	it("is the estimate's own rate for an ordinary amount, the coin list read once for the coin check only", async () => {
		const result = await run('--all', '--pledge-amount', '1');
		expect(result.stdout).toMatch(/Annualised rate\s+5\.40%\s+5\.61%\s+6\.13%$/m);
		expect(coinInfoReads()).toBe(1);
	});
});
