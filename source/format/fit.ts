// A number that does not fit its column is never cut: dropping the last digits of "98765432109876543210" shows a
// number 1000 times smaller, and "216.26…" reads as a different amount. It is written with an exponent instead,
// as many significant digits as fit: "2.78e15".
import Big from 'big.js';

const NUMBER = /^(-?)[\d,]+(\.\d+)?$/;

/**
 * `text` in at most `width` characters. A number (thousands separators allowed) that is too wide is written in
 * exponent form ("9.8765e19", "1.2e-7"); any other text is cut with a trailing "…". A number is never cut to a prefix.
 * When not even one digit and its exponent fit, the shortest exponent form is returned, wider than `width`.
 */
export function fitNumber(text: string, width: number): string {
	if (text.length <= width) return text;
	if (!NUMBER.test(text)) return width < 1 ? '' : `${text.slice(0, width - 1)}…`;
	const digits = text.replace(/,/g, '');
	let shortest = '';
	for (let places = Math.min(20, width); places >= 0; places--) {
		shortest = exponent(digits, places);
		if (shortest.length <= width) return shortest;
	}
	return shortest;
}

/** "2777980799999970" at 2 places -> "2.78e15": rounded half up, exactly, trailing zeros of the mantissa dropped. */
function exponent(digits: string, places: number): string {
	return new Big(digits)
		.toExponential(places, Big.roundHalfUp)
		.replace(/\.?0+e/, 'e')
		.replace('e+', 'e');
}
