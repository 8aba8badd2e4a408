import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {BitgetClient} from '../../source/api/client.js';
import {canonicalQuery, prehash, sign} from '../../source/api/sign.js';
import {startSimulator, type Simulator} from '../../source/simulator/index.js';
import {opensslSign} from '../helpers/openssl.js';

const credentials = {apiKey: 'test-key', secretKey: 'test-secret', passphrase: 'test-pass'};

describe('signing', () => {
	it('matches the reference vectors', () => {
		const vectors = [
			[
				'1700000000000GET/api/v2/earn/loan/public/hour-interest?daily=SEVEN&loanCoin=USDT&pledgeAmount=0.2&pledgeCoin=ETH',
				'agyZK/wo/9ak/On809BYrTRuOGmxn0v8ewJvJl+DMPI=',
			],
			[
				'1700000000000POST/api/v2/earn/loan/borrow{"loanCoin":"ETH","pledgeCoin":"USDT","daily":"SEVEN","loanAmount":"0.01"}',
				'OusDWtZ7aUrAwn7q+hQIfnZDE9lnQQVjAHcQRbPHDIM=',
			],
			['1700000000000GET/api/v2/spot/public/symbols', 'C3pcugJ38inLP6Yl/eFcQnDEr2oX6pHhCcYiLkjKgnI='],
		] as const;
		for (const [message, expected] of vectors) expect(sign('test-secret', message)).toBe(expected);
	});

	it('builds the prehash with "?" only when there is a query, keys sorted', () => {
		const query = canonicalQuery({pledgeCoin: 'ETH', daily: 'SEVEN', loanCoin: 'USDT', pledgeAmount: '0.2'});
		expect(query).toBe('daily=SEVEN&loanCoin=USDT&pledgeAmount=0.2&pledgeCoin=ETH');
		expect(prehash('1', 'get', '/p', query, '')).toBe(`1GET/p?${query}`);
		expect(prehash('1', 'GET', '/p', '', '')).toBe('1GET/p');
	});

	it('agrees with openssl for a GET with a query and a POST with a body', () => {
		const get = prehash('1712345678901', 'GET', '/api/v2/earn/loan/public/hour-interest', 'daily=THIRTY&loanCoin=BTC&pledgeAmount=12.5&pledgeCoin=USDT', '');
		const post = prehash('1712345678901', 'POST', '/api/v2/earn/loan/borrow', '', '{"loanCoin":"USDT","pledgeCoin":"BTC","daily":"SEVEN","pledgeAmount":"1"}');
		expect(sign('k3y-with-ünïcode', get)).toBe(opensslSign('k3y-with-ünïcode', get));
		expect(sign('another-secret', post)).toBe(opensslSign('another-secret', post));
	});
});

describe('what the client sends is what it signed', () => {
	let simulator: Simulator;
	let client: BitgetClient;
	beforeAll(async () => {
		simulator = await startSimulator({accounts: [credentials]});
		client = new BitgetClient({baseUrl: simulator.url, credentials});
	});
	afterAll(async () => {
		await client.close();
		await simulator.close();
	});

	it('sends the canonical query of an estimate, unsigned, and signs the exact body bytes of a borrow', async () => {
		await client.estimate({loanCoin: 'usdt', pledgeCoin: ' eth ', daily: 'SEVEN', pledgeAmount: '000.20'});
		await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', pledgeAmount: '0.5'});
		const estimate = simulator.requests.find((request) => request.operation === 'estimate');
		const borrow = simulator.requests.find((request) => request.operation === 'borrow');
		expect(estimate!.query).toBe('daily=SEVEN&loanCoin=USDT&pledgeAmount=0.2&pledgeCoin=ETH');
		// A public path: no credential headers even though the client holds credentials (reference B.2).
		expect(Object.keys(estimate!.headers).filter((name) => name.startsWith('access-'))).toEqual([]);
		expect(borrow!.body).toBe('{"loanCoin":"USDT","pledgeCoin":"BTC","daily":"THIRTY","pledgeAmount":"0.5"}');
		// The account's mode, asked before the first signed loan request, is signed the same way.
		const settings = simulator.requests.find((request) => request.operation === 'accountSettings');
		for (const request of [borrow!, settings!]) {
			const message = request.headers['access-timestamp']! + request.method + request.path + (request.query ? `?${request.query}` : '') + request.body;
			expect(request.headers['access-sign']).toBe(opensslSign(credentials.secretKey, message));
			expect(request.headers['access-key']).toBe(credentials.apiKey);
			expect(request.headers['access-passphrase']).toBe(credentials.passphrase);
			expect(request.headers['content-type']).toBe('application/json');
			expect(request.headers.locale).toBe('en-US');
			expect(request.status).toBe(200);
		}
	});

	it('sends symbols and an unsigned estimate without credential headers', async () => {
		simulator.reset();
		const anonymous = new BitgetClient({baseUrl: simulator.url, locale: 'zh-CN'});
		await anonymous.symbols('BTCUSDT');
		await anonymous.estimate({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'FLEXIBLE', pledgeAmount: '1'});
		await client.symbols('ETHUSDT');
		await anonymous.close();
		for (const request of simulator.requests) {
			expect(Object.keys(request.headers).filter((name) => name.startsWith('access-'))).toEqual([]);
		}
		expect(simulator.requests[0]!.headers.locale).toBe('zh-CN');
	});
});
