// The Plan screen: for one loan (coin and amount), every pledge coin and period ranked, as `loan-tui plan` prints
// it: the collateral in that coin and in USDT, the APR, the LTV the loan starts at, and the margin-call and
// liquidation prices with their distance from today's price. By cost, or by safety (s). Enter on a row opens the
// borrow wizard with that loan coin, pledge coin, period and amount.
import React, {useEffect, useMemo, useReducer, useState} from 'react';
import {Box, Text} from 'ink';
import Big from 'big.js';
import {PERIODS} from '../../api/types.js';
import {checkAmount, checkCoin} from '../../api/validate.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {fallPercent, withCoin} from '../../format/money.js';
import {markPrice} from '../../format/price.js';
import {sanitize} from '../../format/sanitize.js';
import {fitTable, type Column} from '../../format/table.js';
import {wrapLines} from '../../format/wrap.js';
import {InputError} from '../../api/errors.js';
import {planScope, sortRows, type Plan, type PlanRow} from '../../operations/plan.js';
import {noPriceWords, planCells, PLAN_COLUMNS, pricesLine} from '../../operations/plan-words.js';
import {createStore} from '../../services/store.js';
import type {CoinInfoState} from '../../services/coin-info-store.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {SUGGESTION_LIMIT} from '../../ui/fields/coin-rules.js';
import {PERIOD_KEYS} from '../../ui/fields/period-choices.js';
import {SuggestionList} from '../../ui/fields/suggestion-list.js';
import {TextField} from '../../ui/fields/text-field.js';
import {useCoinSuggestions} from '../../ui/fields/use-coin-suggestions.js';
import {useTextField} from '../../ui/fields/use-text-field.js';
import type {Binding} from '../../ui/keys/binding.js';
import {refreshBinding} from '../../ui/keys/shared-bindings.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useBodySize} from '../../ui/layout.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {useStore} from '../../ui/use-store.js';
import {borrowRoute, planRoute, type PlanKept} from '../routes.js';
import {keptPlan, PERIOD_SETS, planKept, planReducer, type PeriodSet, type PlanField, type PlanRequestValues, type PlanTextField} from './reducer.js';
import {usePlan} from './use-plan.js';

const NONE = createStore<CoinInfoState>({status: 'idle'});

/** Rows of the list stage around the rows besides the lines that wrap (the title, the prices line, the highlighted
 * row's prices and the position line, each counted as it wraps): the table header. */
const TABLE_HEADER = 1;

const FIELD_LABELS: Record<PlanField, string> = {loanCoin: 'Loan coin', loanAmount: 'Loan amount', periods: 'Periods'};

const PERIOD_SET_LABEL: Record<PeriodSet, string> = {ALL: 'all three', SEVEN: PERIOD_LABEL.SEVEN, THIRTY: PERIOD_LABEL.THIRTY, FLEXIBLE: PERIOD_LABEL.FLEXIBLE};

/** The app's columns: the command's, with the fall to the liquidation price beside the APR (a short column that
 * fits 60 columns), and the longest columns going first when the line is short. */
const APP_PRIORITY: Record<string, number> = {PLEDGE: 0, PERIOD: 0, COLLATERAL: 0, APR: 0, '≈ USDT': 4, LTV: 3, PRICE: 5, 'MARGIN CALL AT': 2, 'LIQUIDATION AT': 1};
const FALL_COLUMN: Column = {header: 'TO LIQ.', priority: 0};
const APP_COLUMNS: Column[] = [...PLAN_COLUMNS.slice(0, 5), FALL_COLUMN, ...PLAN_COLUMNS.slice(5)].map((column) => ({...column, priority: APP_PRIORITY[column.header] ?? column.priority}));

/** A row's cells under APP_COLUMNS. */
function appCells(row: PlanRow, coin: string, narrow: boolean): string[] {
	const cells = planCells(row, coin);
	if (narrow && row.period === 'FLEXIBLE') cells[1] = 'flexible';
	const fall = row.prices ? (new Big(row.prices.liquidationDistance).lte(0) ? 'reached' : fallPercent(row.prices.liquidationDistance)) : noPriceWords(row);
	return [...cells.slice(0, 5), fall, ...cells.slice(5)];
}

