// Loan figures as people read them (CLI now, the Loans screen later). Ratios arrive as fractions.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {annualRate} from '../loans/ltv.js';
import {riskOf, type LoanRisk, type RiskLevel} from '../loans/risk.js';
import {fallPercent, hourlyRate, ltvPercent, aprPercent, withCoin} from './money.js';
import {rounded} from './numbers.js';
import {sanitize} from './sanitize.js';
import {expiry, localDateTimeWithOffset} from './time.js';

const HOUR_MS = 3_600_000;

/** Risk as a symbol beside its word (the Loans table, a loan's detail): never colour alone. */
export const RISK_SYMBOL: Record<RiskLevel, string> = {ok: '✓', warn: '▵', 'margin-call': '▴', 'liquidation-near': '✖'};

/** What a loan without an expiry time reads as: the server did not say (never taken for flexible, never "expired"). */
const EXPIRY_NOT_GIVEN = 'not given';
const FLEXIBLE = 'none (flexible)';

/** "in 6 d 23 h", "expired", "none (flexible)" for "0", or "not given" when the server sent none. */
export function timeToExpiry(expireTime: string | undefined, now: number): string {
	if (expireTime === undefined || expireTime === '') return EXPIRY_NOT_GIVEN;
	if (expireTime === '0') return FLEXIBLE;
	const left = Number(expireTime) - now;
	if (!(left > 0)) return 'expired';
	const hours = Math.floor(left / HOUR_MS);
	const days = Math.floor(hours / 24);
	return days > 0 ? `in ${days} d ${hours % 24} h` : hours > 0 ? `in ${hours} h` : `in ${Math.max(1, Math.round(left / 60_000))} min`;
}

/** How far a price may fall before a mark is reached, as people say it after "falls": "12.50%", or "reached". */
export function fall(move: string): string {
	return move === '0' ? 'reached' : fallPercent(move);
}

/**
 * An ASCII gauge of the LTV against the margin-call (|) and liquidation (!) marks, with the numbers beside it,
 * so neither colour nor the bar alone carries the meaning: "[#######...|..!..] LTV 70% / call 80% / liq 90%".
 * `live`: the LTV is projected from a live price since the last read, and says so: "LTV ≈70.00% (live)".
 */
export function ltvGauge(loan: Pick<OngoingLoan, 'pledgeRate' | 'supRate' | 'forceRate'>, width = 30, live = false): string {
	const roomy = new Big(loan.forceRate).times('1.1');
	const top = roomy.gt(loan.pledgeRate) ? roomy : new Big(loan.pledgeRate);
	const at = (fraction: string) => Math.min(width - 1, Math.round(Number(new Big(fraction).div(top).times(width))));
	const filled = at(loan.pledgeRate);
	const cells: string[] = Array.from({length: width}, (_, i) => (i < filled ? '#' : '.'));
	cells[at(loan.supRate)] = '|';
	cells[at(loan.forceRate)] = '!';
	const ltv = live ? `≈${ltvPercent(loan.pledgeRate)} (live)` : ltvPercent(loan.pledgeRate);
	return `[${cells.join('')}] LTV ${ltv} / call ${ltvPercent(loan.supRate)} / liq ${ltvPercent(loan.forceRate)}`;
}

/** Principal plus interest owed now. */
export function owed(loan: Pick<OngoingLoan, 'loanAmount' | 'interestAmount'>): string {
	return rounded(new Big(loan.loanAmount).plus(loan.interestAmount), 8);
}

/** The loan with what is derived from it, for --json and the screen; the falls from today's `price` when known. */
export function describeLoan(loan: OngoingLoan, price?: string) {
	const risk = riskOf(loan, {}, price);
	return {...loan, annualInterestRate: annualRate(loan.hourInterestRate), owed: owed(loan), risk};
}

/**
 * A loan's own figures as label/value rows, for the CLI's `loans ORDER` and the app's loan detail alike: amounts at
 * their coin's precision, rate and APR, collateral, the LTV gauge, the price falls that reach the
 * margin call and the liquidation (from today's `price` when known, as the mark prices), risk in words, times with their zone. Every quantity through its one formatter (money.ts).
 */
export function loanDetailRows(loan: OngoingLoan, now: number, gaugeWidth = 24, live = false, price?: string): {rows: Array<[string, string]>; risk: LoanRisk} {
	const risk = riskOf(loan, {}, price);
	const loanCoin = sanitize(loan.loanCoin);
	const pledgeCoin = sanitize(loan.pledgeCoin);
	const rows: Array<[string, string]> = [
		['Borrowed', withCoin(loan.loanAmount, loanCoin)],
		['Interest accrued', withCoin(loan.interestAmount, loanCoin)],
		['Owed now', withCoin(owed(loan), loanCoin)],
		['Hourly rate', `${hourlyRate(loan.hourInterestRate)} (APR ${aprPercent(annualRate(loan.hourInterestRate))})`],
		['Collateral', withCoin(loan.pledgeAmount, pledgeCoin)],
		['LTV', ltvGauge(loan, gaugeWidth, live)],
		['Margin call', fallSentence(risk.moveToMarginCall, pledgeCoin, loanCoin)],
		['Liquidation', fallSentence(risk.moveToLiquidation, pledgeCoin, loanCoin)],
		['Risk', risk.label],
		['Borrowed at', localDateTimeWithOffset(loan.borrowTime)],
		['Expires', expiryDetail(loan.expireTime, now)],
	];
	return {rows, risk};
}

/** The expiry as the detail shows it: "2023-08-26 15:59 +08:00 (expires in 3 d 4 h)", "none (flexible)" once, or
 * "not given". */
function expiryDetail(expireTime: string | undefined, now: number): string {
	if (expireTime === undefined || expireTime === '') return EXPIRY_NOT_GIVEN;
	if (expireTime === '0') return FLEXIBLE;
	return `${localDateTimeWithOffset(expireTime)} (${expiry(expireTime, now)})`;
}

/** The expiry in a few words for a list: "in 3 d 4 h", "expired 2 h ago", "none (flexible)" or "not given". */
export function expiryWords(expireTime: string | undefined, now: number): string {
	if (expireTime === undefined || expireTime === '') return EXPIRY_NOT_GIVEN;
	if (expireTime === '0') return FLEXIBLE;
	return expiry(expireTime, now).replace(/^expires /, '');
}

function fallSentence(move: string, pledgeCoin: string, loanCoin: string): string {
	return move === '0' ? 'reached now' : `if ${pledgeCoin} falls ${fall(move)} against ${loanCoin}`;
}
