import {once} from 'node:events';
import type {SymbolRecord} from '../../api/types.js';
import {percent} from '../../format/numbers.js';
import {sanitize} from '../../format/sanitize.js';
import {statusWord, symbolDetailRows} from '../../format/symbol.js';
import {EXIT, type ExitCode} from '../../runtime/exit-codes.js';
import {ApiError, InputError} from '../../api/errors.js';
import {checkSymbol} from '../../api/validate.js';
import {didYouMean} from '../../format/suggest.js';
import {type Column, columnWidths, escapeJsonText, keptColumns, noteLeftOut, type Output, printLines, tableLine} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';

/** Rows written per write(): big lists go out in small pieces, never as one string (measured: 100k pairs as --json
 * peak at about 100 MiB with 200 rows a write, 250 MiB with 2000, whose strings outlive the young generation). */
const BATCH = 200;
/** In a narrow terminal the pair and its status stay; the fees and the minimum go first. */
const COLUMNS: Column[] = [
	{header: 'SYMBOL', priority: 0},
	{header: 'BASE', priority: 2},
	{header: 'QUOTE', priority: 2},
	{header: 'STATUS', priority: 1},
	{header: 'MAKER', priority: 3},
	{header: 'TAKER', priority: 3},
	{header: 'MIN USDT', priority: 4},
];
const HEADERS = COLUMNS.map((column) => column.header);

/** A pair Bitget does not know is bad input (exit 2), its refusal's code and msg kept, with the nearest names. */
const unknownSymbolError = (refusal: ApiError, name: string, near: string) =>
	new InputError(`no spot pair ${name}${near}: ${sanitize(`${refusal.code} ${refusal.serverMessage}`.trim())}`, 'loan-tui symbols lists every pair.', refusal);

export async function runSymbols(session: Session, positionals: string[]): Promise<ExitCode> {
	const [symbol] = positionals;
	const {records, unreadable, firstProblem} = await session.client.symbolList(symbol).catch(async (error: unknown) => {
		throw symbol !== undefined && error instanceof ApiError ? await unknownSymbol(session, symbol, error) : error;
	});
	// The whole list, for shell completion (symbols <Tab>).
	if (symbol === undefined) await session.remember.pairs(records.map((record) => record.symbol));
	if (unreadable > 0) {
		session.out.stderr.write(
			`loan-tui: warning: ${unreadable} unreadable record${unreadable === 1 ? '' : 's'} left out${firstProblem ? ` (first: ${sanitize(firstProblem)})` : ''}\n`,
		);
	}
	if (session.out.json) {
		await writeJsonArray(session.out, records);
		return EXIT.ok;
	}
	if (symbol !== undefined && records.length === 1) {
		const rows = symbolDetailRows(records[0]!);
		let width = 0;
		for (const row of rows) width = Math.max(width, row.label.length);
		printLines(
			session.out,
			rows.map((row) => `${row.label.padEnd(width)}  ${row.value}${row.deprecated ? '  (deprecated)' : ''}`),
		);
		return EXIT.ok;
	}
	await writeTable(session.out, records);
	return EXIT.ok;
}

/** Bitget answers an unknown pair with a refusal (42016); the whole list says which names are near. */
async function unknownSymbol(session: Session, typed: string, refusal: ApiError): Promise<Error> {
	const checked = checkSymbol(typed);
	const name = checked.ok ? checked.value : typed;
	const all = await session.client.symbolList().catch(() => undefined);
	if (all === undefined) return refusal;
	const near = didYouMean(
		name,
		all.records.map((record) => sanitize(record.symbol)),
	);
	return unknownSymbolError(refusal, sanitize(name), near);
}

function cells(record: SymbolRecord): string[] {
	return [
		sanitize(record.symbol),
		sanitize(record.baseCoin),
		sanitize(record.quoteCoin),
		statusWord(record.status),
		percent(record.makerFeeRate),
		percent(record.takerFeeRate),
		sanitize(record.minTradeUSDT ?? '—'),
	];
}

/** The table, in batches: widths from a first pass, lines written as they are made. */
async function writeTable(out: Output, records: SymbolRecord[]): Promise<void> {
	const all = columnWidths(
		HEADERS,
		(function* () {
			for (const record of records) yield cells(record);
		})(),
	);
	const kept = keptColumns(COLUMNS, all, out.width);
	noteLeftOut(out, COLUMNS, kept);
	const pick = (row: string[]) => kept.map((index) => row[index]!);
	const widths = kept.map((index) => all[index]!);
	await writeInBatches(out, records.length, [tableLine(pick(HEADERS), widths)], (index) => tableLine(pick(cells(records[index]!)), widths));
	out.stdout.write(`\n${records.length} pair${records.length === 1 ? '' : 's'}\n`);
}

/** The same text as JSON.stringify(records, null, 2), written a batch of records at a time. */
async function writeJsonArray(out: Output, records: SymbolRecord[]): Promise<void> {
	if (records.length === 0) {
		out.stdout.write('[]\n');
		return;
	}
	const element = (index: number) =>
		`  ${escapeJsonText(JSON.stringify(records[index], null, 2)).replaceAll('\n', '\n  ')}${index === records.length - 1 ? '' : ','}`;
	await writeInBatches(out, records.length, ['['], element);
	out.stdout.write(']\n');
}

async function writeInBatches(out: Output, count: number, first: string[], line: (index: number) => string): Promise<void> {
	let lines = first;
	for (let index = 0; index < count; index++) {
		lines.push(line(index));
		if (lines.length >= BATCH) {
			await write(out, `${lines.join('\n')}\n`);
			lines = [];
		}
	}
	if (lines.length > 0) await write(out, `${lines.join('\n')}\n`);
}

/** Waits for a full pipe to drain, so output never piles up in memory. */
async function write(out: Output, text: string): Promise<void> {
	if (!out.stdout.write(text)) await once(out.stdout, 'drain');
}
