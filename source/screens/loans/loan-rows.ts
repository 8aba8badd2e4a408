// The Loans table as text: per loan, its figures (with today's price of the pledge coin in the loan coin and the
// margin-call and liquidation prices, once the tickers are read) and its LTV gauge with the numbers and the price
// falls that reach the margin call and the liquidation, and the chance of a margin call before the term ends (from the
// pair's price history: operations/ongoing-loan-chance.ts). Columns a terminal has no room for are left out, least
// needed first (the order id, the margin-call price, the hourly rate, today's price, the chance, the liquidation
// price), never cut. Every amount is at its coin's precision, right-aligned (format/money.ts); risk is a symbol and a word, so nothing depends on colour. A terminal too narrow for one line
// of figures gets two (and the gauge's falls a line of their own) rather than figures cut off.
import type {OngoingLoan} from '../../api/loan-types.js';
import {alignRight, aprPercent, coinAmount, hourlyRate, withCoin} from '../../format/money.js';
import {expiryWords, fall, ltvGauge, RISK_SYMBOL} from '../../format/loans.js';
import {sanitize} from '../../format/sanitize.js';
import {wrapLines} from '../../format/wrap.js';
import {annualRate} from '../../loans/ltv.js';
import {riskOf, type RiskLevel} from '../../loans/risk.js';
import {loanMarkPrices, quotePrice, type PriceQuote, type PriceRead} from '../../loans/prices.js';
import {priceAmount} from '../../format/price.js';
import {chancePercent} from '../../format/chance-words.js';
import {loanPair, ongoingLoanChance} from '../../operations/ongoing-loan-chance.js';
import type {PriceHistory} from '../../operations/price-history.js';
import {pairKey} from '../../ui/use-price-histories.js';

export interface LoanRow {
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
	/** The chance column shows a chance (not only "…" or "no hist."): the screen says once that it is a model. */
	chanceShown: boolean;
}

/** The chance column's cell for a pair without enough history (NO_HISTORY, short). */
const NO_HISTORY_CELL = 'no hist.';

/** Where the figures break on a narrow terminal: risk, borrowed, interest, APR | hourly, collateral, …, expiry. */
const BREAK = 4;
const INDENT = 2;
const GAUGE_INDENT = 4;
/** The second line of figures is indented this much more than the first. */
const SECOND_LEAD = 4;

interface Column {
	heading: string;
	cells: string[];
	right: boolean;
	/** Shown only when it fits, in this order (0 first): the chance of a margin call (a key figure), the liquidation price, today's
	 * price, the hourly rate, the margin-call price, the order id. Without prices, only the order id is optional. */
	optional?: number;
}

/** The prices the table shows, as read (server time `now`); without them the table has no price columns. */
export interface TablePrices {
	read: PriceRead;
	now: number;
	/** Loans whose LTV is projected from a live price since the last read: their LTV reads "≈76.10% (live)". */
	projected?: ReadonlySet<string>;
	/** The pairs' price histories by pairKey (ui/use-price-histories.ts); a pair not there yet is still read ("…"). */
	histories?: ReadonlyMap<string, PriceHistory>;
}

