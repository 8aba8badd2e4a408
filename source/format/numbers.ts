// Decimal formatting with big.js: no JS float ever touches an amount or a rate.
import Big from 'big.js';

/** A plain decimal string without exponent or trailing fraction zeros. */
export function plain(value: Big): string {
	const text = value.toFixed();
	return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** A fraction as a percentage: "0.001" -> "0.1%". Undefined or malformed input -> "—". */
export function percent(fraction: string | undefined, decimals?: number): string {
	if (fraction === undefined || !/^\d+(\.\d+)?$/.test(fraction)) return '—';
	const value = new Big(fraction).times(100);
	return `${decimals === undefined ? plain(value) : plain(value.round(decimals, Big.roundHalfUp))}%`;
}

/** Rounds for display to at most `decimals` fraction digits, keeping the value exact otherwise. */
export function rounded(value: Big, decimals: number): string {
	return plain(value.round(decimals, Big.roundHalfUp));
}
