// The Coins screen's two tables (format/coin-tables.ts) as lines within the terminal's width, and the page of them
// that fits its height, a section's title and header kept on top when scrolled into its table. Pure.
import type {CoinInfos} from '../../api/loan-types.js';
import {loanableTable, pledgeableTable} from '../../format/coin-tables.js';
import {fitTable} from '../../format/table.js';
import {wrapLines} from '../../format/wrap.js';

export interface CoinLine {
	text: string;
	/** A section title or a table header: drawn apart from the rows. */
	kind: 'title' | 'header' | 'row' | 'blank';
	/** 0: loanable, 1: pledgeable. */
	section: number;
}

/** Both tables as lines within `columns`: a title (wrapped at whole words), the header, a row per coin; a blank line
 * between them. */
export function coinLines(infos: CoinInfos, columns: number): CoinLine[] {
	const section = (section: number, title: string, table: {columns: {header: string; priority: number}[]; rows: string[][]}): CoinLine[] => {
		const fitted = fitTable(table.columns, table.rows, columns, true);
		const [header = '', ...rows] = fitted.lines;
		const left = table.columns.filter((_, index) => !fitted.kept.includes(index)).map((column) => column.header);
		const note = left.length > 0 ? ` · ${left.join(', ')} left out (a wider terminal shows them)` : '';
		const titles = wrapLines(`${title}${note}`, columns).map((text): CoinLine => ({text, kind: 'title', section}));
		return [...titles, {text: header, kind: 'header', section}, ...rows.map((text): CoinLine => ({text, kind: 'row', section}))];
	};
	return [
		...section(0, `Loanable (${infos.loanInfos.length}) · hourly rate / APR per period`, loanableTable(infos)),
		{text: '', kind: 'blank', section: 0},
		...section(1, `Pledgeable (${infos.pledgeInfos.length}) · LTVs`, pledgeableTable(infos)),
	];
}

/** A section's title and header: they stay on top when scrolled into its table. */
function headOf(lines: readonly CoinLine[], section: number): CoinLine[] {
	return lines.filter((line) => line.section === section && (line.kind === 'title' || line.kind === 'header'));
}

/** The furthest scroll: the last table's rows under its title and header, the last row at the bottom. */
export function coinMaxOffset(lines: readonly CoinLine[], pageSize: number): number {
	const lastHead = headOf(lines, lines.at(-1)?.section ?? 0).length;
	return lines.length > pageSize ? lines.length - Math.max(1, pageSize - lastHead) : 0;
}

/** The lines on a page from `top`: scrolled into a table, its title and header first (`sticky` of them). */
export function coinPage(lines: readonly CoinLine[], top: number, pageSize: number): {shown: CoinLine[]; sticky: number} {
	const first = lines[top];
	const head = first?.kind === 'row' ? headOf(lines, first.section) : [];
	const sticky = head.length < pageSize ? head : [];
	return {shown: [...sticky, ...lines.slice(top, top + pageSize - sticky.length)], sticky: sticky.length};
}
