// The Plan screen's list stage as text: the line above the table, the prices line, the highlighted way's prices in
// full and the position line (each drawn wrapped, and counted as it wraps to size the page), and the table itself,
// fitted to the width with the command's columns and the fall to the liquidation price, and once under it what the
// chance of a margin call is (a model, not a promise).
import Big from 'big.js';
import {CHANCE_DISCLAIMER} from '../../format/chance-words.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {fallPercent, withCoin} from '../../format/money.js';
import {markPrice} from '../../format/price.js';
import {sanitize} from '../../format/sanitize.js';
import {fitTable, type Column} from '../../format/table.js';
import {wrapLines} from '../../format/wrap.js';
import type {Plan, PlanRow, PlanSort} from '../../operations/plan.js';
import {noPriceWords, planCells, PLAN_COLUMNS, pricesLine} from '../../operations/plan-words.js';
import type {PlanRequestValues} from './reducer.js';

/** Rows of the list stage around the rows besides the lines that wrap (the title, the prices line, the highlighted
 * row's prices and the position line, each counted as it wraps): the table header. */
const TABLE_HEADER = 1;

/** The app's columns: the command's, with the fall to the liquidation price beside the APR and the chance of a
 * margin call (short columns that fit 60 columns: "CHANCE" there), and the longest columns going first when the line
 * is short. */
const APP_PRIORITY: Record<string, number> = {
	PLEDGE: 0,
	PERIOD: 0,
	COLLATERAL: 0,
	APR: 0,
	'≈ USDT': 4,
	LTV: 3,
	PRICE: 5,
	'MARGIN CALL AT': 2,
	'LIQUIDATION AT': 1,
	'CALL CHANCE': 0,
};
const FALL_COLUMN: Column = {header: 'TO LIQ.', priority: 0};
const APP_COLUMNS: Column[] = [...PLAN_COLUMNS.slice(0, 5), FALL_COLUMN, ...PLAN_COLUMNS.slice(5)].map((column) => ({
	...column,
	priority: APP_PRIORITY[column.header] ?? column.priority,
}));

/** Under 80 columns the fall to liquidation and the chance of a margin call ("CHANCE" there) do not both fit 60
 * columns: the one the list is sorted by stays (the chance when by cost), the other goes after every other column
 * but the first four (the highlighted way's lines still say both in full). */
function narrowColumns(sort: PlanSort): Column[] {
	const loser = sort === 'safety' ? 'CALL CHANCE' : FALL_COLUMN.header;
	return APP_COLUMNS.map((column) => ({
		header: column.header === 'CALL CHANCE' ? 'CHANCE' : column.header,
		priority: column.header === loser ? 0.5 : column.priority,
	}));
}

/** A row's cells under APP_COLUMNS. */
function appCells(row: PlanRow, coin: string, narrow: boolean): string[] {
	const cells = planCells(row, coin);
	if (narrow && row.period === 'FLEXIBLE') cells[1] = 'flexible';
	const fall = row.prices ? (new Big(row.prices.liquidationDistance).lte(0) ? 'reached' : fallPercent(row.prices.liquidationDistance)) : noPriceWords(row);
	return [...cells.slice(0, 5), fall, ...cells.slice(5)];
}

/** "Borrow 1,000 USDT · all periods · 12 ways by cost". */
export function headWords(asked: PlanRequestValues, ways: number | undefined, sort: string): string {
	const coin = sanitize(asked.loanCoin);
	return `Borrow ${withCoin(asked.loanAmount, coin)} · ${asked.periods === 'ALL' ? 'all periods' : PERIOD_LABEL[asked.periods]}${ways === undefined ? '' : ` · ${ways} ways by ${sort}`}`;
}

export interface ListWords {
	head: string;
	prices: string;
	chosen: {text: string; bad?: boolean}[];
	position(from: number, to: number): string;
	/** Once under the table: what the chance column is. */
	disclaimer: string;
}

/** The list stage's lines around the table, as text: each is drawn wrapped and counted as it wraps. */
export function listWords(plan: Plan, asked: PlanRequestValues, ways: number, sort: string, chosen: PlanRow | undefined): ListWords {
	return {
		head: headWords(asked, ways, sort),
		prices:
			plan.prices.status === 'unavailable'
				? `Prices unavailable (${sanitize(plan.prices.problem)}): no LTV or liquidation price is shown.`
				: `Prices: ${pricesLine(plan.rows, asked.loanCoin)}`,
		chosen: chosen ? chosenWays(chosen, asked.loanCoin) : [],
		position: (from: number, to: number) => `ways ${from}-${to} of ${ways} · collateral derived from one estimate each`,
		disclaimer: `Chance of a margin call: ${CHANCE_DISCLAIMER}`,
	};
}

/** The highlighted way's margin-call and liquidation prices in full (the table may leave them out at 60 columns). */
function chosenWays(row: PlanRow, coin: string): {text: string; bad?: boolean}[] {
	const name = `${sanitize(row.pledgeCoin)} ${PERIOD_LABEL[row.period]}`;
	if (row.error !== undefined) return [{text: `✗ ${name} not estimated: ${sanitize(row.error)}`, bad: true}, {text: ' '}];
	if (!row.prices) {
		const why = row.price.status === 'unavailable' ? 'prices unavailable' : `no price of ${sanitize(row.pledgeCoin)} in ${sanitize(coin)}`;
		return [{text: `${name}: margin call at ${noPriceWords(row)}`}, {text: `liquidation at ${noPriceWords(row)} (${why})`}];
	}
	return [
		{text: `${name}: margin call at ${markPrice(row.prices.marginCallPrice, row.prices.marginCallDistance, coin)}`},
		{text: `liquidation at ${markPrice(row.prices.liquidationPrice, row.prices.liquidationDistance, coin)}`},
	];
}

/** The table's rows on a page: what the body's rows leave once the lines around the list wrap at whole words. */
export function listPage(words: ListWords | undefined, ways: number, columns: number, bodyRows: number): number {
	const rowsOf = (text: string) => wrapLines(text, columns).length;
	const around = words
		? [words.head, words.prices, ...words.chosen.map((line) => line.text), words.position(ways, ways), words.disclaimer].reduce(
				(sum, text) => sum + rowsOf(text),
				TABLE_HEADER,
			)
		: 0;
	return Math.max(1, bodyRows - around);
}

/** The table fitted to `columns` (each line follows the selection mark "› "; a column that does not fit goes, every
 * value whole), and the page of its lines that keeps the highlighted row in view. */
export function waysTable(plan: Plan, sorted: readonly PlanRow[], columns: number, at: {highlighted: number; top: number; page: number; sort: PlanSort}) {
	const narrow = columns < 80;
	const fitted = fitTable(
		narrow ? narrowColumns(at.sort) : APP_COLUMNS,
		sorted.map((row) => appCells(row, sanitize(plan.loanCoin), narrow)),
		columns - 2,
		true,
	);
	const [header = '', ...lines] = fitted.lines;
	const top = Math.min(Math.max(0, at.top, at.highlighted - at.page + 1), at.highlighted);
	return {header, top, shown: lines.slice(top, top + at.page)};
}
