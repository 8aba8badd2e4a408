// Numbers that read like money: grouped thousands, one number of decimals per column, right-aligned, and
// percentages at a fixed precision. Decimal strings in, strings out: no float touches an amount.
import Big from 'big.js';
import {plain} from './numbers.js';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** "1234567.5" -> "1,234,567.5"; anything that is not a plain decimal comes back unchanged. */
export function groupThousands(text: string): string {
	if (!DECIMAL.test(text)) return text;
	const negative = text.startsWith('-');
	const [whole, fraction] = (negative ? text.slice(1) : text).split('.') as [string, string | undefined];
	const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Fraction digits a decimal string carries once trailing zeros are dropped. */
export function significantDecimals(text: string): number {
	if (!DECIMAL.test(text)) return 0;
	const trimmed = plain(new Big(text));
	const dot = trimmed.indexOf('.');
	return dot === -1 ? 0 : trimmed.length - dot - 1;
}

/** One amount with exactly `decimals` fraction digits (rounded half up) and grouped thousands. */
export function amount(text: string | undefined, decimals: number): string {
	if (text === undefined || !DECIMAL.test(text)) return '—';
	return groupThousands(new Big(text).toFixed(decimals, Big.roundHalfUp));
}

export interface ColumnOptions {
	/** The coin's precision, when known: every cell gets exactly this many decimals. */
	decimals?: number;
	/** Without a precision, the column's widest fraction, capped here. */
	maxDecimals?: number;
}

/** A column of amounts with one number of decimals, right-aligned to one width ("—" for missing values). */
export function amountColumn(values: readonly (string | undefined)[], options: ColumnOptions = {}): string[] {
	const decimals =
		options.decimals ??
		Math.min(options.maxDecimals ?? 8, Math.max(0, ...values.map((value) => (value === undefined ? 0 : significantDecimals(value)))));
	return alignRight(values.map((value) => amount(value, decimals)));
}

/** Pads every cell on the left to the widest cell's width. */
export function alignRight(cells: readonly string[]): string[] {
	let width = 0;
	for (const cell of cells) width = Math.max(width, [...cell].length);
	return cells.map((cell) => cell.padStart(width + cell.length - [...cell].length));
}

/** A fraction as a percentage with a fixed precision: "0.054" -> "5.40%". Missing or malformed -> "—". */
export function fixedPercent(fraction: string | undefined, decimals = 2): string {
	if (fraction === undefined || !DECIMAL.test(fraction)) return '—';
	return `${new Big(fraction).times(100).toFixed(decimals, Big.roundHalfUp)}%`;
}

/** True when two percentages differ once both are rounded to what is shown: a "lowest" mark needs that. */
export function differsWhenShown(a: string, b: string, decimals = 2): boolean {
	return fixedPercent(a, decimals) !== fixedPercent(b, decimals);
}
