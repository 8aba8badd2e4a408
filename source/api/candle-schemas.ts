// The candles answer (reference D.4): an array of arrays of strings [ts, open, high, low, close, baseVol, usdtVol,
// quoteVol], read record by record like the tickers (ticker-schemas.ts): a candle of the wrong shape is left out and
// counted, so one odd candle cannot lose a pair's history. Only the time and the four prices are kept. The answer is
// ascending; it is sorted here all the same, and a second candle at a time already seen is left out, so a reader of
// the series can rely on strictly ascending times.
//
// Checked by hand like the symbol list (symbol-records.ts), not with valibot as the tickers are: a pair's ~1,300
// candles through a schema cost 20–30 ms a page on a fresh start, time the Loans screen's live prices waited for
// (docs/performance.md); by hand it is well under a millisecond.
import type {ListPage} from './loan-types.js';
import type {Validated} from './schemas.js';
import {shortReceived} from './symbol-records.js';
import {EPOCH_MS_DIGITS, PLAIN_DECIMAL, type Candle} from './types.js';

/** A candle as read, or the problem with it ("data.2 is not …", completed by validateCandles). */
function readCandle(row: unknown): Candle | string {
	if (!Array.isArray(row) || row.length < 5) return `data is not a candle [ts, open, high, low, close] (got ${shortReceived(row)})`;
	const first: unknown = row[0];
	const ts = typeof first === 'number' && Number.isInteger(first) ? String(first) : first;
	if (typeof ts !== 'string' || !EPOCH_MS_DIGITS.test(ts)) return `data.0 is not epoch milliseconds (got ${shortReceived(first)})`;
	for (let i = 1; i <= 4; i++) {
		const value: unknown = row[i];
		if (typeof value !== 'string' || !PLAIN_DECIMAL.test(value)) return `data.${i} is not a decimal string (got ${shortReceived(value)})`;
	}
	const [open, high, low, close] = row.slice(1, 5) as [string, string, string, string];
	const candle: Candle = {ts: Number(ts), open, high, low, close};
	// A low above a price of its own candle, or a zero price, is no candle to measure a move with. Compared as numbers,
	// as the series is read (loans/price-series.ts).
	const [lowest, highest] = [Number(low), Number(high)];
	if (!(lowest > 0)) return `data is not a candle with a positive low (got ${shortReceived(row)})`;
	if (![open, close].every((price) => lowest <= Number(price) && Number(price) <= highest)) {
		return `data is not a candle whose open and close lie between its low and high (got ${shortReceived(row)})`;
	}
	return candle;
}

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
		const candle = readCandle(data[i]);
		if (typeof candle === 'string') leaveOut(`candles, record ${i + 1}: ${candle}`);
		else read.push(candle);
	}
	read.sort((a, b) => a.ts - b.ts);
	const records: Candle[] = [];
	for (const candle of read) {
		if (records.length > 0 && records[records.length - 1]!.ts === candle.ts) leaveOut(`candles: a second candle at ${candle.ts}`);
		else records.push(candle);
	}
	return {ok: true, value: firstProblem === undefined ? {records, unreadable} : {records, unreadable, firstProblem}};
}
