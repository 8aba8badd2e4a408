// What the Loans screen's body holds: the lines around the table in words, the totals, and the window of loans the
// rows left hold. Each line wraps at whole words (never cut) and takes the rows it wraps to. Pure.
import type {Debts} from '../../api/loan-types.js';
import {totalItem} from '../../format/loan-prices.js';
import type {PriceRead} from '../../loans/prices.js';
import {sanitize} from '../../format/sanitize.js';
import {unreadableNote} from '../../format/unreadable.js';
import {ago} from '../../format/time.js';
import {wrapLines} from '../../format/wrap.js';
import {errorLine} from '../../format/describe-error.js';
import {filterTerms, rowMatches} from '../../format/row-filter.js';
import type {LoanBookState} from './book-reducer.js';
import {selectedIndex, windowStart, type LoanListState} from './list-reducer.js';
import {linesPerLoan, type LoanTable} from './loan-rows.js';
import {CHANCE_DISCLAIMER} from '../../format/chance-words.js';

/** The totals' labels, and where an item that does not fit on the label's line starts. */
const TOTAL_LABEL = 15;

/** The lines around the table; undefined: not shown. */
interface LoansTexts {
	/** The title's bold part ("Loans · 2 ongoing · riskiest first") and its dim part ("· updated 12 s ago"). */
	heading: string;
	status: string;
	failed?: string;
	unreadable?: string;
	/** The last copy's message (shown under the loan it was about). */
	notice?: string;
	prices?: string;
	worsened?: string;
	debtsError?: string;
	/** Once, under the table, when it shows a chance: what the column is, and that it is a model. */
	chanceNote?: string;
}

interface LoansLayoutInput {
	list: LoanListState;
	book: LoanBookState;
	/** Every loan's table, riskiest first. */
	table: LoanTable;
	notice?: string;
	worsened?: string;
	/** The prices the totals are valued at (those the table shows), at server time `serverNow`. */
	totalPrices?: PriceRead;
	serverNow: number;
	/** Local time, for "updated 12 s ago". */
	now: number;
	columns: number;
	rows: number;
}

export interface LoansLayout {
	texts: LoansTexts;
	totals: string[];
	/** The rows the filter keeps (the table's widths stay those of every loan), and their order ids. */
	table: LoanTable;
	ids: string[];
	/** The selected row, its loan, and the window over the rows. */
	index: number;
	selectedId?: string;
	offset: number;
	pageSize: number;
	/** The filter line shows: open, or a filter kept. */
	filterShown: boolean;
	/** The rows "sent from here" has: the body below the title and the failed-refresh line. */
	sentRows: number;
}

/** The chance column's footnote: what it is where the width has room for it, else the disclaimer alone (one line at 60
 * columns, so both loans of a 60×16 terminal keep their rows). */
function chanceNote(columns: number): string {
	const long = `CHANCE: of a margin call by the term's end. ${CHANCE_DISCLAIMER}`;
	return [...long].length <= columns - 1 ? long : CHANCE_DISCLAIMER;
}

function loansTexts({
	list,
	book,
	notice,
	worsened,
	now,
	table,
	columns,
}: Pick<LoansLayoutInput, 'list' | 'book' | 'notice' | 'worsened' | 'now' | 'table' | 'columns'>): LoansTexts {
	const unreadable = book.unreadable ?? 0;
	const pricesProblem = book.prices && !book.prices.prices.ok ? book.prices.prices.problem : undefined;
	const debtsError =
		book.debtsError === undefined
			? undefined
			: book.debts
				? `(totals from the read before: ${errorLine(book.debtsError)})`
				: `Totals unavailable: ${errorLine(book.debtsError)}`;
	return {
		heading: list.showSent ? 'Loans · sent from here · newest first' : `Loans${book.loans ? ` · ${book.loans.length} ongoing · riskiest first` : ''}`,
		status: `${book.updatedAt !== undefined ? ` · updated ${ago(book.updatedAt, Math.max(now, book.updatedAt))}` : ''}${book.loading ? ' · refreshing…' : ''}`,
		failed:
			book.error !== undefined && book.loans !== undefined
				? `✗ Refresh failed: ${errorLine(book.error)} (showing the last answer; Ctrl+R to retry)`
				: undefined,
		unreadable: !list.showSent && book.loans !== undefined && unreadable > 0 ? `${unreadableNote(unreadable)}.` : undefined,
		notice,
		prices: pricesProblem !== undefined ? `Prices unavailable: ${sanitize(pricesProblem)}` : undefined,
		worsened: worsened || undefined,
		debtsError,
		chanceNote: !list.showSent && table.chanceShown ? chanceNote(columns) : undefined,
	};
}

