// All three periods side by side, figures derived with decimal arithmetic; the cheapest rate is marked.
import React from 'react';
import {Box, Text} from 'ink';
import type {Period} from '../../api/types.js';
import {estimateFigures, PERIOD_LABEL, type EstimateFigures} from '../../format/estimate.js';
import {describeError} from '../../format/describe-error.js';
import type {Theme} from '../../ui/theme.js';
import type {PeriodResult} from '../../ui/use-live-estimate.js';
import {fitNumber} from '../../format/fit.js';
import {annualRate, lowestRate, showAnnualRate, type AnnualRate} from '../../format/apr.js';
import {amountColumn, fixedPercent} from '../../format/money.js';
import {percent} from '../../format/numbers.js';
import type {LoanCoinInfo} from '../../api/loan-types.js';

interface Props {
	results: Partial<Record<Period, PeriodResult>>;
	periods: readonly Period[];
	selected: Period;
	loanCoin: string;
	theme: Theme;
	stale: boolean;
	/** Terminal width: the columns narrow to fit it (down to 60). */
	width: number;
	/** The loan coin's official rates (coinInfos), when known. */
	official?: LoanCoinInfo;
	/** Room for two more rows: the official hourly and annual rates per period. */
	showOfficial?: boolean;
}

export function EstimateTable({results, periods, selected, loanCoin, theme, stale, width, official, showOfficial = false}: Props) {
	const COLUMN_WIDTH = Math.max(13, Math.min(18, Math.floor((width - 20) / periods.length)));
	const LABEL_WIDTH = Math.max(19, Math.min(22, width - COLUMN_WIDTH * periods.length));
	// "← lowest" where it fits beside the rate, else the arrow alone.
	const marked = (text: string) => (text.length + 9 <= COLUMN_WIDTH - 1 ? `${text} ← lowest` : `${text} ←`);
	const figures = periods.map((period) => {
		const result = results[period];
		return result?.ok ? estimateFigures(result.estimate, period) : undefined;
	});
	// The estimate's own rate when its figures are exact enough; for a tiny amount the official rate (or "—").
	const rates = periods.map((period) => {
		const result = results[period];
		return result?.ok ? annualRate(result.estimate, official?.annualRate[period]) : undefined;
	});
	const cheapest = lowestRate(rates.map((rate) => rate ?? {source: 'none'}));
	// A tiny amount makes every period's rate the official one: say so once, in the label, so the cells fit at 60
	// columns; a mix is marked per cell.
	const allOfficial = rates.some((rate) => rate?.source === 'official') && rates.every((rate) => rate?.source !== 'estimate');
	const showRate = (rate: AnnualRate) => (allOfficial && rate.fraction !== undefined ? fixedPercent(rate.fraction) : showAnnualRate(rate));
	// Right-aligned, one space before the next column. A number too wide for its column keeps its magnitude with a
	// visible mark ("98765432109876…" would read 1000x smaller); "/day" stays whole after the number.
	const cell = (shown: string) => {
		// Thousands separators only where the whole number fits: a fitted number is fitted from its plain digits.
		const text = shown.length > COLUMN_WIDTH - 1 ? shown.replace(/,/g, '') : shown;
		const perDay = text.endsWith('/day');
		const fitted = perDay ? `${fitNumber(text.slice(0, -4), COLUMN_WIDTH - 5)}/day` : fitNumber(text, COLUMN_WIDTH - 1);
		return `${fitted.padStart(COLUMN_WIDTH - 1)} `;
	};
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
				{(allOfficial ? 'APR (official)' : 'Annualised rate').padEnd(LABEL_WIDTH)}
				{rates.map((rate, i) => cell(rate ? (i === cheapest ? marked(showRate(rate)) : showRate(rate)) : '—')).join('')}
			</Text>
			{official && showOfficial ? (
				<>
					<Text wrap="truncate" dimColor={stale}>
						{'Official hourly rate'.padEnd(LABEL_WIDTH)}
						{periods.map((period) => cell(percent(official.hourRate[period]))).join('')}
					</Text>
					<Text wrap="truncate" dimColor={stale}>
						{'Official APR'.padEnd(LABEL_WIDTH)}
						{periods.map((period) => cell(fixedPercent(official.annualRate[period]))).join('')}
					</Text>
				</>
			) : null}
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
