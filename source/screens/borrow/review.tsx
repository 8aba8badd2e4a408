// Every value that will be sent, as the exact string sent, the live estimate in pledge mode, the prices the loan
// starts at (format/borrow-figures.ts, as the CLI's review), and the y/N question (ui/money). A view: the estimate
// comes from use-review-estimate.ts, the prices from ui/use-prices.ts, the refusal and second-confirmation state from
// the money post. On a short terminal the coins and the period share a line, and the price rows give way by
// importance (today's price last), so the question always shows. Beside the marks, the chance of reaching them within
// the period (operations/borrow-chance.ts) from the pair's history, its one-line form when the sentence has no room;
// g swaps the rows for the pair's chart (review-chart.tsx). Neither is waited for by y, nor sent.
import React from 'react';
import {Box, Text} from 'ink';
import {wrapLines} from '../../format/wrap.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {withCoin} from '../../format/money.js';
import type {Theme} from '../../ui/theme.js';
import {errorLine} from '../../format/describe-error.js';
import {ReviewQuestion} from '../../ui/money/review-question.js';
import {Spinner} from '../../ui/components/spinner.js';
import type {CredentialsState} from '../../services/credentials-access.js';
import {maskKey} from '../../credentials/types.js';
import type {PeriodResult} from '../../ui/use-live-estimate.js';
import type {WizardValues} from './reducer.js';
import type {ReviewChecks} from './use-review-checks.js';
import type {PledgeCoinInfo} from '../../api/loan-types.js';
import {borrowFigures, type BorrowFigures} from '../../format/borrow-figures.js';
import {quotePrice} from '../../loans/prices.js';
import type {PricesRead} from '../../ui/use-prices.js';
import {borrowChanceQuestion, borrowChanceWords} from '../../operations/borrow-chance.js';
import type {PriceHistory} from '../../operations/price-history.js';
import {PairChart, type ChartDays} from '../../ui/components/pair-chart.js';

interface Props {
	values: WizardValues;
	/** The body's width: a value longer than its column wraps under its own start. */
	columns: number;
	/** Pledge mode only: the estimate for the chosen period, or 'loading'. */
	estimate: PeriodResult | 'loading' | undefined;
	/** The server's refusal of the last attempt. */
	refusal?: unknown;
	/** These exact values were sent before with an unknown outcome: one more y is needed. */
	confirmAgain: boolean;
	connectedTo: string;
	/** The API origin with its scheme, exactly where the request goes. */
	origin: string;
	credentials: CredentialsState;
	theme: Theme;
	/** Transport and limit checks, and the loan-amount cost (use-review-checks.ts). */
	checks?: ReviewChecks;
	/** The tickers as read for this review (undefined while they are read). */
	prices?: PricesRead;
	/** The pledge coin's LTVs from the coin list, when it was read. */
	pledgeInfo?: Pick<PledgeCoinInfo, 'supRate' | 'forceRate'>;
	/** Server time, epoch ms. */
	now: number;
	/** The rows the screen's body has (the title is one of them). */
	rows: number;
	/** The pledge coin's history in the loan coin (undefined while it is read). */
	history?: PriceHistory;
	/** The chart over these days instead of the rows. */
	chart?: ChartDays;
}

/** A row's label and value; `keep`: lower stays longer when rows are short. A `wide` row takes the whole width, no
 * label; its `short` form shows when the value has no room. */
type PriceRow = {label: string; value: string; keep: number; wide?: boolean; short?: string};

interface PriceFigures {
	rows: PriceRow[];
	/** Today's price, when read. */
	price?: string;
	marks?: BorrowFigures['marks'];
}

