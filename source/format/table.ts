// Tables as lines of text, for the CLI and the app alike: left-aligned columns, and the columns kept when the width
// is short (the least important dropped first).

/** Left-aligned columns, widths from the widest cell (a loop, not a spread: lists run to 200k rows). */
export function table(headers: string[], rows: string[][]): string[] {
	const widths = columnWidths(headers, rows);
	return [tableLine(headers, widths), ...rows.map((row) => tableLine(row, widths))];
}

export function columnWidths(headers: string[], rows: Iterable<string[]>): number[] {
	const widths = headers.map((header) => header.length);
	for (const row of rows) {
		for (let column = 0; column < widths.length; column++) widths[column] = Math.max(widths[column]!, row[column]?.length ?? 0);
	}
	return widths;
}

/** A table's columns: the header and how soon it goes when the table is too wide (0: never; the highest goes first,
 * the rightmost of equals first). */
export interface Column {
	header: string;
	priority: number;
}

/** The indexes of the columns kept within `width`: the least important dropped first until the rest fit. With
 * `strict` (a screen, which cannot let a line run on as a terminal would for the CLI), the columns that never go
 * give way too, from the right, rather than be cut; the first always stays. */
export function keptColumns(columns: readonly Column[], widths: readonly number[], width: number | undefined, strict = false): number[] {
	const kept = columns.map((_, index) => index);
	const total = () => kept.reduce((sum, index) => sum + widths[index]!, 0) + 2 * Math.max(0, kept.length - 1);
	while (width !== undefined && total() > width) {
		let drop: number | undefined;
		for (const index of kept) if (columns[index]!.priority > 0 && (drop === undefined || columns[index]!.priority >= columns[drop]!.priority)) drop = index;
		if (drop === undefined && strict && kept.length > 1) drop = kept.at(-1);
		if (drop === undefined) break;
		kept.splice(kept.indexOf(drop), 1);
	}
	return kept;
}

export function tableLine(cells: string[], widths: number[]): string {
	return cells
		.map((cell, column) => cell.padEnd(widths[column]!))
		.join('  ')
		.trimEnd();
}

/** `table` within `width` (undefined: every column), the least important columns dropped first; `kept`: which stayed.
 * `strict`: as keptColumns (a screen's table, whose every line must fit). */
export function fitTable(columns: readonly Column[], rows: string[][], width: number | undefined, strict = false): {lines: string[]; kept: number[]} {
	const headers = columns.map((column) => column.header);
	const kept = keptColumns(columns, columnWidths(headers, rows), width, strict);
	const pick = (cells: string[]) => kept.map((index) => cells[index] ?? '');
	return {lines: table(pick(headers), rows.map(pick)), kept};
}
