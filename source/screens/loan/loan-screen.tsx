// One loan: its figures, and its actions — repay (all or part, release or keep the collateral), add or withdraw
// collateral — each through a review and an explicit y, sent once by the money post (ui/money), with the keys and
// views every money screen shares. After an unknown outcome the pipeline reads the loans again
// (operations/check-outcome.ts) and the finding is shown. The state and actions are use-loan-detail.ts's, the keys
// keys.ts's; this file draws them.
import React, {type ReactElement, useState} from 'react';
import {Box, Text} from 'ink';
import type {OngoingLoan} from '../../api/loan-types.js';
import {ltvPercent, withCoin} from '../../format/money.js';
import {owed} from '../../format/loans.js';
import {sanitize} from '../../format/sanitize.js';
import {ago} from '../../format/time.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {errorLine} from '../../format/describe-error.js';
import {ChoiceList} from '../../ui/fields/choice-list.js';
import {TextField} from '../../ui/fields/text-field.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {MoneyPostView} from '../../ui/money/money-post-view.js';
import {MONEY_STAGE_TITLES, moneyInputMode} from '../../ui/money/money-review-bindings.js';
import {useServices} from '../../ui/services.js';
import type {Theme} from '../../ui/theme.js';
import {loanFigureRows} from './loan-figures.js';
import {wrapLines} from '../../format/wrap.js';
import {scrollWindow, WindowedRows} from '../../ui/components/scroll-window.js';
import {marginPoints, type LoanTargets} from '../../format/loan-targets.js';
import {DEFAULT_SAFETY_MARGIN} from '../../loans/targets.js';
import type {LoanActionState, LoanSetting} from './reducer.js';
import type {ActionOutcome} from './outcome-words.js';
import {LoanReview} from './review.js';
import type {LoanState} from './use-loan.js';
import {useBodySize} from '../../ui/layout.js';
import type {TerminalSize} from '../../ui/use-terminal-size.js';
import type {PricesRead} from '../../ui/use-prices.js';
import {useLoanDetail, type LoanDetailState, type LoanStage} from './use-loan-detail.js';
import {loanDetailBindings, type DetailWindow} from './keys.js';
import {PairChart} from '../../ui/components/pair-chart.js';
import {loanPair} from '../../operations/ongoing-loan-chance.js';
import {loanMarkPrices} from '../../loans/prices.js';
import type {ChanceRead} from '../../operations/loan-chance.js';

const TITLE: Record<LoanStage, string> = {
	view: '',
	'repay-mode': 'Repay: how much?',
	amount: 'How much?',
	'repay-unlock': 'Repay: the collateral',
	review: 'Review',
	margin: 'Safety margin',
	target: 'Target LTV',
	...MONEY_STAGE_TITLES,
};

const REPAY_CHOICES = [
	{label: 'All — principal and interest; all collateral released', value: true},
	{label: 'Part — an amount you give (interest is paid first)', value: false},
];
const UNLOCK_LABELS = [
	{label: 'Release collateral — Bitget sizes the release', value: true},
	{label: 'Keep collateral — the LTV falls instead', value: false},
];

/** A new instance after each completed action: its money post starts fresh, its figures are read again, and it says
 * in words what the action did (so a loan repaid in full reads as closed by that repayment, not as gone). */
export function LoanScreen({orderId}: {orderId: string}) {
	const [finished, setFinished] = useState<{generation: number; note?: string}>({generation: 0});
	return (
		<LoanDetail
			key={finished.generation}
			orderId={orderId}
			note={finished.note}
			onFinished={(note) => setFinished((previous) => ({generation: previous.generation + 1, note}))}
		/>
	);
}

