// One formatter per quantity, for the app and the CLI alike (the CLI's --json keeps the strings as sent/received):
//   an amount in a coin     coinAmount / withCoin: the coin's precision, thousands grouped ("23,400.0000 USDT")
//   an hourly rate          hourlyRate: a percentage at 6 decimals ("0.000617%")
//   an LTV, an APR          ltvPercent / aprPercent: a percentage at 2 decimals ("75.73%")
//   a price move            fallPercent: a percentage at 2 decimals
// A value that will be sent (a review, a prompt) is not formatted at all: it is shown as the exact string sent.
// Decimal strings in, strings out: no float touches an amount.
import Big from 'big.js';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Decimals of amounts in coins worth about a dollar; every other coin is shown at Bitget's 8 decimals. */
const STABLE_DECIMALS = 4;
const DEFAULT_DECIMALS = 8;
const STABLECOINS = new Set(['USDT', 'USDC', 'USDE', 'USD1', 'DAI', 'FDUSD', 'TUSD', 'PYUSD', 'BUSD', 'EUR', 'EURC', 'EURT']);

/** How many decimals an amount of `coin` is shown with, everywhere. */
export function coinDecimals(coin: string): number {
	return STABLECOINS.has(coin.toUpperCase()) ? STABLE_DECIMALS : DEFAULT_DECIMALS;
}

/** "1234567.5" -> "1,234,567.5"; anything that is not a plain decimal comes back unchanged. */
export function groupThousands(text: string): string {
	if (!DECIMAL.test(text)) return text;
	const negative = text.startsWith('-');
	const [whole, fraction] = (negative ? text.slice(1) : text).split('.') as [string, string | undefined];
	const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * An amount of `coin` without the coin: exactly the coin's decimals (rounded half up), thousands grouped:
 * "23,400.0000" (USDT), "20.00000000" (ETH). A value above zero that would round to zero reads "<0.0001", never
 * "0.0000". Missing or malformed -> "—".
 */
export function coinAmount(text: string | undefined, coin: string): string {
	if (text === undefined || !DECIMAL.test(text)) return '—';
	const decimals = coinDecimals(coin);
	const value = new Big(text);
	const shown = value.toFixed(decimals, Big.roundHalfUp);
	if (!value.eq(0) && new Big(shown).eq(0)) return `${value.lt(0) ? '>-' : '<'}${new Big(1).div(new Big(10).pow(decimals)).toFixed(decimals)}`;
	return groupThousands(shown);
}

/** An amount with its coin: "23,400.0000 USDT". */
export function withCoin(text: string | undefined, coin: string): string {
	return `${coinAmount(text, coin)} ${coin}`;
}

function percentAt(fraction: string | undefined, decimals: number): string {
	if (fraction === undefined || !DECIMAL.test(fraction)) return '—';
	return `${new Big(fraction).times(100).toFixed(decimals, Big.roundHalfUp)}%`;
}

/** An hourly interest rate (a fraction) as a percentage at 6 decimals: "0.00000229" -> "0.000229%". */
export function hourlyRate(fraction: string | undefined): string {
	return percentAt(fraction, 6);
}

/** A loan-to-value ratio (a fraction) at 2 decimals: "0.7573" -> "75.73%". */
export function ltvPercent(fraction: string | undefined): string {
	return percentAt(fraction, 2);
}

/** An annual rate (a fraction) at 2 decimals: "0.054" -> "5.40%". */
export function aprPercent(fraction: string | undefined): string {
	return percentAt(fraction, 2);
}

/** How far a price moves (a fraction) at 2 decimals: "0.125" -> "12.50%". */
export function fallPercent(fraction: string | undefined): string {
	return percentAt(fraction, 2);
}

/** Pads every cell on the left to the widest cell's width. */
export function alignRight(cells: readonly string[]): string[] {
	let width = 0;
	for (const cell of cells) width = Math.max(width, [...cell].length);
	return cells.map((cell) => cell.padStart(width + cell.length - [...cell].length));
}

/** True when two annual rates differ once both are rounded as shown: a "lowest" mark needs that. */
export function differsWhenShown(a: string, b: string): boolean {
	return aprPercent(a) !== aprPercent(b);
}
