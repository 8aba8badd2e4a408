// CSV (source/format/csv.ts): RFC 4180 quoting, formula injection neutralised in text but never in numbers, terminal
// controls replaced, and records to columns (every field, nested ones flattened, the known ones first).
import {describe, expect, it} from 'vitest';
import {recordsCsv, toCsv} from '../../source/format/csv.js';
import {spreadsheetUtc} from '../../source/format/time.js';
import {parseCsv} from '../helpers/csv.js';

describe('toCsv', () => {
	it('writes a header and rows, CRLF-ended; quotes fields with commas, quotes and line breaks only', () => {
		expect(
			toCsv(
				['a', 'b'],
				[
					['1', 'x,y'],
					['say "hi"', 'two\nlines'],
					['cr\r', ''],
				],
			),
		).toBe('a,b\r\n1,"x,y"\r\n"say ""hi""","two\nlines"\r\n"cr\r",\r\n');
		expect(toCsv(['only'], [])).toBe('only\r\n');
	});

	it('reads back what it wrote (the tests own reader is its inverse)', () => {
		const rows = [
			['plain', 'with,comma', 'with "quotes"', 'multi\r\nline', ''],
			['ünïcödé', ' spaced ', '""', ',', '\n'],
		];
		expect(parseCsv(toCsv(['a', 'b', 'c', 'd', 'e'], rows))).toEqual([['a', 'b', 'c', 'd', 'e'], ...rows]);
	});

	it('neutralises text a spreadsheet would run as a formula, with a leading single quote', () => {
		const cells = ['=HYPERLINK("http://x","y")', '+cmd|calc', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '-', '=1'];
		const [, row] = parseCsv(
			toCsv(
				cells.map((_, i) => `c${i}`),
				[cells],
			),
		);
		expect(row).toEqual(cells.map((cell) => `'${cell}`));
		// Not at the start: left alone.
		expect(parseCsv(toCsv(['a'], [['a=1']]))[1]).toEqual(['a=1']);
	});

	it('keeps numbers as numbers: signed and exponent decimals, as strings or numbers', () => {
		const cells = ['-0.5', '+1', '-12', '0.00000617', '-.5', '1e-7', '-2.5E+3', -0.5, 42, 1e21, true];
		const [, row] = parseCsv(
			toCsv(
				cells.map((_, i) => `c${i}`),
				[cells],
			),
		);
		expect(row).toEqual(['-0.5', '+1', '-12', '0.00000617', '-.5', '1e-7', '-2.5E+3', '-0.5', '42', '1e+21', 'true']);
	});

	it('replaces what a terminal acts on (ESC, BEL, C1, bidi) but keeps tab and line breaks; header cells too', () => {
		const text = toCsv(['n\u001b[31mame', 'b', 'c'], [['red\u001b[31m\u0007', 'a\u202eb', 'tab\there']]);
		expect(text).not.toMatch(/[\u001b\u0007\u202e]/);
		expect(parseCsv(text)).toEqual([
			['n\uFFFD[31mame', 'b', 'c'],
			['red\uFFFD[31m\uFFFD', 'a\uFFFDb', 'tab\there'],
		]);
	});

	it('writes null and undefined as empty, objects and arrays as JSON (quoted as needed), a short row padded', () => {
		expect(parseCsv(toCsv(['a', 'b', 'c', 'd'], [[null, undefined, [1, 2]]]))[1]).toEqual(['', '', '[1,2]', '']);
	});
});

describe('recordsCsv', () => {
	it('every field of every record, the known ones first, others in the order first seen; nested objects a.b', () => {
		const records = [
			{orderId: '1', extra: 'x', values: {loanCoin: 'USDT', amount: '5'}, time: 1_700_000_000_000},
			{orderId: '2', later: '-y', values: {pledgeCoin: 'BTC'}, time: 1_700_000_100_000},
		];
		const text = recordsCsv(records, {leading: [['time_utc', (r) => spreadsheetUtc(r.time)]], fields: ['time', 'orderId', 'missing']});
		expect(parseCsv(text)).toEqual([
			['time_utc', 'time', 'orderId', 'missing', 'extra', 'values.loanCoin', 'values.amount', 'later', 'values.pledgeCoin'],
			['2023-11-14 22:13:20', '1700000000000', '1', '', 'x', 'USDT', '5', '', ''],
			['2023-11-14 22:15:00', '1700000100000', '2', '', '', '', '', "'-y", 'BTC'],
		]);
	});

	it('an empty list still has its header', () => {
		expect(recordsCsv([], {leading: [['time_utc', () => '']], fields: ['orderId']})).toBe('time_utc,orderId\r\n');
	});
});

describe('spreadsheetUtc', () => {
	it('epoch ms as "YYYY-MM-DD HH:MM:SS" in UTC; nothing for no time or one past any date', () => {
		expect(spreadsheetUtc('1532454369000')).toBe('2018-07-24 17:46:09');
		expect(spreadsheetUtc(undefined)).toBe('');
		expect(spreadsheetUtc('0')).toBe('');
		expect(spreadsheetUtc('9999999999999999')).toBe('');
	});
});