/** The prices and what the loan starts at: the same figures as the CLI's review, and the chance beside the marks. */
function priceRows(
	values: WizardValues,
	estimate: PeriodResult | undefined,
	cost: ReviewChecks['cost'],
	read: PricesRead | undefined,
	pledgeInfo: Props['pledgeInfo'],
	now: number,
	history: PriceHistory | undefined,
): PriceFigures {
	if (read === undefined) return {rows: [{label: 'Price', value: 'reading the prices…', keep: 0}]};
	const pledgeMode = values.amountMode === 'pledge';
	const known = pledgeMode
		? {
				pledgeAmount: values.amount,
				loanAmount: estimate?.ok ? estimate.estimate.loanAmount : undefined,
				hourInterest: estimate?.ok ? estimate.estimate.hourInterest : undefined,
			}
		: {
				loanAmount: values.amount,
				pledgeAmount: cost?.status === 'ready' ? cost.cost?.pledgeAmount : undefined,
				hourInterest: cost?.status === 'ready' ? cost.cost?.hourInterest : undefined,
			};
	const price = quotePrice(read.prices, values.pledgeCoin, values.loanCoin, now);
	// The term counts from when the prices were read: the expiry shown stays put while the review is read.
	const figures = borrowFigures({
		loanCoin: values.loanCoin,
		pledgeCoin: values.pledgeCoin,
		daily: values.daily,
		...known,
		price,
		pledgeInfo,
		now,
		termFrom: read.at,
	});
	const rows: PriceRow[] = [{label: 'Price', value: figures.price, keep: 0}];
	if (figures.startLtv !== undefined) {
		const marks = figures.marginCall && figures.liquidation ? ` (call ${figures.marginCall.ltv}, liq ${figures.liquidation.ltv})` : '';
		rows.push({label: 'Starts at LTV', value: `${figures.startLtv}${marks}`, keep: 3});
	}
	if (figures.marginCall) rows.push({label: 'Margin call at', value: figures.marginCall.at, keep: 2});
	if (figures.liquidation) rows.push({label: 'Liquidation at', value: figures.liquidation.at, keep: 1});
	const question = borrowChanceQuestion(figures.marks, values.daily);
	if (question) {
		const words = borrowChanceWords({base: values.pledgeCoin, quote: values.loanCoin}, question, history);
		rows.push({label: 'Chance', value: words.long, short: words.short, keep: 2.5, wide: true});
	}
	if (figures.interest !== undefined) rows.push({label: 'Interest', value: figures.interest, keep: 4});
	rows.push({label: 'Expires', value: figures.expires ?? 'none (flexible)', keep: 5});
	return {rows, ...(price.status === 'ok' ? {price: price.price} : {}), ...(figures.marks ? {marks: figures.marks} : {})};
}

/** The rows `room` lines hold, the most needed first (keep), each as the text it shows (a wide row's short form when
 * only that fits); from the first row that does not fit on, none (a less needed row never shows in a more needed's place). */
function fitRows(rows: readonly PriceRow[], room: number, linesOf: (row: PriceRow, text: string) => number): Map<PriceRow, string> {
	const shown = new Map<PriceRow, string>();
	let left = room;
	for (const row of [...rows].sort((a, b) => a.keep - b.keep)) {
		const text = [row.value, row.short].find((candidate) => candidate !== undefined && linesOf(row, candidate) <= left);
		if (text === undefined) break;
		left -= linesOf(row, text);
		shown.set(row, text);
	}
	return shown;
}

/** Where a review row's value starts: two spaces and the label's column. */
const LABEL_COLUMN = 2 + 17;

/** The review's rows of values sent: the coins and period (one row when `compact`), the amount, server, credentials. */
function valueRows(values: WizardValues, connectedTo: string, origin: string, credentials: CredentialsState, compact: boolean): Array<[string, string]> {
	const pledgeMode = values.amountMode === 'pledge';
	const coinRows: Array<[string, string]> = compact
		? [['Borrow', `${values.loanCoin} against ${values.pledgeCoin}, ${values.daily} — ${PERIOD_LABEL[values.daily]}`]]
		: [
				['Loan coin', values.loanCoin],
				['Pledge coin', values.pledgeCoin],
				['Period', `${values.daily} — ${PERIOD_LABEL[values.daily]}`],
			];
	return [
		...coinRows,
		[pledgeMode ? 'Pledge amount' : 'Loan amount', `${values.amount} ${pledgeMode ? values.pledgeCoin : values.loanCoin}`],
		['Server', connectedTo === 'demo' ? `demo (embedded simulator, ${origin})` : origin],
		['Credentials', credentials.status === 'ready' ? `${credentials.resolved.source}, key ${maskKey(credentials.resolved.credentials.apiKey)}` : 'none'],
	];
}