export function PlanScreen({kept}: {kept?: PlanKept}) {
	const {client, theme, coinInfos} = useServices();
	const infos = useStore(coinInfos ?? NONE);
	const {columns, rows: bodyRows} = useBodySize();
	const navigation = useNavigation();
	// Back from the borrow wizard it opened, the list is as it was left: the same rows, order and highlighted row.
	const [state, dispatch] = useReducer(planReducer, kept, keptPlan);
	useEffect(() => coinInfos?.ensure(), [coinInfos]);
	const read = usePlan(client, infos, state.asked, state.run, kept?.plan);

	const inList = state.focus === 'list';
	const coinField = state.focus === 'loanCoin';
	const {coins, shown: suggestions} = useCoinSuggestions(coinField ? state.loanCoin : undefined, 'loan');

	/** The values checked as the command checks them, then against the coin list when it is read; the first problem. */
	const refusal = (): {field: PlanField; message: string} | undefined => {
		const coin = checkCoin(state.loanCoin, 'loan coin');
		if (!coin.ok) return {field: 'loanCoin', message: coin.message};
		const amount = checkAmount(state.loanAmount, 'loan amount');
		if (!amount.ok) return {field: 'loanAmount', message: amount.message};
		if (infos.status !== 'ready') return undefined;
		try {
			planScope(infos.infos, coin.value, amount.value);
		} catch (error) {
			if (!(error instanceof InputError)) throw error;
			return {field: infos.infos.loanInfos.some((info) => info.coin === coin.value) ? 'loanAmount' : 'loanCoin', message: error.message};
		}
		return undefined;
	};
	const start = () => {
		const problem = refusal();
		dispatch(problem ? {type: 'refuse', ...problem} : {type: 'start'});
	};

	const plan = read.status === 'ready' ? read.plan : undefined;
	const sorted = useMemo(() => (plan ? sortRows(plan.rows, state.sort) : []), [plan, state.sort]);
	const chosen = sorted[state.highlighted];
	const asked = state.asked;
	// The lines around the list wrap at whole words (never cut): the page is what their rows leave.
	const words = plan && asked ? listWords(plan, asked, sorted.length, state.sort, chosen) : undefined;
	const rowsOf = (text: string) => wrapLines(text, columns).length;
	const around = words ? [words.head, words.prices, ...words.chosen.map((line) => line.text), words.position(sorted.length, sorted.length)].reduce((sum, text) => sum + rowsOf(text), TABLE_HEADER) : 0;
	const page = Math.max(1, bodyRows - around);
	const highlight = (to: number) => dispatch({type: 'highlight', to, count: sorted.length, page});
	/** The run in which Enter came before any row was shown: said under the progress, never acted on later. */
	const [enterTooEarly, setEnterTooEarly] = useState<number | undefined>(undefined);
	const borrow = () => {
		// Only a row on screen is acted on, the one shown highlighted: while the estimates come in there is none.
		if (!chosen || !plan) return setEnterTooEarly(state.run);
		// The list is kept for the way back (replace, then push: the wizard's Esc comes back to it as it was).
		const keep = planKept(state, plan);
		if (keep) navigation.replace(planRoute(keep));
		navigation.push(borrowRoute({loanCoin: plan.loanCoin, pledgeCoin: chosen.pledgeCoin, daily: chosen.period, loanAmount: plan.loanAmount}));
	};

	const textField = useTextField({
		focused: state.focus === 'loanCoin' || state.focus === 'loanAmount',
		submit: () => (coinField ? dispatch({type: 'complete', coins}) : start()),
		...(coinField && suggestions.length > 0 ? {suggest: (by: number) => dispatch({type: 'suggest', by, coins})} : {}),
		edit: (edit) => dispatch({type: 'text', edit}),
	});
	const moveRows: Binding[] = [
		{keys: ['Tab'], description: 'next field', group: 'move between fields', footer: 3, handler: () => dispatch({type: 'move', by: 1})},
		{keys: ['Shift+Tab'], description: 'previous field', group: 'move between fields', footer: 3, handler: () => dispatch({type: 'move', by: -1})},
	];
	const scrolls = sorted.length > 1;
	const bindings: Binding[] = inList
		? [
				{keys: ['Up', 'k'], description: 'the way above', group: 'move', footer: 2, when: scrolls, handler: () => highlight(state.highlighted - 1)},
				{keys: ['Down', 'j'], description: 'the way below', group: 'move', footer: 2, when: scrolls, handler: () => highlight(state.highlighted + 1)},
				{keys: ['PgUp'], description: 'a page up', group: 'page', when: scrolls, handler: () => highlight(state.highlighted - page)},
				{keys: ['PgDn', 'Space'], description: 'a page down', group: 'page', when: scrolls, handler: () => highlight(state.highlighted + page)},
				{keys: ['Home', 'g'], description: 'the first way', group: 'first or last', when: scrolls, handler: () => highlight(0)},
				{keys: ['End', 'G'], description: 'the last way', group: 'first or last', when: scrolls, handler: () => highlight(sorted.length - 1)},
				{keys: ['Enter'], description: 'borrow this way (the borrow wizard, filled in)', short: 'borrow', footer: 1, when: chosen !== undefined || read.status === 'running', handler: borrow},
				{keys: ['s'], description: state.sort === 'cost' ? 'sort by safety (farthest from liquidation first)' : 'sort by cost (lowest APR first)', short: state.sort === 'cost' ? 'by safety' : 'by cost', footer: 1, when: plan !== undefined, handler: () => dispatch({type: 'sort'})},
				{keys: ['e'], description: 'change the loan coin, amount or periods', short: 'edit', footer: 2, handler: () => dispatch({type: 'edit'})},
				{...refreshBinding(() => dispatch({type: 'start'}), 'plan again (new estimates and prices)'), when: read.status === 'ready' || read.status === 'error'},
			]
		: state.focus === 'periods'
			? [
					{keys: ['Left', 'Up', 'k'], description: 'the periods before', group: 'choose', footer: 2, handler: () => dispatch({type: 'periods', move: {type: 'cycle', by: -1}})},
					{keys: ['Right', 'Down', 'j'], description: 'the periods after', group: 'choose', footer: 2, handler: () => dispatch({type: 'periods', move: {type: 'cycle', by: 1}})},
					{keys: ['a'], description: 'all three periods', group: 'periods', footer: 3, handler: () => dispatch({type: 'periods', move: {type: 'pick', index: 0}})},
					...PERIODS.map(
						(period): Binding => ({
							keys: PERIOD_KEYS[period],
							description: `${PERIOD_LABEL[period]} only (${period})`,
							group: 'periods',
							footer: 3,
							handler: () => dispatch({type: 'periods', move: {type: 'pick', index: PERIOD_SETS.indexOf(period)}}),
						}),
					),
					{keys: ['Enter'], description: 'plan: every pledge coin ranked', short: 'plan', footer: 1, handler: start},
					...moveRows,
				]
			: (() => {
					const fieldRows = textField.bindings({submit: coinField ? 'next field (takes the highlighted coin)' : 'plan: every pledge coin ranked', suggestion: 'a suggested coin', footer: 1});
					const typing = fieldRows.filter((row) => row.keys.includes('text'));
					return [...fieldRows.filter((row) => !typing.includes(row)), ...moveRows, ...typing];
				})();
	const active = useScreenInput({
		mode: inList || state.focus === 'periods' ? 'navigate' : 'text',
		// Keys are not held while the plan is read: an Enter then would act on a row nobody saw (it says so instead).
		bindings,
		onPaste: (text) => void textField.onPaste(text),
	});

	const title = (
		<Text bold color={theme.accent} wrap="truncate">
			Plan a loan · every pledge coin ranked
		</Text>
	);
	if (!inList) {
		const field = (name: PlanTextField, placeholder: string) => (
			<TextField
				label={FIELD_LABELS[name]}
				value={state[name]}
				cursor={state.cursor}
				selected={state.selected && state.focus === name}
				placeholder={placeholder}
				focused={active && state.focus === name}
				theme={theme}
				error={state.focus === name ? state.refusal : undefined}
			/>
		);
		const onPeriods = state.focus === 'periods';
		return (
			<Box flexDirection="column">
				{title}
				<Box flexDirection="row" minHeight={SUGGESTION_LIMIT}>
					<Box flexDirection="column" flexGrow={1}>
						{field('loanCoin', 'coin to borrow, e.g. USDT')}
						{field('loanAmount', 'how much to borrow')}
						<Text wrap="truncate">
							<Text bold={onPeriods} color={onPeriods && active ? theme.accent : undefined}>
								{onPeriods ? '› ' : '  '}
								{FIELD_LABELS.periods.padEnd(14)}
							</Text>
							{onPeriods ? `‹ ${PERIOD_SET_LABEL[state.periods]} ›  ←/→, a, 7, 3 or f` : PERIOD_SET_LABEL[state.periods]}
						</Text>
						{onPeriods && state.refusal ? (
							<Text color={theme.bad} wrap="wrap">
								✗ {state.refusal}
							</Text>
						) : null}
					</Box>
					{coinField && active ? (
						<Box width={12} flexShrink={0} marginLeft={1}>
							<SuggestionList suggestions={suggestions} highlighted={state.suggestion} color={theme.accent} />
						</Box>
					) : null}
				</Box>
				<Text dimColor wrap="wrap">
					Enter plans: one estimate per pledge coin and period (at most 10 a second), each coin's prices from today's tickers.
				</Text>
			</Box>
		);
	}

	const head = (
		<Text bold wrap="wrap">
			{headWords(asked!, plan ? sorted.length : undefined, state.sort)}
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
				{enterTooEarly === state.run ? (
					<Text color={theme.warn} wrap="wrap">
						No way is shown yet: Enter borrows the highlighted way once the list shows.
					</Text>
				) : null}
			</Box>
		);
	}

	const narrow = columns < 80;
	// Each line follows the selection mark ("› "): the table fits what is left, every value whole (a column that does
	// not fit goes, the highlighted row's prices are written in full under the list).
	const fitted = fitTable(
		APP_COLUMNS,
		sorted.map((row) => appCells(row, sanitize(plan.loanCoin), narrow)),
		columns - 2,
		true,
	);
	const [header = '', ...lines] = fitted.lines;
	const top = Math.min(Math.max(0, state.top, state.highlighted - page + 1), state.highlighted);
	const shown = lines.slice(top, top + page);
	return (
		<Box flexDirection="column">
			{head}
			<Text wrap="wrap" color={plan.prices.status === 'unavailable' ? theme.bad : undefined} dimColor={plan.prices.status === 'ok'}>
				{words.prices}
			</Text>
			<Text wrap="truncate" dimColor>
				{'  '}
				{header}
			</Text>
			{shown.map((line, i) => {
				const here = top + i === state.highlighted;
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
		</Box>
	);
}

/** "Borrow 1,000 USDT · all periods · 12 ways by cost". */
function headWords(asked: PlanRequestValues, ways: number | undefined, sort: string): string {
	const coin = sanitize(asked.loanCoin);
	return `Borrow ${withCoin(asked.loanAmount, coin)} · ${asked.periods === 'ALL' ? 'all periods' : PERIOD_LABEL[asked.periods]}${ways === undefined ? '' : ` · ${ways} ways by ${sort}`}`;
}

/** The list stage's lines around the table, as text: each is drawn wrapped and counted as it wraps. */
function listWords(plan: Plan, asked: PlanRequestValues, ways: number, sort: string, chosen: PlanRow | undefined) {
	return {
		head: headWords(asked, ways, sort),
		prices: plan.prices.status === 'unavailable' ? `Prices unavailable (${sanitize(plan.prices.problem)}): no LTV or liquidation price is shown.` : `Prices: ${pricesLine(plan.rows, asked.loanCoin)}`,
		chosen: chosen ? chosenWays(chosen, asked.loanCoin) : [],
		position: (from: number, to: number) => `ways ${from}-${to} of ${ways} · collateral derived from one estimate each`,
	};
}

/** The highlighted way's margin-call and liquidation prices in full (the table may leave them out at 60 columns). */
function chosenWays(row: PlanRow, coin: string): {text: string; bad?: boolean}[] {
	const name = `${sanitize(row.pledgeCoin)} ${PERIOD_LABEL[row.period]}`;
	if (row.error !== undefined) return [{text: `✗ ${name} not estimated: ${sanitize(row.error)}`, bad: true}, {text: ' '}];
	if (!row.prices) {
		const why = row.price.status === 'unavailable' ? 'prices unavailable' : `no price of ${sanitize(row.pledgeCoin)} in ${sanitize(coin)}`;
		return [{text: `${name}: margin call at ${noPriceWords(row)}`}, {text: `liquidation at ${noPriceWords(row)} (${why})`}];
	}
	return [
		{text: `${name}: margin call at ${markPrice(row.prices.marginCallPrice, row.prices.marginCallDistance, coin)}`},
		{text: `liquidation at ${markPrice(row.prices.liquidationPrice, row.prices.liquidationDistance, coin)}`},
	];
}
