// What an estimate means over time, derived with decimal arithmetic.
import Big from 'big.js';
import type {Estimate, Period} from '../api/types.js';
import {plain} from './numbers.js';

export const PERIOD_LABEL: Record<Period, string> = {
	SEVEN: '7 days',
	THIRTY: '30 days',
	FLEXIBLE: 'flexible term',
};

const TERM_DAYS: Record<Period, number | undefined> = {SEVEN: 7, THIRTY: 30, FLEXIBLE: undefined};

export interface EstimateFigures {
	hourlyInterest: string;
	borrowable: string;
	dailyInterest: string;
	/** Interest over the whole term; for FLEXIBLE there is no term, so this is per day. */
	termInterest: string;
	termLabel: string;
	// The annual rate is not here: format/apr.ts derives it under one rule (an inexact tiny estimate gives way to
	// the official rate) for the Estimate screen and the command line alike.
}

export function estimateFigures(estimate: Estimate, period: Period): EstimateFigures {
	const hourly = new Big(estimate.hourInterest);
	const borrowable = new Big(estimate.loanAmount);
	const daily = hourly.times(24);
	const days = TERM_DAYS[period];
	const term = days === undefined ? daily : daily.times(days);
	return {
		hourlyInterest: plain(hourly),
		borrowable: plain(borrowable),
		dailyInterest: plain(daily),
		termInterest: plain(term),
		termLabel: days === undefined ? 'per day (flexible)' : `over ${days} days`,
	};
}