export function loansLayout(input: LoansLayoutInput): LoansLayout {
	const {list, columns, rows} = input;
	const texts = loansTexts(input);
	const totals = totalLines(input.book.debts, columns, input.totalPrices, input.serverNow);
	const terms = filterTerms(list.query);
	const table = {...input.table, rows: input.table.rows.filter((row) => rowMatches(row.text, terms))};
	const ids = table.rows.map((row) => row.orderId);
	const filterShown = list.filtering || list.query !== '';
	// What the list shares the body with: the title, the lines above the table, the header and the totals. The window
	// line ("loans 1-2 of 5") only when not every loan fits.
	const rowsOf = (text: string | undefined) => (text === undefined ? 0 : wrapLines(text, columns).length);
	const title = rowsOf(texts.heading + texts.status);
	const above = title + rowsOf(texts.failed) + rowsOf(texts.unreadable) + (filterShown ? 1 : 0);
	const below = totals.length + rowsOf(texts.debtsError) + rowsOf(texts.notice) + rowsOf(texts.prices) + rowsOf(texts.worsened);
	const perLoan = linesPerLoan(table);
	const pageIn = (room: number) => (ids.length * perLoan <= room ? Math.max(1, ids.length) : Math.max(1, Math.floor((room - 1) / perLoan)));
	const room = rows - above - table.header.length - below;
	// The chance's footnote takes its line only where that leaves the page as many loans (at 60×16 two loans fill the
	// body exactly: they keep their rows).
	const noteFits = pageIn(room - rowsOf(texts.chanceNote)) === pageIn(room);
	if (!noteFits) texts.chanceNote = undefined;
	const pageSize = pageIn(room - rowsOf(texts.chanceNote));
	const index = selectedIndex(list, ids);
	const offset = windowStart(index, list.offset, ids.length, pageSize);
	const sentRows = rows - title - rowsOf(texts.failed);
	return {texts, totals, table, ids, index, selectedId: ids[index], offset, pageSize, filterShown, sentRows};
}

/** The totals as lines: "Total owed" and "Total pledged" with their items on one line, or one item a line (under
 * the first) when they do not fit the width: an amount is never cut. */
function totalLines(debts: Debts | undefined, columns: number, prices: PriceRead | undefined, now: number): string[] {
	if (!debts) return [];
	// Valued at the prices the table shows (format/loan-prices.ts totalItem).
	const items = (list: Debts['loanInfos'], inUsdt: boolean) => {
		if (list.length === 0) return ['none'];
		return list.map((item) => {
			const total = totalItem(item, prices, now);
			return `${total.amount}${inUsdt && total.usdt !== undefined ? ` (${total.usdt})` : ''}`;
		});
	};
	const fits = (line: string) => [...line].length <= columns - 1;
	// Each total on one line with its USDT values; without them when that does not fit; else an item a line.
	const block = (label: string, list: Debts['loanInfos']) => {
		for (const inUsdt of [true, false]) {
			const one = `${label.padEnd(TOTAL_LABEL)}${items(list, inUsdt).join(', ')}`;
			if (fits(one)) return [one];
		}
		const parts = items(list, true);
		return parts.map((part, i) => `${(i === 0 ? label : '').padEnd(TOTAL_LABEL)}${part}${i < parts.length - 1 ? ',' : ''}`);
	};
	return [...block('Total owed', debts.loanInfos), ...block('Total pledged', debts.pledgeInfos)];
}
