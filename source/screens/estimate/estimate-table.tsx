// All three periods side by side, figures derived with decimal arithmetic; the cheapest rate is marked.
import React from 'react';
import {Box, Text} from 'ink';
import Big from 'big.js';
import type {Period} from '../../api/types.js';
import {estimateFigures, PERIOD_LABEL, type EstimateFigures} from '../../format/estimate.js';
import {describeError} from '../../ui/describe-error.js';
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
	const cell = (text: string) => text.slice(0, COLUMN_WIDTH - 1).padEnd(COLUMN_WIDTH);
	const row = (label: string, pick: (f: EstimateFigures) => string) => (
		<Text wrap="truncate" dimColor={stale}>
			{label.padEnd(LABEL_WIDTH)}
			{figures.map((f) => cell(f ? pick(f) : '—')).join('')}
		</Text>
	);
	return (
		<Box flexDirection="column">
			<Text wrap="truncate" bold>
				{''.padEnd(LABEL_WIDTH)}
				{periods.map((period) => cell(`${period === selected ? '● ' : ''}${COLUMN_WIDTH < 16 && period === 'FLEXIBLE' ? 'flexible' : PERIOD_LABEL[period]}`)).join('')}
			</Text>
			{row(`Borrowable (${loanCoin})`, (f) => f.borrowable)}
			{row(`Hourly interest`, (f) => f.hourlyInterest)}
			{row(`Daily interest`, (f) => f.dailyInterest)}
			{row(`Interest over term`, (f) => (f.termLabel.startsWith('per') ? `${f.termInterest}/day` : f.termInterest))}
			<Text wrap="truncate" dimColor={stale}>
				{'Annualised rate'.padEnd(LABEL_WIDTH)}
				{figures.map((f, i) => cell(f ? `${f.annualRate}${i === cheapest ? lowest : ''}` : '—')).join('')}
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