export function Review({
	values,
	estimate: fetched,
	refusal,
	confirmAgain,
	connectedTo,
	origin,
	credentials,
	theme,
	checks,
	prices,
	pledgeInfo,
	now,
	rows: bodyRows,
	columns,
	history,
	chart,
}: Props) {
	const pledgeMode = values.amountMode === 'pledge';
	const estimate = fetched === 'loading' ? undefined : fetched;
	const figures = priceRows(values, estimate, checks?.cost, prices, pledgeInfo, now, history);
	const allPrices = figures.rows;
	const question = (
		<ReviewQuestion
			refusal={refusal}
			nothingDone="Nothing was borrowed."
			confirmAgain={confirmAgain}
			mayExist="a loan may already exist"
			question="Borrow? [y/N]"
			theme={theme}
		/>
	);
	const blocked = <ReviewChecksLines checks={checks} theme={theme} />;
	if (chart !== undefined) {
		// The chart takes the rows but the title, the question and what may show with it.
		const height = bodyRows - 2 - (checks?.blocked ? 2 : 0) - (checks?.checking ? 1 : 0) - (refusal ? 3 : 0) - (confirmAgain ? 4 : 0);
		const pair = {base: values.pledgeCoin, quote: values.loanCoin};
		return (
			<Box flexDirection="column">
				<PairChart
					pair={pair}
					history={history}
					price={figures.price}
					marks={figures.marks}
					days={chart}
					now={now}
					width={columns}
					height={Math.max(2, height)}
					theme={theme}
				/>
				{blocked}
				{question}
			</Box>
		);
	}
	// The title, the question and what may show between: the estimate's two rows, and a note, a refusal or the warning
	// (two lines each, as they may wrap). A refusal counts one more: it is also the last error, which may wrap the status
	// line above the screen onto a second line (app/components/status-line.tsx) and so take the shell's spare row.
	const other = 2 + 2 + (checks?.note ? 2 : 0) + (checks?.blocked ? 2 : 0) + (checks?.checking ? 1 : 0) + (refusal ? 3 : 0) + (confirmAgain ? 4 : 0);
	// Each value wraps at whole words under its own start (never cut): a row takes the lines it wraps to; a wide row
	// (the chance) wraps at the body's width.
	const valueWidth = Math.max(10, columns - LABEL_COLUMN);
	const wideWidth = Math.max(10, columns - 2);
	const linesOf = (value: string) => wrapLines(value, valueWidth).length;
	const rowLines = (row: PriceRow, text: string) => wrapLines(text, row.wide ? wideWidth : valueWidth).length;
	const fixedRows = (rows: Array<[string, string]>) => rows.reduce((sum, [, value]) => sum + linesOf(value), 0);
	const pricesRows = allPrices.reduce((sum, row) => sum + rowLines(row, row.value), 0);
	const compact = bodyRows < other + fixedRows(valueRows(values, connectedTo, origin, credentials, false)) + pricesRows;
	const rows = valueRows(values, connectedTo, origin, credentials, compact);
	const shown = fitRows(allPrices, bodyRows - other - fixedRows(rows), rowLines);
	const warnPrice = prices !== undefined && !prices.prices.ok;
	return (
		<Box flexDirection="column">
			{rows.flatMap(([label, value]) =>
				wrapLines(value, valueWidth).map((line, i) => (
					<Text key={`${label}${i}`} wrap="truncate">
						{'  '}
						{(i === 0 ? label : '').padEnd(17)}
						<Text bold>{line}</Text>
					</Text>
				)),
			)}
			{pledgeMode ? <PledgeEstimateRows estimate={estimate} values={values} theme={theme} /> : null}
			{checks?.cost ? <LoanCostRows cost={checks.cost} values={values} theme={theme} /> : null}
			<PriceRowLines rows={allPrices} shown={shown} widths={{value: valueWidth, wide: wideWidth}} warnPrice={warnPrice} theme={theme} />
			{checks?.note ? (
				<Text wrap="wrap" dimColor>
					{'  '}Note: {checks.note}.
				</Text>
			) : null}
			{blocked}
			{question}
		</Box>
	);
}

