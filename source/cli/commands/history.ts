// loan-tui history (loans|repayments|collateral|liquidations) [--days N] [--csv]: every page of the window, newest first,
// as a table, JSON or CSV (operations/history-export.ts).
import type {HistoryKind, HistoryRecords} from '../../api/loan-types.js';
import {HISTORY_MAX_DAYS} from '../../api/loan-types.js';
import {localDateTimeWithOffset} from '../../format/time.js';
import {coinAmount, hourlyRate, ltvPercent, withCoin} from '../../format/money.js';
import {loanStatusWords, periodWords} from '../../format/loan-words.js';
import {sanitize} from '../../format/sanitize.js';
import {unreadableNote} from '../../format/unreadable.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {type Column, fittedTable, type Output, printJson, printLines} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {readHistoryWindow} from '../../operations/history-window.js';
import {historyCsv} from '../../operations/history-export.js';
import {didYouMean} from '../../format/suggest.js';

export const HISTORY_KINDS: Record<string, HistoryKind> = {
	loans: 'borrowHistory',
	repayments: 'repayHistory',
	collateral: 'reviseHistory',
	liquidations: 'reduces',
};
export const DEFAULT_HISTORY_DAYS = 30;

export function historyDays(value: string | undefined): number {
	if (value === undefined) return DEFAULT_HISTORY_DAYS;
	if (!/^\d{1,3}$/.test(value.trim()) || Number(value) < 1 || Number(value) > HISTORY_MAX_DAYS) {
		throw new UsageError(`--days must be a whole number from 1 to ${HISTORY_MAX_DAYS}, as the API keeps three months (got ${JSON.stringify(value)})`);
	}
	return Number(value);
}

export async function runHistory(session: Session, positionals: string[], values: ParsedArgs['values']): Promise<ExitCode> {
	if (values.local) {
		if (positionals.length > 0)
			throw new UsageError(
				'history --local takes no kind: it lists every borrow, repayment and collateral change this app sent',
				'See loan-tui history --help.',
			);
		return (await import('./local-history.js')).runLocalHistory(session, values.days === undefined ? undefined : historyDays(values.days), {
			csv: values.csv === true,
		});
	}
	const name = positionals[0];
	const found = name === undefined ? undefined : HISTORY_KINDS[name.toLowerCase()];
	if (found === undefined) {
		const kinds = Object.keys(HISTORY_KINDS);
		throw new UsageError(
			name === undefined
				? `history needs one of: ${kinds.join(', ')} (or --local)`
				: `unknown history kind "${name}"${didYouMean(name, kinds)}: one of ${kinds.join(', ')} (or --local)`,
			'See loan-tui history --help.',
		);
	}
	const kind: HistoryKind = found;
	const days = historyDays(values.days);
	await session.requireCredentials();
	const {records, unreadable, firstProblem, complete} = await readHistoryWindow(session.client, kind, days);
	// Records that could not be read are left out and said on stderr; the exit status stays 0 (what was read is shown).
	if (unreadable > 0)
		session.out.stderr.write(`loan-tui: warning: ${unreadableNote(unreadable)}${firstProblem ? ` (first: ${sanitize(firstProblem)})` : ''}\n`);
	if (session.out.json) {
		printJson(session.out, {records, unreadable});
		return EXIT.ok;
	}
	if (values.csv) {
		if (!complete) session.out.stderr.write(`loan-tui: warning: only the first ${records.length} records were read (the page limit)\n`);
		session.out.stdout.write(historyCsv(kind, records));
		return EXIT.ok;
	}
	const label = `${name!.toLowerCase()} in the last ${days} day${days === 1 ? '' : 's'}`;
	if (records.length === 0) {
		printLines(session.out, [unreadable > 0 ? `No readable ${label}.` : `No ${label}.`]);
		return EXIT.ok;
	}
	const footer = `${records.length} record${records.length === 1 ? '' : 's'}: ${label}, newest first${complete ? '' : ` (only the first ${records.length} read)`}`;
	printLines(session.out, [...rowsOf(session.out, kind, records), '', footer]);
	return EXIT.ok;
}

/** Columns by priority (0 stays; the highest goes first when the table is too wide), as the app's History has them
 * (screens/history/history-rows.ts): the order, its amounts and its status stay whole, the time goes before them. */
const columns = (...spec: Array<[string, number]>): Column[] => spec.map(([header, priority]) => ({header, priority}));

function rowsOf(out: Output, kind: HistoryKind, records: unknown[]): string[] {
	const s = sanitize;
	const table = (headers: Column[], rows: string[][]) => fittedTable(out, headers, rows);
	switch (kind) {
		case 'borrowHistory':
			return table(
				columns(['TIME', 1], ['ORDER', 0], ['BORROWED', 0], ['PLEDGED', 2], ['HOURLY', 4], ['PERIOD', 3], ['STATUS', 0]),
				(records as HistoryRecords['borrowHistory'][]).map((r) => [
					localDateTimeWithOffset(r.borrowTime),
					r.orderId,
					withCoin(r.initLoanAmount, s(r.loanCoin)),
					withCoin(r.initPledgeAmount, s(r.pledgeCoin)),
					hourlyRate(r.hourRate),
					periodWords(r.daily),
					loanStatusWords(r.status),
				]),
			);
		case 'repayHistory':
			return table(
				columns(['TIME', 2], ['ORDER', 0], ['REPAID', 0], ['INTEREST', 3], ['PRINCIPAL', 4], ['RELEASED', 1]),
				(records as HistoryRecords['repayHistory'][]).map((r) => [
					localDateTimeWithOffset(r.repayTime),
					r.orderId,
					withCoin(r.repayAmount, s(r.loanCoin)),
					coinAmount(r.payInterest, r.loanCoin),
					coinAmount(r.repayLoanAmount, r.loanCoin),
					withCoin(r.repayUnlockAmount, s(r.pledgeCoin)),
				]),
			);
		case 'reviseHistory':
			return table(
				columns(['TIME', 1], ['ORDER', 0], ['CHANGE', 0], ['LTV BEFORE', 3], ['LTV AFTER', 2]),
				(records as HistoryRecords['reviseHistory'][]).map((r) => [
					localDateTimeWithOffset(r.reviseTime),
					r.orderId,
					`${r.reviseSide === 'down' ? 'added' : r.reviseSide === 'up' ? 'withdrew' : s(r.reviseSide)} ${withCoin(r.reviseAmount, s(r.pledgeCoin))}`,
					ltvPercent(r.beforePledgeRate),
					ltvPercent(r.afterPledgeRate),
				]),
			);
		case 'reduces':
			return table(
				columns(['TIME', 2], ['ORDER', 0], ['LTV', 4], ['SOLD', 0], ['PRICE', 5], ['FEE', 5], ['DEBT REPAID', 1], ['RELEASED', 3], ['STATUS', 0]),
				(records as HistoryRecords['reduces'][]).map((r) => [
					localDateTimeWithOffset(r.reduceTime),
					r.orderId,
					ltvPercent(r.pledgeRate),
					withCoin(r.pledgeAmount, s(r.pledgeCoin)),
					r.pledgePrice,
					coinAmount(r.reduceFee, r.loanCoin),
					withCoin(r.repayLoanAmount, s(r.loanCoin)),
					withCoin(r.runlockAmount, s(r.pledgeCoin)),
					loanStatusWords(r.status),
				]),
			);
	}
}
