// Input checks that run before anything is sent. Each returns the canonical value or a message a person can act on.
import {CANDLE_GRANULARITIES, PERIODS, type CandleGranularity, type Period} from './types.js';

export type Checked<T> = {ok: true; value: T} | {ok: false; message: string};

const ok = <T>(value: T): Checked<T> => ({ok: true, value});
const fail = <T>(message: string): Checked<T> => ({ok: false, message});

// Checked on the raw input, before upper-casing: case mapping turns some non-ASCII letters into ASCII ones
// ("ﬁl" into "FIL", "ß" into "SS"), and those must be refused, not posted as another coin.
const COIN = /^[A-Za-z0-9]{1,20}$/;

export function checkCoin(input: string, label = 'coin'): Checked<string> {
	const coin = input.trim();
	if (coin === '') return fail(`${label} is required`);
	if (!COIN.test(coin)) return fail(`${label} must be 1 to 20 ASCII letters or digits (like BTC or USDT)`);
	return ok(coin.toUpperCase());
}

/** A pair as people often type it, its coins apart (BTC/USDT, btc-usdt, btc_usdt), without the separators; the
 * case as typed. The CLI's symbols and the explorer's filter read a pair the same way through this. */
export function withoutPairSeparators(text: string): string {
	return text.replace(/[/_-]/g, '');
}

/** A trading pair name. Separators people often type (BTC/USDT, btc-usdt, btc_usdt) are dropped. */
export function checkSymbol(input: string): Checked<string> {
	const symbol = withoutPairSeparators(input.trim());
	if (symbol === '') return fail('symbol is required');
	if (!/^[A-Za-z0-9]{2,40}$/.test(symbol)) return fail('symbol must be ASCII letters and digits, like BTCUSDT');
	return ok(symbol.toUpperCase());
}

const PERIOD_ALIASES: Record<string, Period> = {
	SEVEN: 'SEVEN',
	'7': 'SEVEN',
	THIRTY: 'THIRTY',
	'30': 'THIRTY',
	FLEXIBLE: 'FLEXIBLE',
};

/** SEVEN | THIRTY | FLEXIBLE, also 7, 30 and flexible in any case. */
export function checkPeriod(input: string): Checked<Period> {
	const period = PERIOD_ALIASES[input.trim().toUpperCase()];
	if (period === undefined) return fail(`period must be one of ${PERIODS.join(', ')} (or 7, 30, flexible)`);
	return ok(period);
}

const MAX_DIGITS = 30;
const MAX_FRACTION_DIGITS = 18;

/** A positive decimal amount, returned in canonical form (007.50 -> 7.5). Only ASCII digits and one dot. */
export function checkAmount(input: string, label = 'amount'): Checked<string> {
	const text = input.trim();
	if (text === '') return fail(`${label} is required`);
	const match = /^([0-9]+)(?:\.([0-9]+))?$/.exec(text);
	if (!match && /^-\.?[0-9]/.test(text)) return fail(`${label} cannot be negative (got ${text})`);
	if (!match) return fail(`${label} must be a plain decimal number like 0.5 or 100 (no sign, exponent or commas)`);
	const integerPart = match[1]!.replace(/^0+(?=.)/, '');
	const fraction = (match[2] ?? '').replace(/0+$/, '');
	if ((match[2] ?? '').length > MAX_FRACTION_DIGITS) {
		return fail(`${label} has more than ${MAX_FRACTION_DIGITS} digits after the decimal point`);
	}
	if (match[1]!.length + (match[2] ?? '').length > MAX_DIGITS) return fail(`${label} has more than ${MAX_DIGITS} digits`);
	if (/^0*$/.test(integerPart) && fraction === '') return fail(`${label} must be greater than zero`);
	return ok(fraction === '' ? integerPart : `${integerPart}.${fraction}`);
}

/** An API origin: http(s), host and optional port, nothing else (no path, query, fragment or user info). */
export function checkOrigin(text: string, label = 'base URL'): Checked<string> {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return fail(`${label} "${text}" is not a URL`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(`${label} must be an http:// or https:// URL, not ${url.protocol}`);
	if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
		return fail(`${label} must be only scheme, host and port`);
	}
	return ok(url.origin);
}

/** The most candles one answer holds (reference D.4). */
const MAX_CANDLES = 1000;

export function checkGranularity(input: string): Checked<CandleGranularity> {
	const granularity = CANDLE_GRANULARITIES.find((known) => known === input);
	return granularity === undefined ? fail(`granularity must be one of ${CANDLE_GRANULARITIES.join(', ')}`) : ok(granularity);
}

/** How many candles to ask for: a whole number from 1 to 1000. */
export function checkCandleLimit(limit: number): Checked<number> {
	if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CANDLES) return fail(`limit must be a whole number from 1 to ${MAX_CANDLES} (got ${limit})`);
	return ok(limit);
}

/** A time in epoch milliseconds: a whole number ≥ 0 (13 digits today). */
export function checkEpochMs(time: number, label: string): Checked<number> {
	if (!Number.isSafeInteger(time) || time < 0) return fail(`${label} must be a time in epoch milliseconds (got ${time})`);
	return ok(time);
}
