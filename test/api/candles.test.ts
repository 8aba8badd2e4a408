// The candles on the wire: the validator (record by record, sorted, decimal strings) and the client over loopback
// (checked before sending, unsigned, an unknown pair the server's 40034).
import {describe, expect, it} from 'vitest';
import {validateCandles} from '../../source/api/candle-schemas.js';
import {ApiError, InputError, ProtocolError} from '../../source/api/errors.js';
import type {CandleQuery} from '../../source/api/types.js';
import {useSimulator} from '../helpers/simulator.js';

const row = (ts: number, open: string, high: string, low: string, close: string) => [String(ts), open, high, low, close, '1', '2', '3'];

describe('validateCandles', () => {
	it('keeps time and prices of each candle, ascending', () => {
		const read = validateCandles([row(2000, '2', '3', '1.5', '2.5'), row(1000, '1', '2.1', '0.9', '2')]);
		expect(read).toEqual({
			ok: true,
			value: {
				records: [
					{ts: 1000, open: '1', high: '2.1', low: '0.9', close: '2'},
					{ts: 2000, open: '2', high: '3', low: '1.5', close: '2.5'},
				],
				unreadable: 0,
			},
		});
		// A numeric ts and the documented eight fields or just the first five: all read.
		expect(validateCandles([[1000, '1', '1', '1', '1']])).toMatchObject({ok: true, value: {records: [{ts: 1000}], unreadable: 0}});
		expect(validateCandles(null)).toEqual({ok: true, value: {records: [], unreadable: 0}});
	});

	it('leaves out and counts a candle that cannot be read, and a second candle at the same time', () => {
		const read = validateCandles([
			row(1000, '1', '2', '0.5', '1.5'),
			row(2000, '1', 'lots', '0.5', '1'),
			['3000', '1', '2'],
			row(4000, '1', '2', '0', '1'),
			row(5000, '3', '2', '1', '1.5'),
			{ts: '6000'},
			row(1000, '1', '2', '0.5', '1.5'),
			row(7000, '-1', '2', '0.5', '1'),
		]);
		expect(read.ok).toBe(true);
		if (!read.ok) return;
		expect(read.value.records.map((candle) => candle.ts)).toEqual([1000]);
		expect(read.value.unreadable).toBe(7);
		expect(read.value.firstProblem).toBe('candles, record 2: data.2 is not a decimal string (got "lots")');
		const alone = (candle: unknown) => {
			const result = validateCandles([candle]);
			return result.ok ? result.value.firstProblem : result.problem;
		};
		expect(alone(row(4000, '1', '2', '0', '1'))).toContain('a candle with a positive low');
		expect(alone(row(5000, '3', '2', '1', '1.5'))).toContain('a candle whose open and close lie between its low and high');
		expect(alone({ts: '6000'})).toBe('candles, record 1: data is not a candle [ts, open, high, low, close] (got {"ts":"6000"})');
		expect(alone([1000.5, '1', '1', '1', '1'])).toBe('candles, record 1: data.0 is not epoch milliseconds (got 1000.5)');
		expect(alone(['-1000', '1', '1', '1', '1'])).toContain('data.0 is not epoch milliseconds');
		expect(alone(['1000', '1', '1', '1', 1])).toBe('candles, record 1: data.4 is not a decimal string (got 1)');
	});

	it('an answer that is not a list is a problem of the whole answer', () => {
		expect(validateCandles({data: []})).toEqual({ok: false, problem: 'candles: data is not an array (got {"data":[]})'});
	});
});

describe('client.candles (simulator over loopback)', () => {
	const sim = useSimulator();

	it('reads a pair unsigned, with only the parameters given, sorted', async () => {
		const client = sim.client();
		const page = await client.candles('btc/usdt', {granularity: '1h', limit: 24});
		expect(page.unreadable).toBe(0);
		expect(page.records).toHaveLength(24);
		expect(page.records.at(-1)!.close).toBe('26800');
		const times = page.records.map((candle) => candle.ts);
		expect(times).toEqual([...times].sort((a, b) => a - b));
		const request = sim.simulator.requests.at(-1)!;
		expect(request.path).toBe('/api/v2/spot/market/candles');
		expect(request.query).toBe('granularity=1h&limit=24&symbol=BTCUSDT');
		expect(request.headers['access-sign']).toBeUndefined();
		const end = times[10]!;
		const ranged = await client.candles('ETHBTC', {granularity: '4h', startTime: end - 8 * 3_600_000, endTime: end});
		expect(sim.simulator.requests.at(-1)!.query).toBe(`endTime=${end}&granularity=4h&startTime=${end - 8 * 3_600_000}&symbol=ETHBTC`);
		expect(ranged.records.length).toBeGreaterThanOrEqual(2);
	});

	it('refuses bad input before sending anything', async () => {
		const client = sim.client();
		const bad: Array<[string, CandleQuery]> = [
			['BTC?USDT', {granularity: '1h'}],
			['', {granularity: '1h'}],
			['BTCUSDT', {granularity: '1d' as '1h'}],
			['BTCUSDT', {granularity: '1h', limit: 0}],
			['BTCUSDT', {granularity: '1h', limit: 1001}],
			['BTCUSDT', {granularity: '1h', limit: 1.5}],
			['BTCUSDT', {granularity: '1h', startTime: -1}],
			['BTCUSDT', {granularity: '1h', endTime: Number.NaN}],
			['BTCUSDT', {granularity: '1h', startTime: 2000, endTime: 1000}],
		];
		for (const [symbol, query] of bad) await expect(client.candles(symbol, query)).rejects.toBeInstanceOf(InputError);
		await expect(client.candles('BTCUSDT', {granularity: '1h', limit: 1001})).rejects.toThrow('limit must be a whole number from 1 to 1000 (got 1001)');
		expect(sim.simulator.requests).toHaveLength(0);
		expect((await client.candles('BTCUSDT', {granularity: '1h', limit: 1000})).records).toHaveLength(1000);
	});

	it('an unknown pair is the server 40034; an unreadable candle is counted; an answer that is not a list is refused', async () => {
		const client = sim.client();
		const unknown = await client.candles('ZZZUSDT', {granularity: '1h'}).catch((error: unknown) => error);
		expect(unknown).toBeInstanceOf(ApiError);
		expect(unknown).toMatchObject({code: '40034', httpStatus: 400});
		const envelope = (data: unknown) => JSON.stringify({code: '00000', msg: 'success', requestTime: Date.now(), data});
		sim.simulator.injectFault({kind: 'raw', operation: 'candles', body: envelope([row(2, '1', '1', '1', '1'), row(1, '1', '1', 'x', '1')])});
		const page = await client.candles('BTCUSDT', {granularity: '1h'});
		expect(page).toMatchObject({records: [{ts: 2}], unreadable: 1});
		expect(page.firstProblem).toContain('data.3');
		sim.simulator.injectFault({kind: 'raw', operation: 'candles', body: envelope({candles: []})});
		await expect(client.candles('BTCUSDT', {granularity: '1h'})).rejects.toBeInstanceOf(ProtocolError);
	});
});
