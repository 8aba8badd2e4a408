// Decimal helpers on big.js: amounts are never handled as JS floats.
import Big from 'big.js';

// Plain decimal text: digits, optionally a fraction. No sign, exponent, spaces or leading "+", as Bitget expects.
const DECIMAL = /^\d{1,30}(?:\.\d{1,30})?$/;

export function isPositiveDecimal(value: string): boolean {
	return DECIMAL.test(value) && new Big(value).gt(0);
}

/** Rounds to `places` decimals and prints without exponent or trailing zeros ("216.3", not "2.163e+2" or "216.30000000"). */
export function formatDecimal(value: Big, places: number, mode: Big.RoundingMode): string {
	const fixed = value.round(places, mode).toFixed(places);
	return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}
