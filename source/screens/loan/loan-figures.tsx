// The loan's own figures, as the detail shows them: amounts, interest, rate and APR, collateral, the LTV gauge with
// its numbers, the price falls to the margin call and the liquidation with today's price and the prices that reach
// them (format/loan-prices.ts, as `loan-tui loans ORDER`), risk in words and the chance of a margin call before the
// term ends (format/chance-words.ts, with the disclaimer), times; then the amounts that answer the
// next question: the most collateral that can leave now (a safety margin below the margin call) and what to add to get
// back to a target LTV (format/loan-targets.ts, as `loan-tui loans ORDER`).
import React, {type ReactElement} from 'react';
import {Text} from 'ink';
import {wrapLines} from '../../format/wrap.js';
import type {OngoingLoan} from '../../api/loan-types.js';
import {loanDetailRows, RISK_SYMBOL} from '../../format/loans.js';
import {riskColor, type Theme} from '../../ui/theme.js';
import {loanPrices} from '../../format/loan-prices.js';
import {quotePrice} from '../../loans/prices.js';
import {loanTargetRows, type LoanTargets} from '../../format/loan-targets.js';
import type {PricesRead} from '../../ui/use-prices.js';
import {CHANCE_DISCLAIMER, chanceSentence} from '../../format/chance-words.js';
import {sanitize} from '../../format/sanitize.js';
import type {ChanceRead} from '../../operations/loan-chance.js';
import {loanPair} from '../../operations/ongoing-loan-chance.js';

const LABEL = 18;

interface Props {
	loan: OngoingLoan;
	now: number;
	theme: Theme;
	/** The tickers as read with the loan (undefined while they are read). */
	prices?: PricesRead;
	/** Server time, epoch ms (a price's age). */
	serverNow: number;
	/** The safety margin, the target LTV and the pledge coin's initial LTV (from the coin list, when it was read). */
	targets: LoanTargets;
	/** The terminal is short of rows (60×16): the mark prices replace the falls. */
	short?: boolean;
	/** The LTV is projected from a live price since the last read: it reads "≈80.14% (live)". */
	live?: boolean;
	/** The chance of a margin call before the term ends ('reading' while the history is read); none: no row. */
	chance?: ChanceRead | 'reading';
}

/** The chance in words, with the disclaimer once where there is a chance. */
function chanceWords(loan: OngoingLoan, chance: ChanceRead | 'reading'): string {
	if (chance === 'reading') return 'reading the price history';
	if (chance.status === 'unavailable') return `unavailable: ${sanitize(chance.problem)}`;
	const sentence = chanceSentence(loanPair(loan), chance);
	return chance.status === 'ok' ? `${sentence} ${CHANCE_DISCLAIMER}` : sentence;
}

/** Today's price and the margin-call and liquidation prices, then what may leave and what brings the LTV back. */
function priceRows(loan: OngoingLoan, prices: PricesRead | undefined, serverNow: number, targets: LoanTargets): Array<[string, string]> {
	const rows: Array<[string, string]> = [];
	if (prices === undefined) rows.push(['Price', 'reading the prices…']);
	else {
		const marks = loanPrices(prices.prices, loan, serverNow);
		rows.push(['Price', marks.now]);
		if (marks.marginCall !== undefined) rows.push(['Margin-call price', marks.marginCall], ['Liquidation price', marks.liquidation!]);
	}
	rows.push(...loanTargetRows(loan, targets));
	return rows;
}

/** The figures as terminal rows at `columns` (ui/components/scroll-window.tsx shows a window of them): a value too
 * long for its line wraps under itself, whole words first (the LTV's call and liquidation marks are never cut off). */
export function loanFigureRows({loan, now, theme, prices, serverNow, targets, short = false, live = false, chance}: Props, columns: number): ReactElement[] {
	// The falls from today's price, as the mark prices below them (loans/prices.ts markFalls).
	const today = prices === undefined ? undefined : quotePrice(prices.prices, loan.pledgeCoin, loan.loanCoin, serverNow);
	const {rows: figures, risk} = loanDetailRows(loan, now, undefined, live, today?.status === 'ok' ? today.price : undefined);
	const rows: Array<[string, string, string?]> = figures.map(([label, value]) =>
		label === 'Risk' ? [label, `${RISK_SYMBOL[risk.level]} ${value}`, riskColor(theme, risk.level)] : [label, value],
	);
	const [price, ...amounts] = priceRows(loan, prices, serverNow, targets);
	const marks = amounts.filter(([label]) => label.endsWith(' price'));
	// Today's price and the two mark prices after the falls that reach them (as `loans ORDER`); the amounts last.
	const stale = prices !== undefined && (!prices.prices.ok || / stale|no price/.test(price![1]));
	// Short of rows, the mark prices take the place of the falls they include ("5.34% below"), so the risk and the times
	// stay on screen.
	if (short && marks.length === 2) {
		rows.splice(
			rows.findIndex(([label]) => label === 'Margin call'),
			1,
			['Margin call', `at ${marks[0]![1]}`],
		);
		rows.splice(
			rows.findIndex(([label]) => label === 'Liquidation'),
			1,
			['Liquidation', `at ${marks[1]![1]}`],
		);
	}
	rows.splice(rows.findIndex(([label]) => label === 'Liquidation') + 1, 0, [price![0], price![1], stale ? theme.warn : undefined], ...(short ? [] : marks));
	if (chance !== undefined) rows.splice(rows.findIndex(([label]) => label === 'Risk') + 1, 0, ['Chance', chanceWords(loan, chance)]);
	rows.push(...amounts.filter((row) => !marks.includes(row)));
	const valueWidth = Math.max(10, columns - LABEL - 2);
	return rows.flatMap(([label, value, color]) =>
		wrapLines(value, valueWidth).map((line, i) => (
			<Text key={`${label}${i}`} wrap="truncate">
				{'  '}
				{(i === 0 ? label : '').padEnd(LABEL)}
				<Text color={color} bold={color !== undefined}>
					{line}
				</Text>
			</Text>
		)),
	);
}
