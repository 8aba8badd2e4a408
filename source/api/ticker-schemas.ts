// The tickers answer (reference D.4), read record by record: a ticker of the wrong shape is left out and counted,
// so one odd pair cannot lose every price. Only what loan-tui uses is kept: symbol, last price, time.
import * as v from 'valibot';
import type {ListPage} from './loan-types.js';
import {validateWith, type Validated} from './schemas.js';
import {shortReceived} from './symbol-records.js';
import {EPOCH_MS_DIGITS, PLAIN_DECIMAL, type Ticker} from './types.js';

const tickerSchema = v.pipe(
	v.looseObject({
		symbol: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{2,40}$/, 'a symbol')),
		lastPr: v.pipe(v.string(), v.regex(PLAIN_DECIMAL, 'a decimal string')),
		ts: v.pipe(v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))]), v.regex(EPOCH_MS_DIGITS, 'epoch milliseconds')),
	}),
	v.transform((raw): Ticker => ({symbol: raw.symbol, lastPr: raw.lastPr, ts: raw.ts})),
);

export function validateTickers(data: unknown): Validated<ListPage<Ticker>> {
	if (data === null || data === undefined) return {ok: true, value: {records: [], unreadable: 0}};
	if (!Array.isArray(data)) return {ok: false, problem: `tickers: data is not an array (got ${shortReceived(data)})`};
	const records: Ticker[] = [];
	let unreadable = 0;
	let firstProblem: string | undefined;
	for (let i = 0; i < data.length; i++) {
		const read = validateWith<Ticker>(tickerSchema, data[i], `tickers, record ${i + 1}`);
		if (read.ok) records.push(read.value);
		else {
			unreadable++;
			firstProblem ??= read.problem;
		}
	}
	return {ok: true, value: firstProblem === undefined ? {records, unreadable} : {records, unreadable, firstProblem}};
}