function LoanDetail({orderId, note, onFinished}: {orderId: string; note?: string; onFinished: (note?: string) => void}) {
	const {theme, connectedTo} = useServices();
	const {state, actions} = useLoanDetail(orderId, onFinished);
	const {form, stage, loan} = state;
	const body = useBodySize();
	const layout = detailLayout(state, note, theme, body);
	useScreenInput({
		mode: state.money ? moneyInputMode(state.money) : state.typing ? 'text' : 'navigate',
		// Until the loan is first read: r, a, w typed meanwhile act on it once it shows.
		loading: stage === 'view' && state.read.status === 'loading',
		bindings: loanDetailBindings(state, actions, layout.window),
		onPaste: actions.paste,
	});

	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="wrap">
				{layout.title}
				{layout.updated ? (
					<Text bold={false} color={undefined} dimColor>
						{layout.updated}
					</Text>
				) : null}
			</Text>
			{stage === 'view' ? <DetailBody state={state} layout={layout} theme={theme} columns={body.columns} /> : null}
			{stage !== 'view' && stage !== 'result' && loan ? <Summary loan={loan} /> : null}
			{stage === 'repay-mode' ? <ChoiceList choices={REPAY_CHOICES} selected={form.repayAll ? 0 : 1} focused color={theme.accent} keys="numbers" /> : null}
			{stage === 'amount' && loan ? (
				<StepField
					label={
						form.action === 'repay' ? `Repay (${sanitize(loan.loanCoin)})` : `${form.action === 'add' ? 'Add' : 'Withdraw'} (${sanitize(loan.pledgeCoin)})`
					}
					state={form}
					theme={theme}
				/>
			) : null}
			{(stage === 'margin' || stage === 'target') && loan ? <SettingField setting={stage} state={form} loan={loan} theme={theme} /> : null}
			{stage === 'repay-unlock' ? <ChoiceList choices={UNLOCK_LABELS} selected={form.unlock ? 0 : 1} focused color={theme.accent} keys="numbers" /> : null}
			{stage === 'review' && loan ? (
				<LoanReview
					state={form}
					loan={loan}
					connectedTo={connectedTo}
					refusal={state.post.refusal}
					confirmAgain={state.post.confirmAgain}
					theme={theme}
					prices={state.prices}
					serverNow={state.serverNow}
					readAt={state.readAt}
					safetyMargin={state.safetyMargin}
				/>
			) : null}
			<MoneyPostView post={state.post} sending={form.action === 'repay' ? 'the repayment' : 'the collateral change'} />
			{state.outcome ? <Result outcome={state.outcome} after={state.after} orderId={orderId} theme={theme} /> : null}
			{state.copied !== undefined && (stage === 'view' || stage === 'result') ? (
				<Text dimColor wrap="wrap">
					{state.copied}
				</Text>
			) : null}
		</Box>
	);
}

/** The title (titles read "Screen · where · what" on every screen: "Borrow · 2 of 6 · Pledge coin"; a narrow
 * terminal wraps it), how old the figures are, and the detail's rows with the window of them that shows. */
function detailLayout(state: LoanDetailState, note: string | undefined, theme: Theme, body: TerminalSize) {
	const {orderId, loan, stage, read, now, copied} = state;
	const heading = loan ? `Loan · ${orderId} · ${sanitize(loan.loanCoin)} against ${sanitize(loan.pledgeCoin)}` : `Loan · ${orderId}`;
	const title = `${heading}${TITLE[stage] ? ` · ${TITLE[stage]}` : ''}`;
	const age = stage === 'view' && read.status === 'ready' ? ` · updated ${ago(read.at, Math.max(now, read.at))}${read.refreshing ? ' · refreshing…' : ''}` : '';
	// The age only where the title keeps one line (the Price row says how old the figures are too): at 60×16 a second
	// title line would push the risk off the first screen.
	const updated = [...title, ...age].length <= body.columns ? age : '';
	// The detail is laid out as rows and scrolls when it is taller than the screen (60×16): below the title, and above
	// what a copy says.
	const rows = detailRows(
		{
			read,
			now,
			theme,
			closedBy: note,
			prices: state.livePrices,
			serverNow: state.serverNow,
			targets: state.targets,
			liveLoan: state.liveLoan,
			note,
			chance: state.chance,
		},
		body.columns,
		body.rows,
	);
	const total = Array.isArray(rows) ? rows.length : 0;
	const copiedRows = copied !== undefined ? wrapLines(copied, body.columns).length : 0;
	const titleRows = wrapLines(title + updated, body.columns).length;
	const available = Math.max(2, body.rows - titleRows - copiedRows);
	const chart = chartPlace(state, Array.isArray(rows) ? total : undefined, available);
	const window: DetailWindow = {
		// The chart in the figures' place: nothing of them scrolls.
		window: chart.open ? scrollWindow(0, available, 0) : scrollWindow(total, available, state.scroll),
		total: chart.open ? 0 : total,
		...(chart.keys === undefined ? {} : {chart: chart.keys}),
	};
	return {title, updated, rows, window, chart};
}

