// The Loans table as text: one line of figures per loan and one line of its LTV gauge with the numbers and the
// price falls that reach the margin call and the liquidation. Every amount column has one number of decimals and
// is right-aligned (format/money.ts); risk is a symbol and a word, so nothing depends on colour.
import type {OngoingLoan} from '../../api/loan-types.js';
import {alignRight, amountColumn, fixedPercent} from '../../format/money.js';
import {fall, ltvGauge} from '../../format/loans.js';
import {sanitize} from '../../format/sanitize.js';
import {expiry} from '../../format/time.js';
import {annualRate, riskOf, type RiskLevel} from '../../loans/ltv.js';
import {RISK_SYMBOL} from '../loan/loan-figures.js';


export interface LoanRow {
	orderId: string;
	level: RiskLevel;
	/** Figures: risk, borrowed, interest, hourly rate, APR, collateral, expiry, order. */
	figures: string;
	/** The gauge with its numbers and the falls to each mark. */
	gauge: string;
}

const HEADINGS = ['RISK', 'BORROWED', 'INTEREST', 'HOURLY', 'APR', 'COLLATERAL', 'EXPIRES', 'ORDER'] as const;
/** Characters of the gauge line that are not the bar: indent, numbers, falls. */
const GAUGE_TEXT = 80;

export interface LoanTable {
	header: string;
	rows: LoanRow[];
}

/** The table for `loans` (already in risk order), at local time `now`, for a terminal `columns` wide. */
export function loanTable(loans: readonly OngoingLoan[], now: number, columns: number): LoanTable {
	const risks = loans.map((loan) => riskOf(loan));
	const coin = (values: string[], coins: string[]) => values.map((value, i) => `${value} ${sanitize(coins[i]!)}`);
	const cells: string[][] = [
		risks.map((risk) => `${RISK_SYMBOL[risk.level]} ${risk.label}`),
		coin(amountColumn(loans.map((l) => l.loanAmount), {maxDecimals: 8}), loans.map((l) => l.loanCoin)),
		amountColumn(loans.map((l) => l.interestAmount), {maxDecimals: 8}),
		alignRight(loans.map((l) => `${fixedPercent(l.hourInterestRate, 5)}/h`)),
		alignRight(loans.map((l) => fixedPercent(annualRate(l.hourInterestRate), 2))),
		coin(amountColumn(loans.map((l) => l.pledgeAmount), {maxDecimals: 8}), loans.map((l) => l.pledgeCoin)),
		loans.map((l) => expiry(l.expireTime === '0' ? undefined : l.expireTime, now).replace(/^expires /, '')),
		loans.map((l) => l.orderId),
	];
	const widths = cells.map((column, i) => Math.max(HEADINGS[i]!.length, ...column.map((cell) => [...cell].length)));
	// The order id (19 digits) only when the whole line fits; the detail always shows it.
	const fits = widths.reduce((sum, width) => sum + width + 2, 2) <= columns;
	const shown = fits ? widths.length : widths.length - 1;
	// Numbers are right-aligned under right-aligned headings; words left-aligned.
	const right = [false, true, true, true, true, true, false, false];
	const line = (parts: readonly string[]) =>
		parts
			.slice(0, shown)
			.map((part, i) => (right[i] ? part.padStart(widths[i]!) : part.padEnd(widths[i]!)))
			.join('  ')
			.trimEnd();
	const barWidth = Math.max(10, Math.min(30, columns - GAUGE_TEXT));
	return {
		header: line(HEADINGS),
		rows: loans.map((loan, r) => ({
			orderId: loan.orderId,
			level: risks[r]!.level,
			figures: line(cells.map((column) => column[r]!)),
			gauge: `${ltvGauge(loan, barWidth)} · falls: ${fall(risks[r]!.moveToMarginCall)} to call, ${fall(risks[r]!.moveToLiquidation)} to liq`,
		})),
	};
}