/** The price rows shown, each wrapped under its own start (a wide row at the body's width, no label). */
function PriceRowLines(props: {rows: PriceRow[]; shown: Map<PriceRow, string>; widths: {value: number; wide: number}; warnPrice: boolean; theme: Theme}) {
	const {rows, shown, widths, warnPrice, theme} = props;
	return (
		<>
			{rows.flatMap((row) => {
				const text = shown.get(row);
				if (text === undefined) return [];
				const color = row.label === 'Price' && (warnPrice || /stale|no price/.test(text)) ? theme.warn : undefined;
				return wrapLines(text, row.wide ? widths.wide : widths.value).map((line, i) => (
					<Text key={`${row.label}${i}`} wrap="truncate" color={color}>
						{'  '}
						{row.wide ? '' : (i === 0 ? row.label : '').padEnd(17)}
						{line}
					</Text>
				));
			})}
		</>
	);
}

/** Why y sends nothing, or that it waits for the limits check. */
function ReviewChecksLines({checks, theme}: {checks?: ReviewChecks; theme: Theme}) {
	return (
		<>
			{checks?.blocked ? (
				<Text wrap="wrap" color={theme.bad}>
					✗ Cannot borrow: {checks.blocked}. Nothing will be sent; n to change values.
				</Text>
			) : null}
			{checks?.checking ? <Spinner label="Checking Bitget's borrow limits…" color={theme.accent} /> : null}
		</>
	);
}

/** By pledge amount: what the estimate says the pledge borrows and costs per hour. */
function PledgeEstimateRows({estimate, values, theme}: {estimate: Exclude<Props['estimate'], 'loading'>; values: WizardValues; theme: Theme}) {
	if (estimate === undefined) return <Spinner label="Fetching the estimate…" color={theme.accent} />;
	if (!estimate.ok) {
		return (
			<Text wrap="wrap" color={theme.warn}>
				{'  '}Estimate unavailable: {errorLine(estimate.error)}
			</Text>
		);
	}
	return (
		<>
			<Text wrap="truncate">
				{'  '}
				{'Borrowable'.padEnd(17)}
				{withCoin(estimate.estimate.loanAmount, values.loanCoin)} (estimate)
			</Text>
			<Text wrap="truncate">
				{'  '}
				{'Hourly interest'.padEnd(17)}
				{withCoin(estimate.estimate.hourInterest, values.loanCoin)} (estimate)
			</Text>
		</>
	);
}

/** By loan amount: what the borrow takes as collateral and costs per hour, scaled from an estimate. */
function LoanCostRows({cost, values, theme}: {cost: NonNullable<ReviewChecks['cost']>; values: WizardValues; theme: Theme}) {
	if (cost.status === 'loading') return <Spinner label="Estimating the collateral and interest…" color={theme.accent} />;
	if (cost.status === 'error') {
		return (
			<Text wrap="truncate" color={theme.warn}>
				{'  '}Collateral and interest: no estimate ({errorLine(cost.error)})
			</Text>
		);
	}
	if (!cost.cost) {
		return (
			<Text wrap="truncate" color={theme.warn}>
				{'  '}Collateral and interest: no estimate (the estimate borrows nothing)
			</Text>
		);
	}
	return (
		<>
			<Text wrap="truncate">
				{'  '}
				{'Collateral'.padEnd(17)}
				about {withCoin(cost.cost.pledgeAmount, values.pledgeCoin)} (estimate)
			</Text>
			<Text wrap="truncate">
				{'  '}
				{'Hourly interest'.padEnd(17)}
				about {withCoin(cost.cost.hourInterest, values.loanCoin)} (estimate)
			</Text>
		</>
	);
}
