// What the History screen shows of its records, worked out from the records read, the choices and the terminal's
// size: which record is selected, the page it is on, and the lines around the table (tabs, page line, what `e` said,
// unreadable note), which wrap at whole words (never cut) so the page is what their rows leave. Pure.
import {unreadableNote} from '../../format/unreadable.js';
import {wrapLines} from '../../format/wrap.js';
import type {HistoryTable} from './history-rows.js';
import {HISTORY_TABS, recordKey, type HistoryState} from './reducer.js';
import type {AnyRecord} from './use-history-records.js';

/** Rows around the table besides the lines that wrap (tabs, page line, unreadable note): the heading. */
const HEADING = 1;
/** The selection marker before each line. */
export const MARK = 2;

export interface HistoryPageInput {
	choices: HistoryState;
	/** Read and ready: the records, whether every one was read, and how many could not be read. */
	ready: {records: readonly AnyRecord[]; complete: boolean; unreadable: number} | undefined;
	table: HistoryTable;
	/** Indexes of the records the filter lets through. */
	matching: readonly number[];
	/** What the last Enter or c said, and the record it was said of. */
	notice: {text: string; at: number} | undefined;
	/** What the last `e` said (use-history-export.ts): a line under the table. */
	exportText?: string;
	columns: number;
	rows: number;
}

export interface HistoryPage {
	count: number;
	/** Among the matching records; the record back from its loan while that is not yet settled (see restoring). */
	selected: number;
	/** Back from a record's loan: that record's place, until the first key settles it in the choices. */
	restoring: number | undefined;
	/** The selected record's index among the records, and its order. */
	at: number | undefined;
	orderId: string | undefined;
	pageSize: number;
	pages: number;
	page: number;
	/** Indexes (among the records) of the lines on this page. */
	shown: number[];
	/** The line under the table: the notice while its record is selected, else where the page is. */
	foot: {text: string; notice: boolean};
	unreadableText: string | undefined;
	filterShown: boolean;
}

export function historyPage({choices, ready, table, matching, notice, exportText, columns, rows}: HistoryPageInput): HistoryPage {
	const count = matching.length;
	const total = ready?.records.length ?? 0;
	// Back from a record's loan: that record is selected again, found by its identity among the records read now (a
	// newer record may have come first), or by its order; the first frame with the records already shows it.
	const restoring =
		choices.restore !== undefined && ready
			? restoredIndex(
					choices.restore,
					matching.map((i) => ready.records[i]!),
				)
			: undefined;
	const selected = Math.min(restoring ?? choices.selected, Math.max(0, count - 1));
	const at = matching[selected];
	const shownNotice = notice?.at === at ? notice?.text : undefined;
	const filterShown = choices.filtering || choices.query !== '';
	const unreadableText = ready && ready.unreadable > 0 ? `${unreadableNote(ready.unreadable)}.` : undefined;
	const rowsOf = (text: string | undefined) => (text === undefined ? 0 : wrapLines(text, columns).length);
	const complete = ready?.complete ?? true;
	const left = table.left.length;
	// The page line counted at its longest (every number at its largest): its rows do not change as the page moves.
	const longest = pageLine({page: count, pages: count, from: count, to: count, count, total, complete, left});
	const footRows = rowsOf(shownNotice ?? longest);
	const tabsRows = rowsOf(tabsLine(choices.tab, choices.days));
	const pageSize = Math.max(1, rows - tabsRows - HEADING - footRows - rowsOf(unreadableText) - rowsOf(exportText) - (filterShown ? 1 : 0));
	const pages = Math.max(1, Math.ceil(count / pageSize));
	const page = Math.floor(selected / pageSize);
	const shown = matching.slice(page * pageSize, (page + 1) * pageSize);
	const from = count === 0 ? 0 : page * pageSize + 1;
	const foot =
		shownNotice === undefined
			? {text: pageLine({page: page + 1, pages, from, to: page * pageSize + shown.length, count, total, complete, left}), notice: false}
			: {text: shownNotice, notice: true};
	return {
		count,
		selected,
		restoring,
		at,
		orderId: at === undefined ? undefined : table.orderIds[at],
		pageSize,
		pages,
		page,
		shown,
		foot,
		unreadableText,
		filterShown,
	};
}

/** A tab's name on the tabs line: the chosen one in brackets. */
export function tabLabel(index: number, chosen: number): string {
	const label = HISTORY_TABS[index]!.label;
	return index === chosen ? `[${index + 1} ${label}]` : ` ${index + 1} ${label} `;
}

export function daysWords(days: number): string {
	return `  · last ${days} days (+/- to change, at most 90)`;
}

/** The tabs line as text (what it takes on screen). */
function tabsLine(chosen: number, days: number): string {
	return HISTORY_TABS.map((_, i) => tabLabel(i, chosen)).join('') + daysWords(days);
}

/** "page 1 of 3 · records 1-10 of 25, newest first · 4 more columns when wider". */
function pageLine(at: {page: number; pages: number; from: number; to: number; count: number; total: number; complete: boolean; left: number}): string {
	const of = at.count === at.total ? '' : ` (of ${at.total})`;
	const partial = at.complete ? '' : ` (only the first ${at.total} were read)`;
	const left = at.left > 0 ? ` · ${at.left} more column${at.left === 1 ? '' : 's'} when wider` : '';
	return `page ${at.page} of ${at.pages} · records ${at.from}-${at.to} of ${at.count}${of}, newest first${partial}${left}`;
}

/** Where the record `key` is among `records` (recordKey), else the first record of its order; undefined when gone. */
function restoredIndex(key: string, records: readonly AnyRecord[]): number | undefined {
	const exact = records.findIndex((record) => recordKey(record) === key);
	if (exact >= 0) return exact;
	const order = key.slice(0, key.lastIndexOf('@'));
	const same = records.findIndex((record) => (record as {orderId: string}).orderId === order);
	return same >= 0 ? same : undefined;
}