/** The table for `loans` (already in risk order), at local time `now`, for a terminal `columns` wide. */
export function loanTable(loans: readonly OngoingLoan[], now: number, columns: number, read?: TablePrices): LoanTable {
	// Today's price of each pledge coin in its loan coin, and the margin-call and liquidation prices (owed ÷ (collateral × T)).
	const quoted = loans.map((loan) => (read ? quotePrice(read.read, loan.pledgeCoin, loan.loanCoin, read.now) : undefined));
	// The falls from the same figures as those prices (loans/prices.ts markFalls).
	const risks = loans.map((loan, i) => {
		const price = quoted[i];
		return riskOf(loan, {}, price?.status === 'ok' ? price.price : undefined);
	});
	const mark = (i: number, which: 'marginCallPrice' | 'liquidationPrice' | 'price') => {
		const loan = loans[i]!;
		const price = quoted[i]!;
		if (price.status !== 'ok') return price.status === 'no price' ? 'no price' : 'unavailable';
		if (which === 'price') return priceAmount(price.price, loan.loanCoin);
		return priceAmount(loanMarkPrices(loan, price.price)[which], loan.loanCoin);
	};
	const priceColumn = (heading: string, which: 'marginCallPrice' | 'liquidationPrice' | 'price', optional: number): Column => ({
		heading,
		cells: alignRight(loans.map((_, i) => mark(i, which))),
		right: true,
		optional,
	});
	const chances = loans.map((loan, i) => chanceAt(loan, quoted[i], read));
	const all: Column[] = [
		{heading: 'RISK', cells: risks.map((risk) => `${RISK_SYMBOL[risk.level]} ${risk.label}`), right: false},
		{heading: 'BORROWED', cells: alignRight(loans.map((l) => withCoin(l.loanAmount, sanitize(l.loanCoin)))), right: true},
		{heading: 'INTEREST', cells: alignRight(loans.map((l) => coinAmount(l.interestAmount, l.loanCoin))), right: true},
		{heading: 'APR', cells: alignRight(loans.map((l) => aprPercent(annualRate(l.hourInterestRate)))), right: true},
		// The APR says the rate already: the hourly rate gives way to the liquidation price and today's.
		{heading: 'HOURLY', cells: alignRight(loans.map((l) => hourlyRate(l.hourInterestRate))), right: true, ...(read ? {optional: 3} : {})},
		{heading: 'COLLATERAL', cells: alignRight(loans.map((l) => withCoin(l.pledgeAmount, sanitize(l.pledgeCoin)))), right: true},
		...(read
			? [
					priceColumn('PRICE', 'price', 2),
					priceColumn('CALL AT', 'marginCallPrice', 4),
					priceColumn('LIQ AT', 'liquidationPrice', 0),
					{heading: 'CHANCE', cells: alignRight(chances.map(chanceCell)), right: true, optional: 1},
				]
			: []),
		{heading: 'EXPIRES', cells: loans.map((l) => expiryWords(l.expireTime, now)), right: false},
		{heading: 'ORDER', cells: loans.map((l) => l.orderId), right: false, optional: 5},
	];
	const widthOf = (column: Column) => Math.max(column.heading.length, ...column.cells.map((cell) => [...cell].length));
	// A line's width on screen: the selection marker, a lead, the columns two spaces apart.
	const width = (shown: readonly Column[], lead = 0) => shown.reduce((sum, column) => sum + widthOf(column) + 2, INDENT + lead - 2);
	const room = columns - 1;
	// The optional columns join the last line, most needed first, each only where it still fits (none is cut).
	const fill = (oneLine: boolean) => {
		let shown = all.filter((column) => column.optional === undefined);
		for (const column of all.filter((c) => c.optional !== undefined).sort((a, b) => a.optional! - b.optional!)) {
			const tried = all.filter((c) => shown.includes(c) || c === column);
			if (oneLine ? width(tried) <= room : width(tried.slice(BREAK), SECOND_LEAD) <= room) shown = tried;
		}
		return shown;
	};
	const extras = (shown: readonly Column[]) => shown.filter((column) => column.optional !== undefined && column.heading !== 'ORDER').length;
	// One line when the columns always shown fit and it leaves out no column (but the order id) that two lines would
	// show; else two, broken after the APR.
	const single = width(all.filter((column) => column.optional === undefined)) <= room ? fill(true) : undefined;
	const double = fill(false);
	const oneLine = single !== undefined && extras(single) >= extras(double);
	const shown = oneLine ? single : double;
	const groups: Column[][] = oneLine ? [shown] : [shown.slice(0, BREAK), shown.slice(BREAK)];
	const line = (group: readonly Column[], cell: (column: Column) => string, lead = '') =>
		(lead + group.map((column) => (column.right ? cell(column).padStart(widthOf(column)) : cell(column).padEnd(widthOf(column)))).join('  ')).trimEnd();
	const leadOf = (group: number) => (group === 0 ? '' : ' '.repeat(SECOND_LEAD));
	const widestBar = Math.max(10, Math.min(30, columns - 80));
	const chanceShown = shown.some((column) => column.heading === 'CHANCE') && chances.some((chance) => typeof chance === 'object' && chance.status === 'ok');
	return {
		chanceShown,
		header: groups.map((group, g) => line(group, (column) => column.heading, leadOf(g))),
		rows: loans.map((loan, r) => {
			const falls = `falls: ${fall(risks[r]!.moveToMarginCall)} to call, ${fall(risks[r]!.moveToLiquidation)} to liq`;
			// The bar gives up cells (down to 10) before the falls move to a line of their own.
			// Projected from a live price until the next read: said in words beside the number.
			const live = read?.projected?.has(loan.orderId) === true;
			const fits = (barWidth: number) => GAUGE_INDENT + [...`${ltvGauge(loan, barWidth, live)} · ${falls}`].length <= room;
			let barWidth = widestBar;
			while (barWidth > 10 && !fits(barWidth)) barWidth--;
			const bar = ltvGauge(loan, barWidth, live);
			const together = `${bar} · ${falls}`;
			return {
				orderId: loan.orderId,
				level: risks[r]!.level,
				figures: groups.map((group, g) => line(group, (column) => column.cells[r]!, leadOf(g))),
				// Too narrow for both on a line: the gauge, then the falls; when not even the gauge fits a line (at 60
				// columns a live LTV's "(live)" takes the room of the liquidation LTV), the two wrap together at whole words,
				// never cut.
				gauge:
					GAUGE_INDENT + [...together].length <= room
						? [together]
						: GAUGE_INDENT + [...bar].length <= room
							? [bar, falls]
							: wrapLines(together, room - GAUGE_INDENT),
				text: [...all.map((column) => column.cells[r]!), loan.loanCoin, loan.pledgeCoin].join(' '),
			};
		}),
	};
}

/** The chance of a margin call before the term ends, at the price and the marks of the columns beside it. */
function chanceAt(loan: OngoingLoan, price: PriceQuote | undefined, read: TablePrices | undefined) {
	if (!read) return undefined;
	return ongoingLoanChance(loan, price?.status === 'ok' ? price.price : undefined, read.histories?.get(pairKey(loanPair(loan))), read.now);
}

/** The chance column's cell: the chance of a margin call, "…" while the history is read, "—" without a horizon. */
function chanceCell(chance: ReturnType<typeof chanceAt>): string {
	if (chance === undefined) return '—';
	if (chance === 'reading') return '…';
	if (chance.status === 'ok') return chancePercent(chance.marginCall);
	return chance.status === 'no history' ? NO_HISTORY_CELL : 'unavailable';
}

/** Lines one loan takes in `table` (all loans take the same). */
export function linesPerLoan(table: LoanTable): number {
	// A gauge that wraps (a live LTV says so in words) may take a line more than another loan's: the most of any.
	return table.rows.length > 0 ? Math.max(...table.rows.map((row) => row.figures.length + row.gauge.length)) : 2;
}
