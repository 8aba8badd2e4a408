// All three periods side by side, figures derived with decimal arithmetic; the cheapest rate is marked.
import React from 'react';
import {Box, Text} from 'ink';
import type {Estimate, Period} from '../../api/types.js';
import {estimateFigures, PERIOD_LABEL, type EstimateFigures} from '../../format/estimate.js';
import {describeError} from '../../format/describe-error.js';
import type {Theme} from '../../ui/theme.js';
import type {LoanAmountResult, PeriodResult} from '../../ui/use-live-estimate.js';
import {loanAmountCheckWords} from '../../operations/plan-words.js';
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

/** The columns of a table of the periods side by side, narrowed to the terminal's width (down to 60). */
function columnsFor(width: number, periods: readonly Period[], selected: Period, widestLabel = 22) {
	const COLUMN_WIDTH = Math.max(13, Math.min(18, Math.floor((width - 20) / periods.length)));
	const LABEL_WIDTH = Math.max(19, Math.min(widestLabel, width - COLUMN_WIDTH * periods.length));
	// Right-aligned, one space before the next column. A number too wide for its column is written with an exponent
	// ("2.78e15"), never cut to a prefix ("27779807…" would read 10x smaller); "/day" stays whole after the number.
	const cell = (shown: string) => {
		const perDay = shown.endsWith('/day');
		const fitted = perDay ? `${fitNumber(shown.slice(0, -4), COLUMN_WIDTH - 5)}/day` : fitNumber(shown, COLUMN_WIDTH - 1);
		return `${fitted.padStart(COLUMN_WIDTH - 1)} `;
	};
	const header = (
		<Text wrap="truncate" bold>
			{''.padEnd(LABEL_WIDTH)}
			{periods
				.map((period) => cell(`${period === selected ? '● ' : ''}${COLUMN_WIDTH < 16 && period === 'FLEXIBLE' ? 'flexible' : PERIOD_LABEL[period]}`))
				.join('')}
		</Text>
	);
	return {COLUMN_WIDTH, LABEL_WIDTH, cell, header};
}

/** The figure rows both tables share: hourly, daily and term interest in the loan coin, and the annualised rate
 * (the estimate's own when its figures are exact enough; for a tiny amount the official one, or "—"). */
function FigureRows({
	figures,
	estimates,
	periods,
	loanCoin,
	stale,
	official,
	columns,
}: {
	figures: readonly (EstimateFigures | undefined)[];
	estimates: readonly (Estimate | undefined)[];
	periods: readonly Period[];
	loanCoin: string;
	stale: boolean;
	official?: LoanCoinInfo;
	columns: ReturnType<typeof columnsFor>;
}) {
	const {COLUMN_WIDTH, LABEL_WIDTH, cell} = columns;
	// "← lowest" where it fits beside the rate, else the arrow alone.
	const marked = (text: string) => (text.length + 9 <= COLUMN_WIDTH - 1 ? `${text} ← lowest` : `${text} ←`);
	const rates = periods.map((period, i) => {
		const estimate = estimates[i];
		return estimate ? annualRate(estimate, official?.annualRate[period]) : undefined;
	});
	const cheapest = lowestRate(rates.map((rate) => rate ?? {source: 'none'}));
	// A tiny amount makes every period's rate the official one: say so once, in the label, so the cells fit at 60
	// columns; a mix is marked per cell.
	const allOfficial = rates.some((rate) => rate?.source === 'official') && rates.every((rate) => rate?.source !== 'estimate');
	const showRate = (rate: AnnualRate) => (allOfficial && rate.fraction !== undefined ? aprPercent(rate.fraction) : showAnnualRate(rate));
	// One row is one quantity in the loan coin: its precision, thousands grouped (format/money.ts).
	const row = (label: string, pick: (f: EstimateFigures) => string, suffix?: (f: EstimateFigures) => string) => (
		<Text wrap="truncate" dimColor={stale}>
			{label.padEnd(LABEL_WIDTH)}
			{figures.map((f) => cell(f ? `${coinAmount(pick(f), loanCoin)}${suffix ? suffix(f) : ''}` : '—')).join('')}
		</Text>
	);
	return (
		<>
			{row(`Hourly interest`, (f) => f.hourlyInterest)}
			{row(`Daily interest`, (f) => f.dailyInterest)}
			{row(
				`Interest over term`,
				(f) => f.termInterest,
				(f) => (f.termLabel.startsWith('per') ? '/day' : ''),
			)}
			<Text wrap="truncate" dimColor={stale}>
				{(allOfficial ? 'APR (official)' : 'Annualised rate').padEnd(LABEL_WIDTH)}
				{rates.map((rate, i) => cell(rate ? (i === cheapest ? marked(showRate(rate)) : showRate(rate)) : '—')).join('')}
			</Text>
		</>
	);
}

