// Loan figures as people read them (CLI now, the Loans screen later). Ratios arrive as fractions.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {annualRate, riskOf} from '../loans/ltv.js';
import {percent, rounded} from './numbers.js';

const HOUR_MS = 3_600_000;

/** "in 6 d 23 h", "expired", or "none (flexible)". */
export function timeToExpiry(expireTime: string, now: number): string {
	if (expireTime === '0' || expireTime === '') return 'none (flexible)';
	const left = Number(expireTime) - now;
	if (!(left > 0)) return 'expired';
	const hours = Math.floor(left / HOUR_MS);
	const days = Math.floor(hours / 24);
	return days > 0 ? `in ${days} d ${hours % 24} h` : hours > 0 ? `in ${hours} h` : `in ${Math.max(1, Math.round(left / 60_000))} min`;
}

/** A falling price as people say it: "-12.5%". */
export function fall(move: string): string {
	return move === '0' ? 'reached' : `-${percent(move, 2)}`;
}

/**
 * An ASCII gauge of the LTV against the margin-call (|) and liquidation (!) marks, with the numbers beside it,
 * so neither colour nor the bar alone carries the meaning: "[#######...|..!..] LTV 70% / call 80% / liq 90%".
 */
export function ltvGauge(loan: Pick<OngoingLoan, 'pledgeRate' | 'supRate' | 'forceRate'>, width = 30): string {
	const roomy = new Big(loan.forceRate).times('1.1');
	const top = roomy.gt(loan.pledgeRate) ? roomy : new Big(loan.pledgeRate);
	const at = (fraction: string) => Math.min(width - 1, Math.round(Number(new Big(fraction).div(top).times(width))));
	const filled = at(loan.pledgeRate);
	const cells: string[] = Array.from({length: width}, (_, i) => (i < filled ? '#' : '.'));
	cells[at(loan.supRate)] = '|';
	cells[at(loan.forceRate)] = '!';
	return `[${cells.join('')}] LTV ${percent(loan.pledgeRate, 2)} / call ${percent(loan.supRate, 2)} / liq ${percent(loan.forceRate, 2)}`;
}

/** Principal plus interest owed now. */
export function owed(loan: Pick<OngoingLoan, 'loanAmount' | 'interestAmount'>): string {
	return rounded(new Big(loan.loanAmount).plus(loan.interestAmount), 8);
}

/** The loan with what is derived from it, for --json and the screen. */
export function describeLoan(loan: OngoingLoan) {
	const risk = riskOf(loan);
	return {...loan, annualInterestRate: annualRate(loan.hourInterestRate), owed: owed(loan), risk};
}
