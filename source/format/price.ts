// Prices as people read them: grouped, to a sensible precision, always with their coin and age ("BTC 90,000 USDT,
// 3 s ago"), and a mark price with how far it is from today's ("84,000 USDT, 6.67% below").
import Big from 'big.js';
import type {PriceQuote} from '../loans/prices.js';
import {fixedPercent, groupThousands} from './money.js';
import {plain} from './numbers.js';
import {sanitize} from './sanitize.js';
import {span} from './time.js';

/** "90,000", "75,903.61", "1.5452", "0.000011111111" → "0.000011111": two decimals from 1,000 up, four from 1, else
 * eight significant digits. */
export function shownPrice(price: string): string {
	const value = new Big(price);
	if (value.gte(1000)) return groupThousands(plain(value.round(2, Big.roundHalfUp)));
	if (value.gte(1)) return plain(value.round(4, Big.roundHalfUp));
	return plain(new Big(value.toPrecision(8, Big.roundHalfUp)));
}

/** "BTC 90,000 USDT, 3 s ago" (", stale" past 60 s), "BTC: no price in USDT", or "prices unavailable (…)". */
export function priceWithAge(base: string, quote: string, price: PriceQuote): string {
	const [b, q] = [sanitize(base), sanitize(quote)];
	if (price.status === 'unavailable') return `prices unavailable (${sanitize(price.problem)})`;
	if (price.status === 'no price') return `${b}: no price in ${q}`;
	const age = price.ageMs === undefined ? '' : `, ${span(price.ageMs)} ago${price.stale ? ', stale' : ''}`;
	return `${b} ${shownPrice(price.price)} ${q}${age}`;
}

/** "84,000 USDT, 6.67% below"; "reached" when the price is already there. */
export function markPrice(price: string, distance: string, quote: string): string {
	const fall = new Big(distance);
	return `${shownPrice(price)} ${sanitize(quote)}, ${fall.lte(0) ? 'reached' : `${fixedPercent(distance, 2)} below`}`;
}
