// Prices as people read them. A price of a pledge coin in the loan coin is an amount of the loan coin, written by
// money.ts's rule for that coin ("26,800.0000 USDT"), with more decimals only where the coin's precision would
// leave fewer than five significant digits ("0.000012340 USDT"). Always with its coin and age ("BTC 26,800.0000
// USDT, 3 s ago"), and a mark price with how far it is from today's ("23,450.0000 USDT, 12.50% below").
import Big from 'big.js';
import type {PriceQuote} from '../loans/prices.js';
import {coinAmount, coinDecimals, fallPercent, groupThousands} from './money.js';
import {sanitize} from './sanitize.js';
import {span} from './time.js';

const SIGNIFICANT_DIGITS = 5;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A price in `quote`, without the coin: "26,800.0000" (USDT), "0.05186567" (BTC), "0.000012340" (USDT). */
export function priceAmount(price: string | undefined, quote: string): string {
	if (price === undefined || !DECIMAL.test(price)) return '—';
	const value = new Big(price);
	// Big keeps a value as d.ddd × 10^e: five significant digits need 4 − e decimals.
	const decimals = value.eq(0) ? 0 : SIGNIFICANT_DIGITS - 1 - value.e;
	if (decimals <= coinDecimals(quote)) return coinAmount(price, quote);
	return groupThousands(value.toFixed(decimals, Big.roundHalfUp));
}

/** A price with its coin: "26,800.0000 USDT". */
export function priceIn(price: string | undefined, quote: string): string {
	return `${priceAmount(price, quote)} ${sanitize(quote)}`;
}

/** "BTC 26,800.0000 USDT, 3 s ago" (", stale" past 60 s), "BTC: no price in USDT", or "prices unavailable (…)". */
export function priceWithAge(base: string, quote: string, price: PriceQuote): string {
	const [b, q] = [sanitize(base), sanitize(quote)];
	if (price.status === 'unavailable') return `prices unavailable (${sanitize(price.problem)})`;
	if (price.status === 'no price') return `${b}: no price in ${q}`;
	const age = price.ageMs === undefined ? '' : `, ${span(price.ageMs)} ago${price.stale ? ', stale' : ''}`;
	return `${b} ${priceIn(price.price, quote)}${age}`;
}

/** "23,450.0000 USDT, 12.50% below"; "reached" when the price is already there. */
export function markPrice(price: string, distance: string, quote: string): string {
	return `${priceIn(price, quote)}, ${new Big(distance).lte(0) ? 'reached' : `${fallPercent(distance)} below`}`;
}
