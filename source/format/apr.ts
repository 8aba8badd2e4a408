// The annualised rate a person can trust. Derived from an estimate (hourly interest × 24 × 365 ÷ borrowable) it is
// exact only when the hourly interest carries enough digits: for a tiny amount the server rounds the interest to
// almost nothing (or to 0), and the derived rate is rounding noise. Then the coin's official rate (coinInfos) is
// shown, or "—"; never "0%". The "lowest" mark goes only to a rate that is lower once rates are rounded as shown.
import Big from 'big.js';
import type {Estimate} from '../api/types.js';
import {aprPercent, differsWhenShown} from './money.js';
import {plain} from './numbers.js';

/** An annual rate as a fraction, and where it came from. */
export type AnnualRate = {fraction: string; source: 'estimate' | 'official'} | {fraction?: undefined; source: 'none'};

/** Fewer significant digits than this in the hourly interest and the derived rate is off by more than ~0.5 %. */
const MIN_SIGNIFICANT_DIGITS = 3;

export function annualRate(estimate: Estimate, official?: string): AnnualRate {
	const hourly = new Big(estimate.hourInterest);
	const borrowable = new Big(estimate.loanAmount);
	const exact = !hourly.eq(0) && !borrowable.eq(0) && (hourly.gte(1) || significantDigits(hourly) >= MIN_SIGNIFICANT_DIGITS);
	if (exact) return {fraction: plain(hourly.times(24 * 365).div(borrowable)), source: 'estimate'};
	return official === undefined ? {source: 'none'} : {fraction: official, source: 'official'};
}

/** "5.40%", "5.40% official", or "—". */
export function showAnnualRate(rate: AnnualRate): string {
	if (rate.fraction === undefined) return '—';
	return rate.source === 'official' ? `${aprPercent(rate.fraction)} official` : aprPercent(rate.fraction);
}

/** The index of the lowest rate, when at least two compare and it is lower than every other once shown; else -1. */
export function lowestRate(rates: readonly AnnualRate[]): number {
	const known = rates.map((rate, index) => ({rate, index})).filter((entry) => entry.rate.fraction !== undefined);
	if (known.length < 2) return -1;
	let best = known[0]!;
	for (const entry of known) if (new Big(entry.rate.fraction!).lt(best.rate.fraction!)) best = entry;
	const clear = known.every((entry) => entry === best || differsWhenShown(entry.rate.fraction!, best.rate.fraction!));
	return clear ? best.index : -1;
}

function significantDigits(value: Big): number {
	// big.js keeps the coefficient's digits without leading or trailing zeros.
	return (value as unknown as {c: number[]}).c.length;
}