export function EstimateTable({results, periods, selected, loanCoin, theme, stale, width, official, showOfficial = false}: Props) {
	const columns = columnsFor(width, periods, selected);
	const {LABEL_WIDTH, cell} = columns;
	const estimates = periods.map((period) => {
		const result = results[period];
		return result?.ok ? result.estimate : undefined;
	});
	const figures = periods.map((period, i) => {
		const estimate = estimates[i];
		return estimate ? estimateFigures(estimate, period) : undefined;
	});
	return (
		<Box flexDirection="column">
			{columns.header}
			<Text wrap="truncate" dimColor={stale}>
				{`Borrowable (${loanCoin})`.padEnd(LABEL_WIDTH)}
				{figures.map((f) => cell(f ? coinAmount(f.borrowable, loanCoin) : '—')).join('')}
			</Text>
			<FigureRows figures={figures} estimates={estimates} periods={periods} loanCoin={loanCoin} stale={stale} official={official} columns={columns} />
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
			<PeriodErrors results={results} periods={periods} theme={theme} />
		</Box>
	);
}

function PeriodErrors({results, periods, theme}: {results: Partial<Record<Period, {ok: boolean; error?: unknown}>>; periods: readonly Period[]; theme: Theme}) {
	return (
		<>
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
		</>
	);
}

interface LoanAmountProps {
	results: Partial<Record<Period, LoanAmountResult>>;
	periods: readonly Period[];
	selected: Period;
	loanCoin: string;
	pledgeCoin: string;
	loanAmount: string;
	theme: Theme;
	stale: boolean;
	width: number;
	official?: LoanCoinInfo;
}

/** By the amount to borrow: the collateral each period needs (derived from one estimate, checked with a second) and
 * what borrowing the amount costs; where the check disagrees beyond the server's rounding, both answers. */
export function LoanAmountTable({results, periods, selected, loanCoin, pledgeCoin, loanAmount, theme, stale, width, official}: LoanAmountProps) {
	const collateral = `Collateral needed (${pledgeCoin})`;
	const columns = columnsFor(width, periods, selected, Math.max(22, collateral.length + 1));
	const {LABEL_WIDTH, cell} = columns;
	const values = periods.map((period) => {
		const result = results[period];
		return result?.ok ? result.value : undefined;
	});
	// As the CLI does (cli/commands/estimate-by-loan.ts): the figures of the loan amount at the derived interest, the
	// rate from the reference estimate.
	const figures = periods.map((period, i) => {
		const value = values[i];
		return value ? estimateFigures({hourInterest: value.hourInterest, loanAmount}, period) : undefined;
	});
	const disagreements = periods.flatMap((period, i) => {
		const value = values[i];
		return value && value.check?.agrees === false ? [{period, value}] : [];
	});
	const checked = values.filter((value) => value?.check !== undefined).length;
	return (
		<Box flexDirection="column">
			{columns.header}
			<Text wrap="truncate" dimColor={stale}>
				{(collateral.length < LABEL_WIDTH ? collateral : `Collateral (${pledgeCoin})`).padEnd(LABEL_WIDTH)}
				{values.map((value) => cell(value ? value.pledgeAmount : '—')).join('')}
			</Text>
			<FigureRows
				figures={figures}
				estimates={values.map((value) => value?.reference.estimate)}
				periods={periods}
				loanCoin={loanCoin}
				stale={stale}
				official={official}
				columns={columns}
			/>
			{checked > 0 ? (
				<Text wrap="wrap" dimColor>
					{disagreements.length === 0
						? 'Collateral derived from one estimate; a second agrees.'
						: 'Collateral derived from one estimate, checked with a second:'}
				</Text>
			) : null}
			{disagreements.map(({period, value}) => (
				<Text key={period} wrap="wrap" color={theme.warn} dimColor={stale}>
					{PERIOD_LABEL[period]}: {loanAmountCheckWords(value, loanAmount, loanCoin, pledgeCoin)}
				</Text>
			))}
			<PeriodErrors results={results} periods={periods} theme={theme} />
		</Box>
	);
}