/** Under the figures when at least this many rows are left for it (a blank line above it); else behind v. */
const CHART_MIN_ROWS = 8;
const CHART_MAX_ROWS = 24;

interface ChartPlace {
	/** Rows the chart takes: under the figures, or (open) in their place; 0: not shown. */
	height: number;
	under: boolean;
	open: boolean;
	keys?: DetailWindow['chart'];
}

/** Where a loan's chart goes: under its `figureRows` when `available` rows hold both, else behind v, in their place. */
function chartPlace(state: LoanDetailState, figureRows: number | undefined, available: number): ChartPlace {
	if (state.loan === undefined || figureRows === undefined) return {height: 0, under: false, open: false};
	const {days, open} = state.chart;
	const path = state.history?.status === 'ok';
	const left = available - figureRows - 1;
	if (left >= CHART_MIN_ROWS) return {height: Math.min(left, CHART_MAX_ROWS), under: true, open: false, keys: {days, behindKey: false, open: false, path}};
	return {height: open ? available : 0, under: false, open, keys: {days, behindKey: true, open, path}};
}

/** The detail's figures (a window of them), with the chart under them or in their place. */
function DetailBody({state, layout, theme, columns}: {state: LoanDetailState; layout: ReturnType<typeof detailLayout>; theme: Theme; columns: number}) {
	const {rows, chart, window} = layout;
	if (!Array.isArray(rows)) return rows;
	const loan = state.liveLoan ?? state.loan;
	const drawn =
		loan && chart.height > 0 ? (
			<PairChart
				pair={loanPair(loan)}
				history={state.history}
				price={state.price}
				{...(state.price === undefined ? {} : {marks: loanMarkPrices(loan, state.price)})}
				days={state.chart.days}
				now={state.serverNow}
				width={columns}
				height={chart.height}
				theme={theme}
			/>
		) : null;
	if (chart.open) return drawn;
	return (
		<Box flexDirection="column">
			<WindowedRows rows={rows} window={window.window} />
			{chart.under ? <Box marginTop={1}>{drawn}</Box> : null}
		</Box>
	);
}

interface DetailProps {
	read: LoanState;
	now: number;
	theme: Theme;
	closedBy?: string;
	prices?: PricesRead;
	serverNow: number;
	targets: LoanTargets;
	/** The loan at the live price (its LTV projected), when the price moved since the read. */
	liveLoan?: OngoingLoan;
	chance?: ChanceRead | 'reading';
}

/** Fewer body rows than this: the detail's mark prices take the place of the falls. */
const SHORT_ROWS = 20;

/** The detail as terminal rows at `columns` (a window of them shows: ui/components/scroll-window.tsx), or, while the
 * loan is read or when it cannot be, what to show instead. */
