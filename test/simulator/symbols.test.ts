import {describe, expect, it} from 'vitest';
import {call, SYMBOLS, simulatorsPerTest} from './helpers.js';

const SAMPLE_KEYS = [
	'symbol',
	'baseCoin',
	'quoteCoin',
	'minTradeAmount',
	'maxTradeAmount',
	'takerFeeRate',
	'makerFeeRate',
	'pricePrecision',
	'quantityPrecision',
	'quotePrecision',
	'status',
	'minTradeUSDT',
	'buyLimitPriceRatio',
	'sellLimitPriceRatio',
	'areaSymbol',
	'orderQuantity',
	'openTime',
	'offTime',
];
const OPTIONAL_KEYS = ['maxLimitOrderValue', 'maxMarketOrderValue'];

const sim = simulatorsPerTest();

describe('symbols list', () => {
	it('returns realistic records in the sample shape, every value a string', async () => {
		const s = await sim();
		const res = await call(s, 'GET', SYMBOLS);
		expect(res.status).toBe(200);
		expect(res.headers['content-type']).toMatch(/^application\/json/);
		expect(res.json).toMatchObject({code: '00000', msg: 'success', requestTime: expect.any(Number)});
		const records = res.json.data as Array<Record<string, unknown>>;
		expect(records.length).toBeGreaterThanOrEqual(40);
		for (const r of records) {
			for (const key of SAMPLE_KEYS) expect(typeof r[key], `${String(r.symbol)}.${key}`).toBe('string');
			for (const key of Object.keys(r)) expect([...SAMPLE_KEYS, ...OPTIONAL_KEYS]).toContain(key);
			for (const value of Object.values(r)) expect(typeof value).toBe('string');
			expect(r.symbol).toBe(`${String(r.baseCoin)}${String(r.quoteCoin)}`);
			expect(r.symbol).toMatch(/^[A-Z0-9]+$/);
			expect(r.openTime).toMatch(/^\d{13}$/);
			expect(['yes', 'no']).toContain(r.areaSymbol);
			if (r.status === 'online' || r.status === 'gray') expect(r.offTime).toBe('');
			else expect(r.offTime).toMatch(/^\d{13}$/);
		}
		const statuses = new Set(records.map((r) => r.status));
		expect([...statuses].sort()).toEqual(['gray', 'halt', 'offline', 'online']);
		const names = records.map((r) => r.symbol);
		for (const pair of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'ETHBTC', 'BTCUSDC']) expect(names).toContain(pair);
		expect(new Set(names).size).toBe(names.length);
		expect(records.some((r) => 'maxLimitOrderValue' in r && 'maxMarketOrderValue' in r)).toBe(true);
		expect(records.some((r) => !('maxLimitOrderValue' in r))).toBe(true);
		expect(new Set(records.map((r) => r.takerFeeRate))).toContain('0.002');
		expect(records.some((r) => r.areaSymbol === 'yes')).toBe(true);
	});

	it('adds N deterministic synthetic pairs', async () => {
		const base = await call(await sim(), 'GET', SYMBOLS);
		const a = await call(await sim({extraSymbols: 50}), 'GET', SYMBOLS);
		const b = await call(await sim({extraSymbols: 50}), 'GET', SYMBOLS);
		expect(a.json.data).toHaveLength(base.json.data.length + 50);
		expect(a.json.data).toEqual(b.json.data);
		const extra = a.json.data.slice(base.json.data.length) as Array<Record<string, string>>;
		expect(extra.slice(0, 4).map((r) => r.symbol)).toEqual(['X0001USDT', 'X0001USDC', 'X0001BTC', 'X0001ETH']);
		for (const r of extra) expect(Object.values(r).every((v) => typeof v === 'string')).toBe(true);
	});

	// "Quickly": within the test's own timeout (30 s); no wall-clock budget is asserted on a shared machine.
	it('serves 100,000 extra pairs quickly', async () => {
		const s = await sim({extraSymbols: 100_000, compression: 'none'});
		const res = await call(s, 'GET', SYMBOLS);
		const one = await call(s, 'GET', `${SYMBOLS}?symbol=X25000ETH`);
		expect(res.json.data.length).toBeGreaterThanOrEqual(100_040);
		expect(one.json.data).toEqual([expect.objectContaining({symbol: 'X25000ETH', baseCoin: 'X25000', quoteCoin: 'ETH'})]);
	});
});

describe('one symbol', () => {
	it('returns a one-element array', async () => {
		const res = await call(await sim(), 'GET', `${SYMBOLS}?symbol=BTCUSDT`);
		expect(res.status).toBe(200);
		expect(res.json.data).toHaveLength(1);
		expect(res.json.data[0]).toMatchObject({symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', status: 'online'});
	});

	it('answers an unknown symbol with HTTP 400 and 42016', async () => {
		const res = await call(await sim(), 'GET', `${SYMBOLS}?symbol=NOPEUSDT`);
		expect(res.status).toBe(400);
		expect(res.json).toEqual({
			code: '42016',
			msg: 'symbol NOPEUSDT is Invalid or not supported spot trade',
			requestTime: expect.any(Number),
			data: null,
		});
	});
});
