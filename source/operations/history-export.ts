// A loan history as CSV, for `loan-tui history KIND --csv` and the History screen's `e`: every field of every record as
// --json has it, after a time_utc column a spreadsheet or a tax tool reads as a date (format/csv.ts, format/time.ts).
// The screen's file is written where a person finds it (the working directory, else home), never over another file,
// readable by its owner only: these are financial records.
import {constants} from 'node:fs';
import {open, rm} from 'node:fs/promises';
import {join} from 'node:path';
import type {HistoryKind, HistoryRecords} from '../api/loan-types.js';
import {recordsCsv} from '../format/csv.js';
import {sanitize} from '../format/sanitize.js';
import {spreadsheetUtc} from '../format/time.js';
import {TIME_OF, type AnyHistoryRecord} from './history-window.js';

/** Each history's word on the command line (`history loans`) and in file names, and a record of it in words. */
export const HISTORY_WORDS: Record<HistoryKind, {word: string; one: string; many: string}> = {
	borrowHistory: {word: 'loans', one: 'loan', many: 'loans'},
	repayHistory: {word: 'repayments', one: 'repayment', many: 'repayments'},
	reviseHistory: {word: 'collateral', one: 'collateral change', many: 'collateral changes'},
	reduces: {word: 'liquidations', one: 'liquidation', many: 'liquidations'},
};

/** The fields each record has (api/loan-schemas.ts), in the order --json prints them: the header of an empty export
 * too. A field the server adds is kept, after these. */
const FIELDS: {[K in HistoryKind]: ReadonlyArray<keyof HistoryRecords[K]>} = {
	borrowHistory: ['orderId', 'loanCoin', 'pledgeCoin', 'initPledgeAmount', 'initLoanAmount', 'hourRate', 'daily', 'borrowTime', 'status'],
	repayHistory: ['loanCoin', 'pledgeCoin', 'repayAmount', 'payInterest', 'repayLoanAmount', 'repayUnlockAmount', 'orderId', 'repayTime'],
	reviseHistory: ['loanCoin', 'pledgeCoin', 'orderId', 'reviseTime', 'reviseSide', 'reviseAmount', 'afterPledgeRate', 'beforePledgeRate'],
	reduces: [
		'orderId',
		'loanCoin',
		'pledgeCoin',
		'reduceTime',
		'pledgeRate',
		'pledgePrice',
		'status',
		'pledgeAmount',
		'reduceFee',
		'residueAmount',
		'runlockAmount',
		'repayLoanAmount',
	],
};

/** The column before the record's own: when it happened, in UTC ("2026-11-28 10:15:00"). */
export const CSV_TIME_COLUMN = 'time_utc';

export function historyCsv(kind: HistoryKind, records: readonly AnyHistoryRecord[]): string {
	const time = TIME_OF[kind] as (record: AnyHistoryRecord) => string;
	return recordsCsv(records, {leading: [[CSV_TIME_COLUMN, (record) => spreadsheetUtc(time(record))]], fields: FIELDS[kind] as readonly string[]});
}

/** Where the screen writes: the working directory, else the home directory. */
export interface ExportPlaces {
	cwd: string;
	home: string;
}

export interface HistoryExport {
	ok: boolean;
	/** What the screen says: where it wrote, or why it could not. */
	text: string;
	path?: string;
}

/** Names tried after the first, which is never overwritten: loan-tui-loans-2026-11-28-1.csv and on. */
const MAX_SUFFIX = 99;
const pad = (n: number) => String(n).padStart(2, '0');

/** Writes the records of `kind` over the last `days` days to a new CSV file; never throws (a failure is said). */
export async function exportHistoryCsv(
	kind: HistoryKind,
	records: readonly AnyHistoryRecord[],
	days: number,
	places: ExportPlaces,
	now = new Date(),
): Promise<HistoryExport> {
	const words = HISTORY_WORDS[kind];
	const stem = `loan-tui-${words.word}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
	const text = historyCsv(kind, records);
	const failures: string[] = [];
	for (const directory of places.cwd === places.home ? [places.cwd] : [places.cwd, places.home]) {
		try {
			const path = await writeNewFile(directory, stem, text);
			const count = `${records.length} ${records.length === 1 ? words.one : words.many}`;
			return {ok: true, path, text: sanitize(`Wrote ${count} to ${path}`)};
		} catch (error) {
			failures.push(`${directory} (${errorWords(error)})`);
		}
	}
	return {
		ok: false,
		text: sanitize(
			`Could not write ${stem}.csv in ${failures.join(' nor in ')}: start loan-tui in a folder you can write to, or run loan-tui history ${words.word} --days ${days} --csv > ${stem}.csv`,
		),
	};
}

/** "EACCES: permission denied", as Node says it, without the path (said beside it). */
function errorWords(error: unknown): string {
	const {code, message} = error as NodeJS.ErrnoException;
	const first = String(message ?? error).split(',')[0]!;
	return code !== undefined && !first.startsWith(code) ? `${code}: ${first}` : first;
}

/** Creates `stem.csv` in `directory`, or stem-1.csv, stem-2.csv… when it exists: owner-only (0600), never through a
 * symlink, never over a file. A write that fails half-way removes what it created. */
async function writeNewFile(directory: string, stem: string, text: string): Promise<string> {
	for (let suffix = 0; suffix <= MAX_SUFFIX; suffix++) {
		const path = join(directory, suffix === 0 ? `${stem}.csv` : `${stem}-${suffix}.csv`);
		let handle;
		try {
			handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
			throw error;
		}
		try {
			await handle.writeFile(text);
			// The mode asked for at creation is narrowed by the umask, never widened; said again in case the file system ignored it.
			await handle.chmod(0o600);
			await handle.close();
		} catch (error) {
			await handle.close().catch(() => undefined);
			await rm(path, {force: true}).catch(() => undefined);
			throw error;
		}
		return path;
	}
	throw new Error(`${stem}.csv and ${stem}-1 to -${MAX_SUFFIX}.csv all exist, move some away`);
}
