// One history's records as table lines: a heading and one line per record, amounts right-aligned at their coin's
// precision (format/money.ts), times with their zone offset, statuses and periods in words. Columns have a priority:
// as the terminal narrows the least important go first (as in the CLI's tables), so a status or an amount is never
// cut to a prefix.
import type {HistoryKind, HistoryRecords} from '../../api/loan-types.js';
import {alignRight, coinAmount, hourlyRate, ltvPercent, withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {localDateTimeWithOffset} from '../../format/time.js';
import {loanStatusWords, periodWords} from '../../format/loan-words.js';
import {keptColumns} from '../../runtime/output.js';
import type {AnyRecord} from './use-history-records.js';

/** priority 0 stays; the highest goes first when the line is too wide (the rightmost of equals first). */
type Column = {heading: string; cells: string[]; right?: boolean; priority: number};

/** A column of amounts, each in its own coin at that coin's precision, right-aligned. */
const amounts = (values: string[], coins: string[]) => alignRight(values.map((value, i) => withCoin(value, sanitize(coins[i]!))));
/** The same without the coin, where the heading or a neighbour names it. */
const numbers = (values: string[], coins: string[]) => alignRight(values.map((value, i) => coinAmount(value, coins[i]!)));

const borrowColumns = (r: readonly HistoryRecords['borrowHistory'][]): Column[] => [
	{heading: 'TIME', priority: 1, cells: r.map((x) => localDateTimeWithOffset(x.borrowTime))},
	{heading: 'ORDER', priority: 0, cells: r.map((x) => x.orderId)},
	{
		heading: 'BORROWED',
		priority: 0,
		cells: amounts(
			r.map((x) => x.initLoanAmount),
			r.map((x) => x.loanCoin),
		),
		right: true,
	},
	{
		heading: 'PLEDGED',
		priority: 2,
		cells: amounts(
			r.map((x) => x.initPledgeAmount),
			r.map((x) => x.pledgeCoin),
		),
		right: true,
	},
	{heading: 'HOURLY', priority: 4, cells: alignRight(r.map((x) => hourlyRate(x.hourRate))), right: true},
	{heading: 'PERIOD', priority: 3, cells: r.map((x) => periodWords(x.daily))},
	{heading: 'STATUS', priority: 0, cells: r.map((x) => loanStatusWords(x.status))},
];

const repayColumns = (r: readonly HistoryRecords['repayHistory'][]): Column[] => [
	{heading: 'TIME', priority: 2, cells: r.map((x) => localDateTimeWithOffset(x.repayTime))},
	{heading: 'ORDER', priority: 0, cells: r.map((x) => x.orderId)},
	{
		heading: 'REPAID',
		priority: 0,
		cells: amounts(
			r.map((x) => x.repayAmount),
			r.map((x) => x.loanCoin),
		),
		right: true,
	},
	{
		heading: 'INTEREST',
		priority: 3,
		cells: numbers(
			r.map((x) => x.payInterest),
			r.map((x) => x.loanCoin),
		),
		right: true,
	},
	{
		heading: 'PRINCIPAL',
		priority: 4,
		cells: numbers(
			r.map((x) => x.repayLoanAmount),
			r.map((x) => x.loanCoin),
		),
		right: true,
	},
	{
		heading: 'RELEASED',
		priority: 1,
		cells: amounts(
			r.map((x) => x.repayUnlockAmount),
			r.map((x) => x.pledgeCoin),
		),
		right: true,
	},
];

/** Bitget's side is the LTV's: "down" is collateral added. */
const reviseSide = (x: HistoryRecords['reviseHistory']) => (x.reviseSide === 'down' ? 'added' : x.reviseSide === 'up' ? 'withdrawn' : sanitize(x.reviseSide));

const reviseColumns = (r: readonly HistoryRecords['reviseHistory'][]): Column[] => [
	{heading: 'TIME', priority: 1, cells: r.map((x) => localDateTimeWithOffset(x.reviseTime))},
	{heading: 'ORDER', priority: 0, cells: r.map((x) => x.orderId)},
	{heading: 'CHANGE', priority: 0, cells: r.map(reviseSide)},
	{
		heading: 'AMOUNT',
		priority: 0,
		cells: amounts(
			r.map((x) => x.reviseAmount),
			r.map((x) => x.pledgeCoin),
		),
		right: true,
	},
	{heading: 'LTV BEFORE', priority: 3, cells: alignRight(r.map((x) => ltvPercent(x.beforePledgeRate))), right: true},
	{heading: 'LTV AFTER', priority: 2, cells: alignRight(r.map((x) => ltvPercent(x.afterPledgeRate))), right: true},
];

const reduceColumns = (r: readonly HistoryRecords['reduces'][]): Column[] => [
	{heading: 'TIME', priority: 2, cells: r.map((x) => localDateTimeWithOffset(x.reduceTime))},
	{heading: 'ORDER', priority: 0, cells: r.map((x) => x.orderId)},
	{heading: 'LTV', priority: 4, cells: alignRight(r.map((x) => ltvPercent(x.pledgeRate))), right: true},
	{
		heading: 'SOLD',
		priority: 0,
		cells: amounts(
			r.map((x) => x.pledgeAmount),
			r.map((x) => x.pledgeCoin),
		),
		right: true,
	},
	{
		heading: 'FEE',
		priority: 5,
		cells: numbers(
			r.map((x) => x.reduceFee),
			r.map((x) => x.loanCoin),
		),
		right: true,
	},
	{
		heading: 'DEBT REPAID',
		priority: 1,
		cells: amounts(
			r.map((x) => x.repayLoanAmount),
			r.map((x) => x.loanCoin),
		),
		right: true,
	},
	{
		heading: 'RELEASED',
		priority: 3,
		cells: amounts(
			r.map((x) => x.runlockAmount),
			r.map((x) => x.pledgeCoin),
		),
		right: true,
	},
	{heading: 'STATUS', priority: 0, cells: r.map((x) => loanStatusWords(x.status))},
];

const COLUMNS: {[K in HistoryKind]: (records: readonly HistoryRecords[K][]) => Column[]} = {
	borrowHistory: borrowColumns,
	repayHistory: repayColumns,
	reviseHistory: reviseColumns,
	reduces: reduceColumns,
};

/** The records are the kind's (use-history-records.ts reads them by kind). */
const columnsOf = (kind: HistoryKind, records: readonly AnyRecord[]): Column[] => (COLUMNS[kind] as (records: readonly AnyRecord[]) => Column[])(records);

export interface HistoryTable {
	header: string;
	lines: string[];
	/** Each record's order id, in the lines' order. */
	orderIds: string[];
	/** Each record's text with every column, left out or not (what the filter searches). */
	texts: string[];
	/** Headings left out to fit the width. */
	left: string[];
}

/** Heading and lines for `records` (all of them, so every page shares the same column widths), fitted to `width`. */
export function historyLines(kind: HistoryKind, records: readonly AnyRecord[], width?: number): HistoryTable {
	const columns = columnsOf(kind, records);
	const widths = columns.map((column) => Math.max(column.heading.length, ...column.cells.map((cell) => [...cell].length)));
	const kept = keptColumns(
		columns.map((column) => ({header: column.heading, priority: column.priority})),
		widths,
		width,
		width !== undefined,
	);
	const line = (cell: (column: Column, i: number) => string) =>
		kept
			.map((i) => {
				const column = columns[i]!;
				return column.right ? cell(column, i).padStart(widths[i]!) : cell(column, i).padEnd(widths[i]!);
			})
			.join('  ')
			.trimEnd();
	return {
		header: line((column) => column.heading),
		lines: records.map((_, r) => line((column) => column.cells[r]!)),
		orderIds: records.map((record) => (record as {orderId: string}).orderId),
		texts: records.map((record, r) => [...columns.map((column) => column.cells[r]!), (record as {status?: string}).status ?? ''].join(' ')),
		left: columns.filter((_, i) => !kept.includes(i)).map((column) => column.heading),
	};
}
