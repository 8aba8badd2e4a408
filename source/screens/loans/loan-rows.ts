// The Loans table as text: per loan, its figures and its LTV gauge with the numbers and the price falls that reach
// the margin call and the liquidation. Every amount is at its coin's precision, right-aligned (format/money.ts); risk is a symbol and a word, so nothing depends on colour. A terminal too narrow for one line
// of figures gets two (and the gauge's falls a line of their own) rather than figures cut off.
import type {OngoingLoan} from '../../api/loan-types.js';
import {alignRight, aprPercent, coinAmount, hourlyRate, withCoin} from '../../format/money.js';
import {expiryWords, fall, ltvGauge, RISK_SYMBOL} from '../../format/loans.js';
import {sanitize} from '../../format/sanitize.js';
import {annualRate, riskOf, type RiskLevel} from '../../loans/ltv.js';

interface LoanRow {
	orderId: string;
	level: RiskLevel;
	/** The figures: one line, or two on a narrow terminal (the first starts with the risk). */
	figures: string[];
	/** The gauge with its numbers and the falls to each mark: one line, or two on a narrow terminal. */
	gauge: string[];
	/** Every cell of the row, shown or not (what the filter searches). */
	text: string;
}

export interface LoanTable {
	header: string[];
	rows: LoanRow[];
}

const HEADINGS = ['RISK', 'BORROWED', 'INTEREST', 'APR', 'HOURLY', 'COLLATERAL', 'EXPIRES', 'ORDER'] as const;
const RIGHT = [false, true, true, true, true, true, false, false];
/** Where the figures break on a narrow terminal: risk, borrowed, interest, APR | hourly, collateral, expiry. */
const BREAK = 4;
const INDENT = 2;
const GAUGE_INDENT = 4;
/** The second line of figures is indented this much more than the first. */
const SECOND_LEAD = 4;

/** The table for `loans` (already in risk order), at local time `now`, for a terminal `columns` wide. */
export function loanTable(loans: readonly OngoingLoan[], now: number, columns: number): LoanTable {
	const risks = loans.map((loan) => riskOf(loan));
	const cells: string[][] = [
		risks.map((risk) => `${RISK_SYMBOL[risk.level]} ${risk.label}`),
		alignRight(loans.map((l) => withCoin(l.loanAmount, sanitize(l.loanCoin)))),
		alignRight(loans.map((l) => coinAmount(l.interestAmount, l.loanCoin))),
		alignRight(loans.map((l) => aprPercent(annualRate(l.hourInterestRate)))),
		alignRight(loans.map((l) => hourlyRate(l.hourInterestRate))),
		alignRight(loans.map((l) => withCoin(l.pledgeAmount, sanitize(l.pledgeCoin)))),
		loans.map((l) => expiryWords(l.expireTime, now)),
		loans.map((l) => l.orderId),
	];
	const widths = cells.map((column, i) => Math.max(HEADINGS[i]!.length, ...column.map((cell) => [...cell].length)));
	// A line's width on screen: the selection marker, a lead, the columns two spaces apart.
	const width = (from: number, to: number, lead = 0) => widths.slice(from, to).reduce((sum, w) => sum + w + 2, INDENT + lead - 2);
	const room = columns - 1;
	// One line when everything but the order id fits; the order id (19 digits) only when it fits too.
	const oneLine = width(0, widths.length - 1) <= room;
	const withOrder = oneLine ? width(0, widths.length) <= room : width(BREAK, widths.length, SECOND_LEAD) <= room;
	const last = withOrder ? widths.length : widths.length - 1;
	const groups: Array<[number, number]> = oneLine ? [[0, last]] : [[0, BREAK], [BREAK, last]];
	const line = (parts: readonly string[], [from, to]: [number, number], lead = '') =>
		(lead +
			parts
				.slice(from, to)
				.map((part, i) => (RIGHT[from + i] ? part.padStart(widths[from + i]!) : part.padEnd(widths[from + i]!)))
				.join('  ')).trimEnd();
	const leadOf = (group: number) => (group === 0 ? '' : ' '.repeat(SECOND_LEAD));
	const widestBar = Math.max(10, Math.min(30, columns - 80));
	return {
		header: groups.map((group, g) => line(HEADINGS, group, leadOf(g))),
		rows: loans.map((loan, r) => {
			const falls = `falls: ${fall(risks[r]!.moveToMarginCall)} to call, ${fall(risks[r]!.moveToLiquidation)} to liq`;
			// The bar gives up cells (down to 10) before the falls move to a line of their own.
			const fits = (barWidth: number) => GAUGE_INDENT + [...`${ltvGauge(loan, barWidth)} · ${falls}`].length <= room;
			let barWidth = widestBar;
			while (barWidth > 10 && !fits(barWidth)) barWidth--;
			const bar = ltvGauge(loan, barWidth);
			const together = `${bar} · ${falls}`;
			return {
				orderId: loan.orderId,
				level: risks[r]!.level,
				figures: groups.map((group, g) => line(cells.map((column) => column[r]!), group, leadOf(g))),
				gauge: GAUGE_INDENT + [...together].length <= room ? [together] : [bar, falls],
				text: [...cells.map((column) => column[r]!), loan.loanCoin, loan.pledgeCoin].join(' '),
			};
		}),
	};
}

/** Lines one loan takes in `table` (all loans take the same). */
export function linesPerLoan(table: LoanTable): number {
	const row = table.rows[0];
	return row ? row.figures.length + row.gauge.length : 2;
}
