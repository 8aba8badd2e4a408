import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {call, SYMBOLS, simulatorsPerTest} from './helpers.js';

const sim = simulatorsPerTest({rateLimits: false});

const json = (buffer: Buffer) => JSON.parse(buffer.toString('utf8'));

describe('compression', () => {
	it('sends Brotli when the client accepts br (auto)', async () => {
		const res = await call(await sim(), 'GET', SYMBOLS, {headers: {'accept-encoding': 'gzip, deflate, br'}});
		expect(res.headers['content-encoding']).toBe('br');
		expect(() => JSON.parse(res.text)).toThrow();
		const body = json(brotliDecompressSync(res.raw));
		expect(body.code).toBe('00000');
		expect(body.data.length).toBeGreaterThan(40);
	});

	it('sends gzip when the client accepts gzip but not br (auto)', async () => {
		const s = await sim();
		const res = await call(s, 'GET', SYMBOLS, {headers: {'accept-encoding': 'gzip, deflate'}});
		expect(res.headers['content-encoding']).toBe('gzip');
		expect(json(gunzipSync(res.raw)).code).toBe('00000');
		const refusedBr = await call(s, 'GET', SYMBOLS, {headers: {'accept-encoding': 'br;q=0, gzip'}});
		expect(refusedBr.headers['content-encoding']).toBe('gzip');
	});

	it('sends plain JSON when nothing is accepted (auto)', async () => {
		const res = await call(await sim(), 'GET', SYMBOLS);
		expect(res.headers['content-encoding']).toBeUndefined();
		expect(res.json.code).toBe('00000');
	});

	it('forces an encoding regardless of accept-encoding', async () => {
		const br = await call(await sim({compression: 'br'}), 'GET', `${SYMBOLS}?symbol=BTCUSDT`);
		expect(br.headers['content-encoding']).toBe('br');
		expect(json(brotliDecompressSync(br.raw)).data[0].symbol).toBe('BTCUSDT');
		const gz = await call(await sim({compression: 'gzip'}), 'GET', `${SYMBOLS}?symbol=nope`);
		expect(gz.headers['content-encoding']).toBe('gzip');
		expect(json(gunzipSync(gz.raw)).code).toBe('42016');
		const none = await call(await sim({compression: 'none'}), 'GET', SYMBOLS, {headers: {'accept-encoding': 'br, gzip'}});
		expect(none.headers['content-encoding']).toBeUndefined();
		expect(none.json.code).toBe('00000');
	});

	it('is decoded transparently by fetch', async () => {
		const s = await sim({compression: 'br'});
		const res = await fetch(`${s.url}${SYMBOLS}?symbol=ETHBTC`);
		expect(res.headers.get('content-encoding')).toBe('br');
		expect(((await res.json()) as {data: Array<{symbol: string}>}).data[0]?.symbol).toBe('ETHBTC');
	});
});
