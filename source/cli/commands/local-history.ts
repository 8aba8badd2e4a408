// loan-tui history --local [--days N] [--csv]: what this app (CLI and interactive) sent that moves money, from the money
// record (state/money-journal.ts), newest first, with the outcome and what a later check of the loans found. No
// request and no credentials: the record holds only the requests' own values. A record that cannot be read is an
// error (exit 1 with the reason), never "nothing sent".
import {recordsCsv} from '../../format/csv.js';
import {localDateTimeWithOffset, spreadsheetUtc} from '../../format/time.js';
import {CSV_TIME_COLUMN} from '../../operations/history-export.js';
import {sanitize} from '../../format/sanitize.js';
import {EXIT, type ExitCode} from '../../runtime/exit-codes.js';
import {type Column, fittedTable, printJson, printLines, reportFailure} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {moneyJournalAt, type JournalRead, type MoneyRecord} from '../../state/money-journal.js';

const DAY_MS = 86_400_000;

const OUTCOME: Record<MoneyRecord['outcome'], string> = {
	done: 'done',
	refused: 'refused',
	'not-sent': 'not sent',
	unknown: 'unknown',
	sending: 'sending (no answer recorded)',
};

export async function runLocalHistory(session: Session, days: number | undefined, {csv = false, now = Date.now()} = {}): Promise<ExitCode> {
	const journal = moneyJournalAt(session.config.directories.state);
	let read: JournalRead;
	try {
		read = await journal.read();
	} catch (error) {
		return reportFailure(session.out, error, session.config.debug);
	}
	const records = days === undefined ? read.records : read.records.filter((record) => record.time >= now - days * DAY_MS);
	const skipped =
		read.unreadable > 0
			? `${read.unreadable} line${read.unreadable === 1 ? '' : 's'} of ${journal.location} could not be read and ${read.unreadable === 1 ? 'was' : 'were'} skipped`
			: undefined;
	if (session.out.json || csv) {
		if (csv) session.out.stdout.write(localCsv(records));
		else printJson(session.out, records.map(jsonOf));
		if (skipped) session.out.stderr.write(`loan-tui: note: ${sanitize(skipped)}.\n`);
		return EXIT.ok;
	}
	const window = days === undefined ? '' : ` in the last ${days} day${days === 1 ? '' : 's'}`;
	const notes = skipped ? ['', `Note: ${sanitize(skipped)}.`] : [];
	if (records.length === 0) {
		printLines(session.out, [`Nothing sent by this app${window} (${journal.location}).`, ...notes]);
		return EXIT.ok;
	}
	const rows = records.map((record) => [
		localDateTimeWithOffset(record.time),
		record.operation,
		valuesOf(record),
		OUTCOME[record.outcome],
		sanitize(record.orderId ?? '—'),
		sanitize(record.detail ?? ''),
		checkOf(record),
	]);
	const sending = records.some((record) => record.outcome === 'sending')
		? [
				'',
				'Note: "sending" means no answer was recorded (the run ended mid-request, or is still sending): the request may have been carried out. Check the loans before sending it again.',
			]
		: [];
	printLines(session.out, [
		...fittedTable(session.out, LOCAL_COLUMNS, rows),
		'',
		`${records.length} request${records.length === 1 ? '' : 's'} sent by this app${window}, newest first (${journal.location})`,
		...sending,
		...notes,
	]);
	return EXIT.ok;
}

/** What goes first when the table is too wide: the check's words, then the order, then the values sent. */
const LOCAL_COLUMNS: Column[] = [
	{header: 'TIME', priority: 0},
	{header: 'OPERATION', priority: 0},
	{header: 'VALUES', priority: 1},
	{header: 'OUTCOME', priority: 0},
	{header: 'ORDER', priority: 2},
	{header: 'DETAIL', priority: 3},
	{header: 'CHECK', priority: 3},
];

/** The fields exactly as they were sent. */
function valuesOf(record: MoneyRecord): string {
	return Object.entries(record.values)
		.map(([name, value]) => `${name}=${sanitize(value)}`)
		.join(' ');
}

/** What the check of the loans found after an unknown outcome: "found: found order 113… (2 reads in 3 s)". */
function checkOf(record: MoneyRecord): string {
	return record.finding ? `${record.finding.status}: ${sanitize(record.finding.message)}` : '';
}

/** The columns every export has, in this order (the same whatever was sent first); the values sent follow, as first seen. */
const LOCAL_CSV_FIELDS = [
	'id',
	'time',
	'operation',
	'origin',
	'outcome',
	'orderId',
	'detail',
	'finding.status',
	'finding.message',
	'finding.orderId',
	'finding.checkedAt',
	'updated',
];

/** The records as --json prints them, as CSV after a time_utc column; the values sent and the check's finding are a
 * column each (values.loanCoin, finding.status…). */
function localCsv(records: readonly MoneyRecord[]): string {
	return recordsCsv(records.map(jsonOf), {leading: [[CSV_TIME_COLUMN, (record) => spreadsheetUtc(record.time)]], fields: LOCAL_CSV_FIELDS});
}

/** The record as --json prints it: its own fields, without the journal's write counter. */
function jsonOf(record: MoneyRecord): Omit<MoneyRecord, 'seq'> {
	const {seq: _seq, ...rest} = record;
	return rest;
}
