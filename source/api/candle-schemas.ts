// The candles answer (reference D.4): an array of arrays of strings [ts, open, high, low, close, baseVol, usdtVol,
// quoteVol], read record by record like the tickers (ticker-schemas.ts): a candle of the wrong shape is left out and
// counted, so one odd candle cannot lose a pair's history. Only the time and the four prices are kept. The answer is
// ascending; it is sorted here all the same, and a second candle at a time already seen is left out, so a reader of
// the series can rely on strictly ascending times.
import * as v from 'valibot';
import type {ListPage} from './loan-types.js';
import {validateWith, type Validated} from './schemas.js';
import {shortReceived} from './symbol-records.js';
import type {Candle} from './types.js';

const price = v.pipe(v.string(), v.regex(/^\d{1,30}(\.\d{1,30})?$/, 'a decimal string'));

const candleSchema = v.pipe(
	v.looseTuple([
		v.pipe(v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))]), v.regex(/^\d{1,16}$/, 'epoch milliseconds')),
		price,
		price,
		price,
		price,
	]),
	v.transform(([ts, open, high, low, close]): Candle => ({ts: Number(ts), open, high, low, close})),
	// A low above a price of its own candle, or a zero price, is no candle to measure a move with. Compared as numbers:
	// the series is read as numbers (loans/price-series.ts), and a Big per price cost a pair's 2,700 candles tens of ms.
	v.check((candle) => Number(candle.low) > 0, 'a candle with a positive low'),
	v.check((candle) => {
		const low = Number(candle.low);
		const high = Number(candle.high);
		return [candle.open, candle.close].every((value) => low <= Number(value) && Number(value) <= high);
	}, 'a candle whose open and close lie between its low and high'),
);

export function validateCandles(data: unknown): Validated<ListPage<Candle>> {
	if (data === null || data === undefined) return {ok: true, value: {records: [], unreadable: 0}};
	if (!Array.isArray(data)) return {ok: false, problem: `candles: data is not an array (got ${shortReceived(data)})`};
	const read: Candle[] = [];
	let unreadable = 0;
	let firstProblem: string | undefined;
	const leaveOut = (problem: string) => {
		unreadable++;
		firstProblem ??= problem;
	};
	for (let i = 0; i < data.length; i++) {
		const candle = validateWith<Candle>(candleSchema, data[i], `candles, record ${i + 1}`);
		if (candle.ok) read.push(candle.value);
		else leaveOut(candle.problem);
	}
	read.sort((a, b) => a.ts - b.ts);
	const records: Candle[] = [];
	for (const candle of read) {
		if (records.length > 0 && records[records.length - 1]!.ts === candle.ts) leaveOut(`candles: a second candle at ${candle.ts}`);
		else records.push(candle);
	}
	return {ok: true, value: firstProblem === undefined ? {records, unreadable} : {records, unreadable, firstProblem}};
}
