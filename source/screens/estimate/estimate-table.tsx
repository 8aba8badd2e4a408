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
import {aprPercent, coinAmount, hourlyRate} from '../../format/money.js';
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
	const showRate = (rate: AnnualRate) => (allOfficial && rate.fraction !== undefined ? aprPercent(rate.fraction) : showAnnualRate(rate));
	// Right-aligned, one space before the next column. A number too wide for its column is written with an exponent
	// ("2.78e15"), never cut to a prefix ("27779807…" would read 10x smaller); "/day" stays whole after the number.
	const cell = (shown: string) => {
		const perDay = shown.endsWith('/day');
		const fitted = perDay ? `${fitNumber(shown.slice(0, -4), COLUMN_WIDTH - 5)}/day` : fitNumber(shown, COLUMN_WIDTH - 1);
		return `${fitted.padStart(COLUMN_WIDTH - 1)} `;
	};
	// One row is one quantity in the loan coin: its precision, thousands grouped (format/money.ts).
	const row = (label: string, pick: (f: EstimateFigures) => string, suffix?: (f: EstimateFigures) => string) => (
		<Text wrap="truncate" dimColor={stale}>
			{label.padEnd(LABEL_WIDTH)}
			{figures.map((f) => cell(f ? `${coinAmount(pick(f), loanCoin)}${suffix ? suffix(f) : ''}` : '—')).join('')}
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
			{row(`Interest over term`, (f) => f.termInterest, (f) => (f.termLabel.startsWith('per') ? '/day' : ''))}
			<Text wrap="truncate" dimColor={stale}>
				{(allOfficial ? 'APR (official)' : 'Annualised rate').padEnd(LABEL_WIDTH)}
				{rates.map((rate, i) => cell(rate ? (i === cheapest ? marked(showRate(rate)) : showRate(rate)) : '—')).join('')}
			</Text>
			{official && showOfficial ? (
				<>
					<Text wrap="truncate" dimColor={stale}>
						{'Official hourly rate'.padEnd(LABEL_WIDTH)}
						{periods.map((period) => cell(hourlyRate(official.hourRate[period]))).join('')}
					</Text>
					<Text wrap="truncate" dimColor={stale}>
						{'Official APR'.padEnd(LABEL_WIDTH)}
						{periods.map((period) => cell(aprPercent(official.annualRate[period]))).join('')}
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
