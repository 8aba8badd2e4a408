// CSV as RFC 4180 has it: one header row, then one row per record, fields separated by commas, a field holding a
// comma, a double quote or a line break written in double quotes (a quote doubled), every line ended by CRLF.
// The values come from a server, so two more things are done to text (never to numbers):
// - a cell a spreadsheet would read as a formula (=, +, -, @, tab or CR first) gets a leading single quote, the
//   usual neutralisation of CSV formula injection; a decimal like -0.5 or +1 is a number and is left as it is;
// - characters a terminal acts on (ESC, BEL, the other C0 and C1 controls, bidi overrides, line and paragraph
//   separators) become U+FFFD, as in the tables (format/sanitize.ts): CSV is printed on stdout, which may be a
//   terminal. Tab, CR and LF are kept (quoted), as the format carries them.

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TERMINAL_UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/g;
const NEEDS_QUOTES = /[",\r\n]/;

/** One value as a cell's text: nothing for null and undefined, numbers and booleans as JavaScript writes them, other
 * objects as JSON; text neutralised as said above. */
function cellText(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
	const text = (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).replace(TERMINAL_UNSAFE, '\uFFFD');
	return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

function field(value: unknown): string {
	const text = cellText(value);
	return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header and the rows as CSV text, each line ended by CRLF. A row shorter than the header leaves its last cells empty. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
	const line = (cells: readonly unknown[]) => `${cells.map(field).join(',')}\r\n`;
	return line(header) + rows.map((row) => line(header.map((_, index) => row[index]))).join('');
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** A record's fields, a nested object's as "name.field" (a money record's values, its finding); arrays stay whole. */
function flatten(record: Record<string, unknown>, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
	for (const [name, value] of Object.entries(record)) {
		if (isPlainObject(value)) flatten(value, `${prefix}${name}.`, into);
		else into.set(`${prefix}${name}`, value);
	}
	return into;
}

export interface RecordsCsvOptions<T> {
	/** Columns made from each record, first (a readable time, say). */
	leading?: ReadonlyArray<readonly [string, (record: T) => unknown]>;
	/** The record's own columns known beforehand, in this order, there even when no record has them (an empty
	 * export still has its header); any other field a record has follows, in the order first seen. */
	fields?: readonly string[];
}

/** Records as CSV: the leading columns, then every field of every record (none left out), one row per record in order. */
export function recordsCsv<T extends object>(records: readonly T[], {leading = [], fields = []}: RecordsCsvOptions<T> = {}): string {
	const flat = records.map((record) => flatten(record as Record<string, unknown>));
	const names = new Set(fields);
	for (const record of flat) for (const name of record.keys()) names.add(name);
	const own = [...names];
	const header = [...leading.map(([name]) => name), ...own];
	const rows = records.map((record, index) => [...leading.map(([, value]) => value(record)), ...own.map((name) => flat[index]!.get(name))]);
	return toCsv(header, rows);
}
