// All three periods side by side, figures derived with decimal arithmetic; the cheapest rate is marked.
import React from 'react';
import {Box, Text} from 'ink';
import Big from 'big.js';
import type {Period} from '../../api/types.js';
import {estimateFigures, PERIOD_LABEL, type EstimateFigures} from '../../format/estimate.js';
import {describeError} from '../../ui/describe-error.js';
import {amountColumn} from '../../format/money.js';
import {fitNumber} from '../../format/fit.js';
import type {Theme} from '../../ui/theme.js';
import type {PeriodResult} from './use-live-estimate.js';

interface Props {
	results: Partial<Record<Period, PeriodResult>>;
	periods: readonly Period[];
	selected: Period;
	loanCoin: string;
	theme: Theme;
	stale: boolean;
	/** Terminal width: the columns narrow to fit it (down to 60). */
	width: number;
}

export function EstimateTable({results, periods, selected, loanCoin, theme, stale, width}: Props) {
	const COLUMN_WIDTH = Math.max(13, Math.min(18, Math.floor((width - 20) / periods.length)));
	const LABEL_WIDTH = Math.max(19, Math.min(22, width - COLUMN_WIDTH * periods.length));
	const lowest = COLUMN_WIDTH >= 16 ? ' ← lowest' : ' ←';
	const figures = periods.map((period) => {
		const result = results[period];
		return result?.ok ? estimateFigures(result.estimate, period) : undefined;
	});
	const cheapest = cheapestIndex(periods.map((period) => results[period]));
	// Right-aligned, one space before the next column; a number too wide keeps its magnitude (fit.ts).
	const cell = (text: string) => `${fitNumber(text, COLUMN_WIDTH - 1).padStart(COLUMN_WIDTH - 1)} `;
	// One row is one quantity in one coin: the same decimals across the periods, thousands grouped (format/money.ts).
	const row = (label: string, pick: (f: EstimateFigures) => string, suffix?: (f: EstimateFigures) => string) => {
		const amounts = amountColumn(figures.map((f) => (f ? pick(f) : undefined)), {maxDecimals: 8});
		return (
			<Text wrap="truncate" dimColor={stale}>
				{label.padEnd(LABEL_WIDTH)}
				{figures.map((f, i) => cell(`${amounts[i]!.trim()}${f && suffix ? suffix(f) : ''}`)).join('')}
			</Text>
		);
	};
	return (
		<Box flexDirection="column">
			<Text wrap="truncate" bold>
				{''.padEnd(LABEL_WIDTH)}
				{periods.map((period) => cell(`${period === selected ? '● ' : ''}${COLUMN_WIDTH < 16 && period === 'FLEXIBLE' ? 'flexible' : PERIOD_LABEL[period]}`)).join('')}
			</Text>
			{row(`Borrowable (${loanCoin})`, (f) => f.borrowable)}
			{row(`Hourly interest`, (f) => f.hourlyInterest)}
			{row(`Daily interest`, (f) => f.dailyInterest)}
			{row(`Interest over term`, (f) => f.termInterest, (f) => (f.termLabel.startsWith('per') ? '/day' : ''))}
			<Text wrap="truncate" dimColor={stale}>
				{'Annualised rate'.padEnd(LABEL_WIDTH)}
				{/* Cells without the mark keep its room, so the percentages stay aligned. */}
				{figures.map((f, i) => cell(`${f ? f.annualRate : '—'}${cheapest < 0 ? '' : i === cheapest ? lowest : ' '.repeat(lowest.length)}`)).join('')}
			</Text>
			{periods.map((period) => {
				const result = results[period];
				if (!result || result.ok) return null;
				const view = describeError(result.error);
				return (
					<Text key={period} wrap="wrap" color={theme.bad}>
						✗ {PERIOD_LABEL[period]}: {view.detail ?? view.title}
					</Text>
				);
			})}
		</Box>
	);
}

/** The period with the lowest rate (hourly interest per unit borrowed, exact), when at least two compare. */
function cheapestIndex(results: Array<PeriodResult | undefined>): number {
	let best = -1;
	let bestRate: Big | undefined;
	let compared = 0;
	results.forEach((result, i) => {
		if (!result?.ok || new Big(result.estimate.loanAmount).eq(0)) return;
		compared++;
		const rate = new Big(result.estimate.hourInterest).div(result.estimate.loanAmount);
		if (bestRate === undefined || rate.lt(bestRate)) {
			best = i;
			bestRate = rate;
		}
	});
	return compared >= 2 ? best : -1;
}
