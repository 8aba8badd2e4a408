// A number that does not fit its column is never cut silently: dropping the last digits of "98765432109876543210"
// shows a number 1000 times smaller. It keeps its magnitude and shows a mark ("…") where digits were left out.

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * `text` in at most `width` characters. A decimal that is too wide loses fraction digits first ("216.265…"), then
 * goes to exponent form ("9.87654…e+19"); any other text is cut with a trailing "…". Never a bare prefix.
 */
export function fitNumber(text: string, width: number): string {
	if (text.length <= width) return text;
	if (width < 1) return '';
	const match = DECIMAL.exec(text);
	if (!match) return `${text.slice(0, width - 1)}…`;
	const integer = match[1]!.replace(/^0+(?=\d)/, '');
	// Room for the whole integer part, a dot, at least one fraction digit and the mark.
	if (match[2] !== undefined && integer.length + 3 <= width) return `${integer}.${match[2].slice(0, width - integer.length - 2)}…`;
	if (integer.length + 1 <= width && match[2] !== undefined) return `${integer}…`;
	const exponent = `e+${integer.length - 1}`;
	// "d.ddd…e+N": the first digit, a dot, as many digits as fit, the mark, the exponent.
	const digits = width - exponent.length - 3;
	if (digits < 0) return '…';
	return `${integer[0]}.${integer.slice(1, 1 + digits)}…${exponent}`;
}
