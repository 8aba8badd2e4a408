// The Plan screen: for one loan (coin and amount), every pledge coin and period ranked, as `loan-tui plan` prints
// it: the collateral in that coin and in USDT, the APR, the LTV the loan starts at, and the margin-call and
// liquidation prices with their distance from today's price, and the chance of a margin call within the period. By
// cost, by safety or by that chance (s). Enter on a row opens the
// borrow wizard with that loan coin, pledge coin, period and amount.
import React from 'react';
import {Box, Text} from 'ink';
import {PERIOD_LABEL} from '../../format/estimate.js';
import type {Plan} from '../../operations/plan.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {SUGGESTION_LIMIT} from '../../ui/fields/coin-rules.js';
import {SuggestionList} from '../../ui/fields/suggestion-list.js';
import {TextField} from '../../ui/fields/text-field.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useServices} from '../../ui/services.js';
import type {Theme} from '../../ui/theme.js';
import type {PlanKept} from '../routes.js';
import {planBindings} from './keys.js';
import {headWords, waysTable, type ListWords} from './list-layout.js';
import type {PeriodSet, PlanField, PlanTextField} from './reducer.js';
import {usePlan, type PlanScreenState} from './use-plan.js';

const FIELD_LABELS: Record<PlanField, string> = {loanCoin: 'Loan coin', loanAmount: 'Loan amount', periods: 'Periods'};

const PERIOD_SET_LABEL: Record<PeriodSet, string> = {ALL: 'all three', SEVEN: PERIOD_LABEL.SEVEN, THIRTY: PERIOD_LABEL.THIRTY, FLEXIBLE: PERIOD_LABEL.FLEXIBLE};

export function PlanScreen({kept}: {kept?: PlanKept}) {
	const {theme} = useServices();
	const {state, actions} = usePlan(kept);
	const inList = state.form.focus === 'list';
	const active = useScreenInput({
		mode: inList || state.form.focus === 'periods' ? 'navigate' : 'text',
		// Keys are not held while the plan is read: an Enter then would act on a row nobody saw (it says so instead).
		bindings: planBindings(state, actions),
		onPaste: actions.paste,
	});
	return inList ? <PlanList state={state} theme={theme} /> : <PlanForm state={state} active={active} theme={theme} />;
}

function PlanForm({state, active, theme}: {state: PlanScreenState; active: boolean; theme: Theme}) {
	const {form} = state;
	const field = (name: PlanTextField, placeholder: string) => (
		<TextField
			label={FIELD_LABELS[name]}
			value={form[name]}
			cursor={form.cursor}
			selected={form.selected && form.focus === name}
			placeholder={placeholder}
			focused={active && form.focus === name}
			theme={theme}
			error={form.focus === name ? form.refusal : undefined}
		/>
	);
	const onPeriods = form.focus === 'periods';
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				Plan a loan · every pledge coin ranked
			</Text>
			<Box flexDirection="row" minHeight={SUGGESTION_LIMIT}>
				<Box flexDirection="column" flexGrow={1}>
					{field('loanCoin', 'coin to borrow, e.g. USDT')}
					{field('loanAmount', 'how much to borrow')}
					<Text wrap="truncate">
						<Text bold={onPeriods} color={onPeriods && active ? theme.accent : undefined}>
							{onPeriods ? '› ' : '  '}
							{FIELD_LABELS.periods.padEnd(14)}
						</Text>
						{onPeriods ? `‹ ${PERIOD_SET_LABEL[form.periods]} ›  ←/→, a, 7, 3 or f` : PERIOD_SET_LABEL[form.periods]}
					</Text>
					{onPeriods && form.refusal ? (
						<Text color={theme.bad} wrap="wrap">
							✗ {form.refusal}
						</Text>
					) : null}
				</Box>
				{form.focus === 'loanCoin' && active ? (
					<Box width={12} flexShrink={0} marginLeft={1}>
						<SuggestionList suggestions={state.suggestions} highlighted={form.suggestion} color={theme.accent} />
					</Box>
				) : null}
			</Box>
			<Text dimColor wrap="wrap">
				Enter plans: one estimate per pledge coin and period (at most 10 a second), each coin's prices from today's tickers.
			</Text>
		</Box>
	);
}

/** The list stage: what was asked, then the ways, the progress while they are read, or why there are none. */
function PlanList({state, theme}: {state: PlanScreenState; theme: Theme}) {
	const {form, read, plan, words} = state;
	const head = (
		<Text bold wrap="wrap">
			{headWords(form.asked!, plan ? state.sorted.length : undefined, form.sort)}
		</Text>
	);
	if (read.status === 'refused' || read.status === 'error' || read.status === 'idle') {
		return (
			<Box flexDirection="column">
				{head}
				{read.status === 'refused' ? (
					<Text color={theme.bad} wrap="wrap">
						✗ {read.message} (e to change the values)
					</Text>
				) : read.status === 'error' ? (
					<ErrorMessage error={read.error} color={theme.bad} action="Ctrl+R to try again, e to change the values" />
				) : null}
			</Box>
		);
	}
	if (!plan || !words) {
		const progress = read.status === 'running' && read.total > 0 ? `Estimating… ${read.done} of ${read.total} estimates` : 'Reading the coin list and prices…';
		return (
			<Box flexDirection="column">
				{head}
				<Spinner label={progress} color={theme.accent} />
				{state.enterTooEarly ? (
					<Text color={theme.warn} wrap="wrap">
						No way is shown yet: Enter borrows the highlighted way once the list shows.
					</Text>
				) : null}
			</Box>
		);
	}
	return (
		<Box flexDirection="column">
			{head}
			<Text wrap="wrap" color={plan.prices.status === 'unavailable' ? theme.bad : undefined} dimColor={plan.prices.status === 'ok'}>
				{words.prices}
			</Text>
			<WaysTable state={state} plan={plan} words={words} theme={theme} />
		</Box>
	);
}

/** The table's page with the highlighted way marked, that way's prices in full, and where the page is. */
function WaysTable({state, plan, words, theme}: {state: PlanScreenState; plan: Plan; words: ListWords; theme: Theme}) {
	const {form} = state;
	const {header, top, shown} = waysTable(plan, state.sorted, state.columns, {highlighted: form.highlighted, top: form.top, page: state.page, sort: form.sort});
	return (
		<>
			<Text wrap="truncate" dimColor>
				{'  '}
				{header}
			</Text>
			{shown.map((line, i) => {
				const here = top + i === form.highlighted;
				return (
					<Text key={i} wrap="truncate" color={here ? theme.accent : undefined} bold={here}>
						{here ? '› ' : '  '}
						{line}
					</Text>
				);
			})}
			{words.chosen.map((line, i) => (
				<Text key={`c${i}`} wrap="wrap" color={line.bad ? theme.bad : undefined}>
					{line.text}
				</Text>
			))}
			<Text dimColor wrap="wrap">
				{words.position(top + 1, top + shown.length)}
			</Text>
			<Text dimColor wrap="wrap">
				{words.disclaimer}
			</Text>
		</>
	);
}