function detailRows(
	{read, now, theme, closedBy, prices, serverNow, targets, liveLoan, note, chance}: DetailProps & {note?: string},
	columns: number,
	bodyRows: number,
): ReactElement[] | ReactElement {
	if (read.status === 'loading') return <Spinner label="Reading the loan…" color={theme.accent} />;
	if (read.status === 'error') return <ErrorMessage error={read.error} color={theme.bad} action="Ctrl+R to retry" />;
	const lines = (text: string, key: string, props: {color?: string} = {}) =>
		wrapLines(text, columns).map((line, i) => (
			<Text key={`${key}${i}`} wrap="truncate" color={props.color}>
				{line}
			</Text>
		));
	return [
		...(note !== undefined ? lines(`✓ ${note}`, 'note', {color: theme.good}) : []),
		...(read.error !== undefined ? lines(`✗ Refresh failed: ${errorLine(read.error)} (showing the last answer)`, 'error', {color: theme.bad}) : []),
		...(read.loan
			? loanFigureRows(
					{
						loan: liveLoan ?? read.loan,
						live: liveLoan !== undefined,
						now,
						theme,
						prices,
						serverNow,
						targets,
						short: bodyRows < SHORT_ROWS,
						...(chance === undefined ? {} : {chance}),
					},
					columns,
				)
			: closedBy !== undefined
				? lines('Nothing is owed on it any more. The History screen has its records.', 'closed')
				: lines('This loan is closed (repaid or liquidated): nothing to repay or change. The History screen has its records.', 'closed')),
	];
}

/** The text the step takes (an amount, a setting), with why it was not taken. */
function StepField({label, state, theme, placeholder}: {label: string; state: LoanActionState; theme: Theme; placeholder?: string}) {
	return (
		<TextField label={label} labelWidth={18} value={state.amount} cursor={state.cursor} focused theme={theme} error={state.error} placeholder={placeholder} />
	);
}

/** The safety margin or target LTV being typed, with what it is measured against. */
function SettingField({setting, state, loan, theme}: {setting: LoanSetting; state: LoanActionState; loan: OngoingLoan; theme: Theme}) {
	return (
		<Box flexDirection="column">
			<StepField
				label={setting === 'margin' ? 'Margin (points)' : 'Target LTV (%)'}
				state={state}
				theme={theme}
				placeholder={setting === 'margin' ? `default ${marginPoints(DEFAULT_SAFETY_MARGIN)}` : 'default: the initial LTV'}
			/>
			<Text dimColor wrap="wrap">
				{setting === 'margin'
					? `"Max withdrawable" keeps the LTV this many points under the margin call (${ltvPercent(loan.supRate)}). Kept for every loan; empty: 5.`
					: `"Add … to get back to" aims at this LTV (now ${ltvPercent(loan.pledgeRate)}). Kept for every loan; empty: the pledge coin's initial LTV.`}
			</Text>
		</Box>
	);
}

function Summary({loan, now = false}: {loan: OngoingLoan; now?: boolean}) {
	return (
		<Text dimColor wrap="wrap">
			{now ? 'now: ' : ''}owes {withCoin(owed(loan), sanitize(loan.loanCoin))} (interest {withCoin(loan.interestAmount, sanitize(loan.loanCoin))}) · collateral{' '}
			{withCoin(loan.pledgeAmount, sanitize(loan.pledgeCoin))} · LTV {ltvPercent(loan.pledgeRate)} (call {ltvPercent(loan.supRate)}, liq{' '}
			{ltvPercent(loan.forceRate)})
		</Text>
	);
}

function Result({outcome, after, orderId, theme}: {outcome: ActionOutcome; after: OngoingLoan | null | undefined; orderId: string; theme: Theme}) {
	return (
		<Box flexDirection="column" borderStyle="double" paddingX={1}>
			<Text bold color={theme.good} wrap="wrap">
				✓ {outcome.headline}
			</Text>
			<Text wrap="truncate">
				{'  '}
				{'Order'.padEnd(16)}
				{orderId}
			</Text>
			{outcome.rows.map(([label, value]) => (
				<Text key={label} wrap="wrap">
					{'  '}
					{label.padEnd(16)}
					{value}
				</Text>
			))}
			{after === undefined ? <Text dimColor>Reading the loan again…</Text> : after === null ? null : <Summary loan={after} now />}
			<Text dimColor wrap="truncate">
				Enter or Esc: back to the loan
			</Text>
		</Box>
	);
}
