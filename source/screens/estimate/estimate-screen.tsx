// The estimate calculator: loan coin, pledge coin, period, and the pledge amount or (Ctrl+T) the amount to borrow; a
// live estimate for all three periods. Its state and actions: use-estimate.ts; its keys: keys.ts.
import React from 'react';
import {Box, Text} from 'ink';
import {PERIODS} from '../../api/types.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useServices} from '../../ui/services.js';
import {useBodySize} from '../../ui/layout.js';
import type {Theme} from '../../ui/theme.js';
import {Spinner} from '../../ui/components/spinner.js';
import {TextField} from '../../ui/fields/text-field.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {PERIOD_KEYS} from '../../ui/fields/period-choices.js';
import {SuggestionList} from '../../ui/fields/suggestion-list.js';
import {SUGGESTION_LIMIT} from '../../ui/fields/coin-rules.js';
import type {TextFieldName} from './reducer.js';
import {EstimateTable, LoanAmountTable} from './estimate-table.js';
import {FIELD_LABELS} from './form-checks.js';
import {estimateBindings} from './keys.js';
import type {ShownTable} from './shown-answer.js';
import {useEstimate, type EstimateState} from './use-estimate.js';

/** Body rows from which the two rows of official rates fit below the table (not at 60x16). */
const OFFICIAL_ROWS_FROM = 15;

/** Four fields and a spare row: room for the longest suggestion list beside them. */
const FORM_ROWS = SUGGESTION_LIMIT;

export function EstimateScreen() {
	const {theme} = useServices();
	const {columns, rows} = useBodySize();
	const {state, actions} = useEstimate();
	const active = useScreenInput({
		mode: state.form.focus === 'daily' ? 'navigate' : 'text',
		bindings: estimateBindings(state, actions),
		onPaste: actions.paste,
	});
	return (
		<Box flexDirection="column">
			<EstimateForm state={state} active={active} theme={theme} />
			<EstimateAnswer state={state} theme={theme} width={columns} showOfficial={rows >= OFFICIAL_ROWS_FROM} />
		</Box>
	);
}

function EstimateForm({state, active, theme}: {state: EstimateState; active: boolean; theme: Theme}) {
	const {form, loanMode, checks, coinField} = state;
	const field = (name: TextFieldName, placeholder: string) => (
		<TextField
			label={FIELD_LABELS[name]}
			value={form[name]}
			cursor={form.cursor}
			selected={form.selected && form.focus === name}
			placeholder={placeholder}
			focused={active && form.focus === name}
			theme={theme}
			error={state.errors[name]}
		/>
	);
	const periodFocused = form.focus === 'daily';
	return (
		// The form keeps one height whatever has focus (suggestions go beside it), so the table below never jumps.
		<Box flexDirection="row" minHeight={FORM_ROWS}>
			<Box flexDirection="column" flexGrow={1}>
				{field('loanCoin', 'coin to borrow, e.g. USDT')}
				{field('pledgeCoin', 'collateral, e.g. BTC')}
				{/* The period on one line, focused or not: the table below never moves when the focus does. */}
				<Text wrap="truncate">
					<Text bold={periodFocused} color={periodFocused && active ? theme.accent : undefined}>
						{periodFocused ? '› ' : '  '}
						{'Period'.padEnd(14)}
					</Text>
					{periodFocused ? `‹ ${PERIOD_LABEL[form.daily]} ›  ←/→ or ${PERIODS.map((period) => PERIOD_KEYS[period][0]).join('/')}` : PERIOD_LABEL[form.daily]}
				</Text>
				{loanMode
					? field('loanAmount', `amount of ${checks.loanCoin.ok ? checks.loanCoin.value : 'the loan coin'} to borrow`)
					: field('pledgeAmount', `amount of ${checks.pledgeCoin.ok ? checks.pledgeCoin.value : 'the pledge coin'}`)}
			</Box>
			{coinField && active ? (
				<Box width={12} flexShrink={0} marginLeft={1}>
					<SuggestionList suggestions={state.suggestions} highlighted={form.suggestion} color={theme.accent} />
				</Box>
			) : null}
		</Box>
	);
}

/** Below the form: what is still missing, or the estimate of the values asked (the last one while a new one comes). */
function EstimateAnswer({state, theme, width, showOfficial}: {state: EstimateState; theme: Theme; width: number; showOfficial: boolean}) {
	const {heading, table} = state;
	if (heading === undefined) {
		return state.complete && state.limits.ok ? (
			// By loan amount, the coin's limits and today's prices are read first.
			<Spinner label="Fetching the estimate…" color={theme.accent} />
		) : (
			<Text dimColor wrap="wrap">
				{state.missing.length > 0
					? `For the estimate of all three periods: ${state.missing.join('; ')}.`
					: 'The estimate of all three periods shows once the values are complete.'}
			</Text>
		);
	}
	return (
		<>
			<Text wrap="wrap" bold>
				Estimate: {heading.values}
				{heading.updating === undefined ? null : <Text dimColor>{heading.updating}</Text>}
			</Text>
			{table ? (
				<AnswerTable table={table} state={state} theme={theme} width={width} showOfficial={showOfficial} />
			) : (
				<Spinner label="Fetching the estimate…" color={theme.accent} />
			)}
		</>
	);
}

function AnswerTable({
	table,
	state,
	theme,
	width,
	showOfficial,
}: {
	table: ShownTable;
	state: EstimateState;
	theme: Theme;
	width: number;
	showOfficial: boolean;
}) {
	const shared = {periods: PERIODS, selected: state.form.daily, theme, stale: state.stale, width, official: table.official};
	return table.kind === 'loan' ? (
		<LoanAmountTable
			results={table.results}
			loanCoin={table.query.loanCoin}
			pledgeCoin={table.query.pledgeCoin}
			loanAmount={table.query.loanAmount}
			{...shared}
		/>
	) : (
		<EstimateTable results={table.results} loanCoin={table.query.loanCoin} showOfficial={showOfficial} {...shared} />
	);
}
