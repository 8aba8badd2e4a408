import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {DEMO_CREDENTIALS} from '../../source/simulator/index.js';
import {BORROW, call, ESTIMATE, hmac, signed, SYMBOLS, simulatorsPerTest} from './helpers.js';

// Classic accounts: these tests sign v2 loan calls (modes.test.ts covers v3).
const sim = simulatorsPerTest({rateLimits: false, accountMode: 'classic'});

/** base64(HMAC-SHA256) computed by the openssl command line, exactly as a person would check it by hand. */
function opensslSign(secret: string, message: string): string {
	return execFileSync('sh', ['-c', 'openssl dgst -sha256 -hmac "$KEY" -binary | base64'], {
		input: message,
		env: {...process.env, KEY: secret},
	})
		.toString('utf8')
		.trim();
}

const BODY = JSON.stringify({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});

describe('signature', () => {
	it('accepts a borrow signed with openssl', async () => {
		const s = await sim();
		const timestamp = String(Date.now());
		const signature = opensslSign(DEMO_CREDENTIALS.secretKey, `${timestamp}POST${BORROW}${BODY}`);
		expect(signature).toBe(hmac(DEMO_CREDENTIALS.secretKey, `${timestamp}POST${BORROW}${BODY}`));
		const res = await call(s, 'POST', BORROW, {
			headers: {
				'ACCESS-KEY': DEMO_CREDENTIALS.apiKey,
				'ACCESS-SIGN': signature,
				'ACCESS-TIMESTAMP': timestamp,
				'ACCESS-PASSPHRASE': DEMO_CREDENTIALS.passphrase,
				locale: 'en-US',
				'Content-Type': 'application/json',
			},
			body: BODY,
		});
		expect(res.status).toBe(200);
		expect(res.json.code).toBe('00000');
		expect(s.orders).toHaveLength(1);
	});

	it("accepts the reference's published test vectors (secret test-secret, timestamp 1700000000000)", async () => {
		const creds = {apiKey: 'vector-key', secretKey: 'test-secret', passphrase: 'vector-pass'};
		const s = await sim({accounts: [creds], clockOffsetMs: 1_700_000_000_000 - Date.now()});
		const headers = (signature: string) => ({
			'ACCESS-KEY': creds.apiKey,
			'ACCESS-SIGN': signature,
			'ACCESS-TIMESTAMP': '1700000000000',
			'ACCESS-PASSPHRASE': creds.passphrase,
			'Content-Type': 'application/json',
		});
		const query = 'daily=SEVEN&loanCoin=USDT&pledgeAmount=0.2&pledgeCoin=ETH';
		const estimate = await call(s, 'GET', `${ESTIMATE}?${query}`, {headers: headers('agyZK/wo/9ak/On809BYrTRuOGmxn0v8ewJvJl+DMPI=')});
		expect(estimate.json.code).toBe('00000');
		const body = '{"loanCoin":"ETH","pledgeCoin":"USDT","daily":"SEVEN","loanAmount":"0.01"}';
		const borrow = await call(s, 'POST', BORROW, {headers: headers('OusDWtZ7aUrAwn7q+hQIfnZDE9lnQQVjAHcQRbPHDIM='), body});
		expect(borrow.json.code).toBe('00000');
		expect(s.orders[0]).toMatchObject({apiKey: 'vector-key', loanCoin: 'ETH', pledgeCoin: 'USDT', loanAmount: '0.01'});
		expect(s.orders[0]?.pledgeAmount).toBeUndefined();
		const symbols = await call(s, 'GET', SYMBOLS, {headers: headers('C3pcugJ38inLP6Yl/eFcQnDEr2oX6pHhCcYiLkjKgnI=')});
		expect(symbols.json.code).toBe('00000');
		const tampered = await call(s, 'GET', SYMBOLS, {headers: headers('D3pcugJ38inLP6Yl/eFcQnDEr2oX6pHhCcYiLkjKgnI=')});
		expect(tampered.json.code).toBe('40009');
	});

	it('signs the query exactly as received (order matters)', async () => {
		const s = await sim();
		const sorted = 'daily=SEVEN&loanCoin=USDT&pledgeAmount=0.2&pledgeCoin=ETH';
		const unsorted = 'loanCoin=USDT&pledgeCoin=ETH&daily=SEVEN&pledgeAmount=0.2';
		const mismatch = await call(s, 'GET', `${ESTIMATE}?${unsorted}`, {headers: signed(DEMO_CREDENTIALS, 'GET', ESTIMATE, sorted)});
		expect(mismatch.status).toBe(400);
		expect(mismatch.json).toMatchObject({code: '40009', msg: 'sign signature error', data: null});
		const asSent = await call(s, 'GET', `${ESTIMATE}?${unsorted}`, {headers: signed(DEMO_CREDENTIALS, 'GET', ESTIMATE, unsorted)});
		expect(asSent.json.code).toBe('00000');
	});

	it('checks the signature over the decoded query, as the real service does: signing the encoded form fails', async () => {
		const s = await sim();
		// "%2E" is "." and "%45" is "E": the service decodes before it rebuilds the prehash (reference B.2).
		const encoded = 'daily=SEV%45N&loanCoin=USDT&pledgeAmount=0%2E2&pledgeCoin=ETH';
		const decoded = 'daily=SEVEN&loanCoin=USDT&pledgeAmount=0.2&pledgeCoin=ETH';
		const signedEncoded = await call(s, 'GET', `${ESTIMATE}?${encoded}`, {headers: signed(DEMO_CREDENTIALS, 'GET', ESTIMATE, encoded)});
		expect(signedEncoded.json).toMatchObject({code: '40009', msg: 'sign signature error'});
		const signedDecoded = await call(s, 'GET', `${ESTIMATE}?${encoded}`, {headers: signed(DEMO_CREDENTIALS, 'GET', ESTIMATE, decoded)});
		expect(signedDecoded.json.code).toBe('00000');
		expect(signedDecoded.json.data).toEqual((await call(s, 'GET', `${ESTIMATE}?${decoded}`)).json.data);
	});

	it('signs the body byte for byte', async () => {
		const s = await sim();
		const sent = BODY.replace(',', ', ');
		const res = await call(s, 'POST', BORROW, {
			headers: {...signed(DEMO_CREDENTIALS, 'POST', BORROW, '', BODY), 'Content-Type': 'application/json'},
			body: sent,
		});
		expect(res.json.code).toBe('40009');
		expect(s.orders).toHaveLength(0);
	});
});

