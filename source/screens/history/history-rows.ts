// One history's records as table lines: a heading and one line per record, amounts right-aligned at their coin's
// precision (format/money.ts), times with their zone offset.
import type {HistoryKind, HistoryRecords} from '../../api/loan-types.js';
import {alignRight, coinAmount, hourlyRate, ltvPercent, withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {localDateTimeWithOffset} from '../../format/time.js';
import type {AnyRecord} from './use-history-records.js';

type Column = {heading: string; cells: string[]; right?: boolean};

/** A column of amounts, each in its own coin at that coin's precision, right-aligned. */
const amounts = (values: string[], coins: string[]) => alignRight(values.map((value, i) => withCoin(value, sanitize(coins[i]!))));
/** The same without the coin, where the heading or a neighbour names it. */
const numbers = (values: string[], coins: string[]) => alignRight(values.map((value, i) => coinAmount(value, coins[i]!)));

function columnsOf(kind: HistoryKind, records: readonly AnyRecord[]): Column[] {
	const s = sanitize;
	switch (kind) {
		case 'borrowHistory': {
			const r = records as HistoryRecords['borrowHistory'][];
			return [
				{heading: 'TIME', cells: r.map((x) => localDateTimeWithOffset(x.borrowTime))},
				{heading: 'ORDER', cells: r.map((x) => x.orderId)},
				{heading: 'BORROWED', cells: amounts(r.map((x) => x.initLoanAmount), r.map((x) => x.loanCoin)), right: true},
				{heading: 'PLEDGED', cells: amounts(r.map((x) => x.initPledgeAmount), r.map((x) => x.pledgeCoin)), right: true},
				{heading: 'HOURLY', cells: alignRight(r.map((x) => hourlyRate(x.hourRate))), right: true},
				{heading: 'PERIOD', cells: r.map((x) => s(x.daily))},
				{heading: 'STATUS', cells: r.map((x) => s(x.status))},
			];
		}
		case 'repayHistory': {
			const r = records as HistoryRecords['repayHistory'][];
			return [
				{heading: 'TIME', cells: r.map((x) => localDateTimeWithOffset(x.repayTime))},
				{heading: 'ORDER', cells: r.map((x) => x.orderId)},
				{heading: 'REPAID', cells: amounts(r.map((x) => x.repayAmount), r.map((x) => x.loanCoin)), right: true},
				{heading: 'INTEREST', cells: numbers(r.map((x) => x.payInterest), r.map((x) => x.loanCoin)), right: true},
				{heading: 'PRINCIPAL', cells: numbers(r.map((x) => x.repayLoanAmount), r.map((x) => x.loanCoin)), right: true},
				{heading: 'RELEASED', cells: amounts(r.map((x) => x.repayUnlockAmount), r.map((x) => x.pledgeCoin)), right: true},
			];
		}
		case 'reviseHistory': {
			const r = records as HistoryRecords['reviseHistory'][];
			const side = (x: HistoryRecords['reviseHistory']) => (x.reviseSide === 'down' ? 'added' : x.reviseSide === 'up' ? 'withdrawn' : s(x.reviseSide));
			return [
				{heading: 'TIME', cells: r.map((x) => localDateTimeWithOffset(x.reviseTime))},
				{heading: 'ORDER', cells: r.map((x) => x.orderId)},
				{heading: 'CHANGE', cells: r.map(side)},
				{heading: 'AMOUNT', cells: amounts(r.map((x) => x.reviseAmount), r.map((x) => x.pledgeCoin)), right: true},
				{heading: 'LTV BEFORE', cells: alignRight(r.map((x) => ltvPercent(x.beforePledgeRate))), right: true},
				{heading: 'LTV AFTER', cells: alignRight(r.map((x) => ltvPercent(x.afterPledgeRate))), right: true},
			];
		}
		case 'reduces': {
			const r = records as HistoryRecords['reduces'][];
			return [
				{heading: 'TIME', cells: r.map((x) => localDateTimeWithOffset(x.reduceTime))},
				{heading: 'ORDER', cells: r.map((x) => x.orderId)},
				{heading: 'LTV', cells: alignRight(r.map((x) => ltvPercent(x.pledgeRate))), right: true},
				{heading: 'SOLD', cells: amounts(r.map((x) => x.pledgeAmount), r.map((x) => x.pledgeCoin)), right: true},
				{heading: 'FEE', cells: numbers(r.map((x) => x.reduceFee), r.map((x) => x.loanCoin)), right: true},
				{heading: 'DEBT REPAID', cells: amounts(r.map((x) => x.repayLoanAmount), r.map((x) => x.loanCoin)), right: true},
				{heading: 'RELEASED', cells: amounts(r.map((x) => x.runlockAmount), r.map((x) => x.pledgeCoin)), right: true},
				{heading: 'STATUS', cells: r.map((x) => s(x.status))},
			];
		}
	}
}

/** Heading and lines for `records` (all of them, so every page shares the same column widths). */
export function historyLines(kind: HistoryKind, records: readonly AnyRecord[]): {header: string; lines: string[]} {
	const columns = columnsOf(kind, records);
	const widths = columns.map((column) => Math.max(column.heading.length, ...column.cells.map((cell) => [...cell].length)));
	const line = (cell: (column: Column, i: number) => string) =>
		columns.map((column, i) => (column.right ? cell(column, i).padStart(widths[i]!) : cell(column, i).padEnd(widths[i]!))).join('  ').trimEnd();
	return {header: line((column) => column.heading), lines: records.map((_, r) => line((column) => column.cells[r]!))};
}
