// The plain-http guard (api/transport.ts): credentials go over plain http only to localhost, 127.0.0.0/8 and ::1.
// A name under .localhost is not loopback by itself: a resolver may answer it with a remote address.
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {BitgetClient} from '../../source/api/client.js';
import {carriesCredentialsSafely, InsecureTransportError, isLoopbackHost} from '../../source/api/transport.js';
import {TEST_CREDENTIALS} from '../helpers/simulator.js';

describe('isLoopbackHost', () => {
	it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.255.255.255', '127.1.2.3', '::1', '[::1]'])('accepts %s', (host) => {
		expect(isLoopbackHost(host)).toBe(true);
	});

	it.each([
		'evil.localhost',
		'api.bitget.com.localhost',
		'localhost.',
		'localhost.evil.com',
		'127.0.0.1.nip.io',
		'127.0.0.256',
		'127.0.0',
		'128.0.0.1',
		'10.0.0.1',
		'0.0.0.0',
		'::',
		'::2',
		'[::ffff:127.0.0.1]',
		'',
	])('refuses %j', (host) => {
		expect(isLoopbackHost(host)).toBe(false);
	});
});

describe('carriesCredentialsSafely', () => {
	it.each([
		['https://api.bitget.com', true],
		['https://evil.localhost', true],
		['http://localhost:8080', true],
		['http://127.0.0.1:1', true],
		['http://127.1:1', true],
		['http://[::1]:8080', true],
		['http://[0:0:0:0:0:0:0:1]:8080', true],
		['http://evil.localhost:8080', false],
		['http://a.b.localhost', false],
		['http://localhost.:8080', false],
		['http://api.bitget.com', false],
		['http://192.168.1.10:8080', false],
	])('%s → %s', (origin, safe) => {
		expect(carriesCredentialsSafely(origin)).toBe(safe);
	});
});

describe('a signed request to a *.localhost name over plain http', () => {
	let server: Server;
	let port = 0;
	let requests = 0;
	beforeAll(async () => {
		server = createServer((_req, res) => {
			requests++;
			res.writeHead(200, {'content-type': 'application/json'}).end('{"code":"00000","msg":"success","requestTime":1,"data":[]}');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		port = (server.address() as AddressInfo).port;
	});
	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
	});

	it('is refused before anything is sent (whatever the name resolves to), and allowed only when asked for', async () => {
		const client = new BitgetClient({baseUrl: `http://loan-tui-test.localhost:${port}`, credentials: TEST_CREDENTIALS});
		try {
			expect(() => client.assertCanSign()).toThrow(InsecureTransportError);
			await expect(client.ongoingOrders()).rejects.toBeInstanceOf(InsecureTransportError);
			await expect(client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'})).rejects.toBeInstanceOf(InsecureTransportError);
		} finally {
			await client.close();
		}
		// The same server at 127.0.0.1 is loopback: the signed read goes out (and proves the server was listening).
		const loopback = new BitgetClient({baseUrl: `http://127.0.0.1:${port}`, credentials: TEST_CREDENTIALS});
		try {
			expect(await loopback.ongoingOrders()).toEqual([]);
		} finally {
			await loopback.close();
		}
		// The account's mode, then the read: both from the loopback client, none from the refused one.
		expect(requests).toBe(2);
	});
});