describe('auth errors, in the order they are checked', () => {
	it('reports each missing or wrong credential in turn', async () => {
		const s = await sim();
		const good = signed(DEMO_CREDENTIALS, 'POST', BORROW, '', BODY);
		const post = async (headers: Record<string, string>) => {
			const res = await call(s, 'POST', BORROW, {headers: {'Content-Type': 'application/json', ...headers}, body: BODY});
			expect(res.status).toBe(400);
			expect(res.json.data).toBeNull();
			return `${res.json.code} ${res.json.msg}`;
		};
		const key = good['ACCESS-KEY'] ?? '';
		const sign = good['ACCESS-SIGN'] ?? '';
		const ts = good['ACCESS-TIMESTAMP'] ?? '';
		const pass = good['ACCESS-PASSPHRASE'] ?? '';
		expect(await post({})).toBe('40001 ACCESS_KEY cannot be empty');
		// An unknown key wins over everything about the signature.
		expect(await post({'ACCESS-KEY': 'nobody', 'ACCESS-SIGN': 'x', 'ACCESS-TIMESTAMP': '1'})).toBe('40037 Apikey does not exist');
		expect(await post({'ACCESS-KEY': key})).toBe('40002 ACCESS_SIGN cannot be empty');
		expect(await post({'ACCESS-KEY': key, 'ACCESS-SIGN': sign})).toBe('40005 Invalid ACCESS_TIMESTAMP');
		expect(await post({'ACCESS-KEY': key, 'ACCESS-SIGN': sign, 'ACCESS-TIMESTAMP': 'soon'})).toBe('40005 Invalid ACCESS_TIMESTAMP');
		expect(await post({'ACCESS-KEY': key, 'ACCESS-SIGN': sign, 'ACCESS-TIMESTAMP': String(Date.now() - 31_000)})).toBe('40008 Request timestamp expired');
		expect(await post({'ACCESS-KEY': key, 'ACCESS-SIGN': sign, 'ACCESS-TIMESTAMP': ts})).toBe('40011 ACCESS_PASSPHRASE cannot be empty');
		expect(await post({'ACCESS-KEY': key, 'ACCESS-SIGN': sign, 'ACCESS-TIMESTAMP': ts, 'ACCESS-PASSPHRASE': 'wrong'})).toBe(
			'40012 apikey/password is incorrect',
		);
		expect(await post({'ACCESS-KEY': key, 'ACCESS-SIGN': 'AAAA', 'ACCESS-TIMESTAMP': ts, 'ACCESS-PASSPHRASE': pass})).toBe('40009 sign signature error');
		expect(s.orders).toHaveLength(0);
		const ok = await call(s, 'POST', BORROW, {headers: {...good, 'Content-Type': 'application/json'}, body: BODY});
		expect(ok.json.code).toBe('00000');
	});

	it('leaves the public GETs open without credentials but verifies any that are sent', async () => {
		const s = await sim();
		expect((await call(s, 'GET', SYMBOLS)).json.code).toBe('00000');
		const partial = await call(s, 'GET', SYMBOLS, {headers: {'ACCESS-KEY': DEMO_CREDENTIALS.apiKey}});
		expect(partial.json.code).toBe('40002');
		const onlyPass = await call(s, 'GET', SYMBOLS, {headers: {'ACCESS-PASSPHRASE': 'x'}});
		expect(onlyPass.json.code).toBe('40001');
		const signedGet = await call(s, 'GET', `${SYMBOLS}?symbol=ETHUSDT`, {
			headers: signed(DEMO_CREDENTIALS, 'GET', SYMBOLS, 'symbol=ETHUSDT'),
		});
		expect(signedGet.json.data[0].symbol).toBe('ETHUSDT');
	});

	it('accepts custom accounts and rejects the demo key then', async () => {
		const creds = {apiKey: 'k2', secretKey: 's2', passphrase: 'p2'};
		const s = await sim({accounts: [creds]});
		const mine = await call(s, 'POST', BORROW, {headers: {...signed(creds, 'POST', BORROW, '', BODY), 'Content-Type': 'application/json'}, body: BODY});
		expect(mine.json.code).toBe('00000');
		expect(s.orders[0]?.apiKey).toBe('k2');
		const demo = await call(s, 'POST', BORROW, {
			headers: {...signed(DEMO_CREDENTIALS, 'POST', BORROW, '', BODY), 'Content-Type': 'application/json'},
			body: BODY,
		});
		expect(demo.json.code).toBe('40037');
	});
});

describe('server clock', () => {
	it('rejects a timestamp 120 s behind the simulator clock with 40008, and accepts one on its clock', async () => {
		const s = await sim({clockOffsetMs: 120_000});
		const behind = await call(s, 'GET', SYMBOLS, {headers: signed(DEMO_CREDENTIALS, 'GET', SYMBOLS, '', '', String(Date.now()))});
		expect(behind.status).toBe(400);
		expect(behind.json).toMatchObject({code: '40008', msg: 'Request timestamp expired', data: null});
		expect(behind.json.requestTime - Date.now()).toBeGreaterThan(110_000);
		const onClock = await call(s, 'GET', SYMBOLS, {
			headers: signed(DEMO_CREDENTIALS, 'GET', SYMBOLS, '', '', String(Date.now() + 120_000)),
		});
		expect(onClock.json.code).toBe('00000');
		s.setClockOffset(0);
		const again = await call(s, 'GET', SYMBOLS, {headers: signed(DEMO_CREDENTIALS, 'GET', SYMBOLS, '', '', String(Date.now()))});
		expect(again.json.code).toBe('00000');
	});
});
