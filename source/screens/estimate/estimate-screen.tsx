// The estimate calculator: loan coin, pledge coin, period, and the pledge amount or (Ctrl+T) the amount to borrow; a
// live estimate for all three periods. By loan amount the collateral is derived from one estimate and checked with a
// second (operations/loan-amount-estimate.ts, as `loan-tui estimate --loan-amount` does).
import React, {useEffect, useMemo, useReducer, useRef, useState} from 'react';
import {errorLine} from '../../format/describe-error.js';
import {Box, Text} from 'ink';
import {PERIODS} from '../../api/types.js';
import {checkAmount, checkCoin} from '../../api/validate.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {useBodySize} from '../../ui/layout.js';
import type {Binding} from '../../ui/keys/binding.js';
import {refreshBinding} from '../../ui/keys/shared-bindings.js';
import {Spinner} from '../../ui/components/spinner.js';
import {TextField} from '../../ui/fields/text-field.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {useTextField} from '../../ui/fields/use-text-field.js';
import {periodBindings, PERIOD_KEYS} from '../../ui/fields/period-choices.js';
import {useCoinSuggestions} from '../../ui/fields/use-coin-suggestions.js';
import {SuggestionList} from '../../ui/fields/suggestion-list.js';
import {coinListProblem, pairProblem, SUGGESTION_LIMIT, type CoinOption} from '../../ui/fields/coin-rules.js';
import {useCoins} from '../../ui/fields/use-coins.js';
import {amountField, estimateFormReducer, restoredEstimateForm, type TextFieldName} from './reducer.js';
import {estimateKey, loanAmountKey, useLiveEstimate, useLiveLoanAmountEstimate, type EstimateQuery, type LoanAmountQuery} from '../../ui/use-live-estimate.js';
import {EstimateTable, LoanAmountTable} from './estimate-table.js';
import {borrowRoute} from '../routes.js';
import {useCoinInfoLookup} from './use-coin-info-lookup.js';
import {usePrices} from '../../ui/use-prices.js';
import {checkBorrowLimits} from '../../loans/limits.js';
import {quotePrice} from '../../loans/prices.js';
import {referencePledgeFor} from '../../operations/loan-amount-estimate.js';

/** Body rows from which the two rows of official rates fit below the table (not at 60x16). */
const OFFICIAL_ROWS_FROM = 15;

/** Four fields and a spare row: room for the longest suggestion list beside them. */
const FORM_ROWS = SUGGESTION_LIMIT;

export function EstimateScreen() {
	const {client, theme, lastError, coinInfos, inputs} = useServices();
	const {columns, rows} = useBodySize();
	const infos = useCoinInfoLookup(coinInfos);
	const official = infos.loan;
	const [refresh, setRefresh] = useState(0);
	const navigation = useNavigation();
	const [form, dispatch] = useReducer(estimateFormReducer, inputs, (memory) => restoredEstimateForm(memory.estimate()));
	// Kept for the session (Ctrl+B and back, leaving and coming back) and, once checked, for the next run.
	useEffect(() => {
		inputs.rememberEstimate({loanCoin: form.loanCoin, pledgeCoin: form.pledgeCoin, daily: form.daily, amountMode: form.amountMode, pledgeAmount: form.pledgeAmount, loanAmount: form.loanAmount});
	}, [inputs, form.loanCoin, form.pledgeCoin, form.daily, form.amountMode, form.pledgeAmount, form.loanAmount]);
	const loanMode = form.amountMode === 'loan';
	const amountName = amountField(form.amountMode);

	const loanCoin = checkCoin(form.loanCoin, 'loan coin');
	const pledgeCoin = checkCoin(form.pledgeCoin, 'pledge coin');
	const amount = checkAmount(form[amountName], loanMode ? 'loan amount' : 'pledge amount');
	const pairError = loanCoin.ok && pledgeCoin.ok ? pairProblem(loanCoin.value, pledgeCoin.value) : undefined;
	// A coin Bitget does not lend (or take as collateral) is refused here, in the Borrow wizard's words, and asks the
	// server nothing; so no estimate goes out before the coin list has answered (a failed read leaves the server to judge).
	const listProblem = {
		loanCoin: loanCoin.ok ? coinListProblem(loanCoin.value, 'loan', infos.coins('loan')) : undefined,
		pledgeCoin: pledgeCoin.ok ? coinListProblem(pledgeCoin.value, 'pledge', infos.coins('pledge')) : undefined,
	};
	const sameCoin = pairError !== undefined;
	// A coin being typed is sent only once it is a coin the list knows, or the field is left: "USDTE" on the way to
	// something else asks the server nothing (and puts no "Parameter USDTE does not exist" on the top line).
	const loanCoins = useCoins('loan');
	const pledgeCoins = useCoins('pledge');
	// Meanwhile the figures of the last coin asked about stay (their header names that coin), so the table never jumps.
	const lastAsked = useRef<{loanCoin?: string; pledgeCoin?: string}>({});
	const settled = (name: 'loanCoin' | 'pledgeCoin', coin: {ok: true; value: string} | {ok: false}, known: readonly CoinOption[]): string | undefined => {
		if (!coin.ok || !infos.settled) return undefined;
		const listed = listProblem[name] === undefined;
		if (listed && (form.focus !== name || known.some((option) => option.coin === coin.value))) return (lastAsked.current[name] = coin.value);
		// While the coin is being typed the last figures stay; a coin left unlisted asks nothing.
		return form.focus === name ? lastAsked.current[name] : undefined;
	};
	const loanValue = settled('loanCoin', loanCoin, loanCoins);
	const pledgeValue = settled('pledgeCoin', pledgeCoin, pledgeCoins);
	const amountValue = amount.ok ? amount.value : undefined;
	const complete = loanValue !== undefined && pledgeValue !== undefined && amountValue !== undefined && !sameCoin;
	const query: EstimateQuery | undefined = useMemo(
		() => (!loanMode && complete ? {loanCoin: loanValue, pledgeCoin: pledgeValue, pledgeAmount: amountValue} : undefined),
		[loanMode, complete, loanValue, pledgeValue, amountValue],
	);
	// By loan amount: outside the loan coin's min/max the limits are the answer, and nothing is asked. So the first
	// request waits for the coin infos (and for today's prices, which give the reference pledge), each one read.
	const loanInfo = loanValue === undefined ? undefined : infos.loan(loanValue);
	const limits = loanMode && amountValue !== undefined && loanInfo ? checkBorrowLimits(loanInfo, amountValue) : {ok: true as const};
	const prices = usePrices(client, loanMode, refresh);
	const referencePledge =
		loanMode && complete && prices ? referencePledgeFor(amountValue, quotePrice(prices.prices, pledgeValue, loanValue, prices.at), infos.pledge(pledgeValue)) : undefined;
	const loanQuery: LoanAmountQuery | undefined = useMemo(
		() => (loanMode && complete && limits.ok && infos.settled && prices !== undefined ? {loanCoin: loanValue, pledgeCoin: pledgeValue, loanAmount: amountValue, referencePledge} : undefined),
		[loanMode, complete, limits.ok, infos.settled, prices, loanValue, pledgeValue, amountValue, referencePledge],
	);
	const pledgeLive = useLiveEstimate(client, query, PERIODS, undefined, refresh);
	const loanLive = useLiveLoanAmountEstimate(client, loanQuery, PERIODS, undefined, refresh);
	const live = loanMode ? loanLive : pledgeLive;
	const asked = loanMode ? loanQuery : query;
	useEffect(() => {
		if (live.status !== 'ready') return;
		const failed = PERIODS.map((period) => live.results[period]).find((result) => result && !result.ok);
		if (failed && !failed.ok) lastError.report('estimate', `Estimate: ${errorLine(failed.error)}`);
		else lastError.succeeded('estimate');
	}, [live, lastError]);
	// The server answered for these values: they are the ones the next run opens with.
	// (Only the answer for the query now: just after a change the last answer is still there for one render.)
	const answered = (key: string | undefined) => live.status === 'ready' && key !== undefined && live.key.startsWith(`${key}#`) && live.results[form.daily]?.ok === true;
	const accepted = answered(query && estimateKey(query)) || answered(loanQuery && loanAmountKey(loanQuery));
	useEffect(() => {
		if (!accepted) return;
		if (query) inputs.acceptEstimate({...query, daily: form.daily, amountMode: 'pledge'});
		if (loanQuery) inputs.acceptEstimate({loanCoin: loanQuery.loanCoin, pledgeCoin: loanQuery.pledgeCoin, loanAmount: loanQuery.loanAmount, daily: form.daily, amountMode: 'loan'});
	}, [accepted, query, loanQuery, form.daily, inputs]);

	const focusedText = form.focus === 'daily' ? undefined : (form.focus as TextFieldName);
	const coinField = focusedText === 'loanCoin' || focusedText === 'pledgeCoin' ? focusedText : undefined;
	const {coins, shown: suggestions} = useCoinSuggestions(coinField && form[coinField], coinField === 'pledgeCoin' ? 'pledge' : 'loan');

	const errorFor = (field: TextFieldName): string | undefined => {
		const value = form[field];
		const isAmount = field === 'pledgeAmount' || field === 'loanAmount';
		const checked = isAmount ? amount : field === 'loanCoin' ? loanCoin : pledgeCoin;
		if (field === 'pledgeCoin' && pairError) return pairError;
		// Said once the field is left: "US" on its way to "USDT" is not wrong yet.
		if ((field === 'loanCoin' || field === 'pledgeCoin') && listProblem[field] && form.focus !== field) return listProblem[field];
		if (field === 'loanAmount' && !limits.ok) return limits.reason;
		if (checked.ok) return undefined;
		// An amount on its way (`1.` before `1.5`, `0` before `0.5`) is not wrong yet: said once the field is left.
		if (isAmount && form.focus === field && amountUnderway(value)) return undefined;
		return value.trim() !== '' || form.visited.includes(field) ? checked.message : undefined;
	};
	// What still stands between the form and an estimate, in the fields' own words.
	const missing = (['loanCoin', 'pledgeCoin', amountName] as const).flatMap((name) => {
		const label = FIELD_LABELS[name];
		if (form[name].trim() === '') return [`type the ${label.toLowerCase()}`];
		const problem = errorFor(name);
		return problem ? [problem] : [];
	});

	const textField = useTextField({
		focused: form.focus !== 'daily',
		submit: () => dispatch({type: 'submit-field', coins}),
		// ↑/↓ are the field's only while a coin field shows suggestions (in the amount they do nothing).
		...(coinField && suggestions.length > 0 ? {suggest: (by: number) => dispatch({type: 'suggest', by, coins})} : {}),
		edit: (edit) => dispatch({type: 'text', edit}),
	});

	const borrow = () =>
		navigation.push(
			borrowRoute({
				loanCoin: loanCoin.ok ? loanCoin.value : form.loanCoin,
				pledgeCoin: pledgeCoin.ok ? pledgeCoin.value : form.pledgeCoin,
				daily: form.daily,
				// The same request: by loan amount, the amount to borrow (the wizard opens in its loan-amount mode and its
				// review shows the collateral that takes), with the pledge amount kept apart under its own name; never
				// the one turned into the other.
				...(!loanMode ? {pledgeAmount: amount.ok ? amount.value : form.pledgeAmount} : {loanAmount: amount.ok ? amount.value : form.loanAmount, pledgeAmount: form.pledgeAmount}),
			}),
		);
	// The focused field's rows: the period's choice, or the text field's (a coin field's Enter takes the highlighted coin).
	const fieldRows: Binding[] =
		form.focus === 'daily'
			? periodBindings(
					{choose: (daily) => dispatch({type: 'period', daily}), move: (by) => dispatch({type: 'select-period', move: {type: 'cycle', by}}), submit: () => dispatch({type: 'move', by: 1})},
					{submit: 'next field'},
				)
			: textField.bindings({submit: coinField ? 'next field (takes the highlighted coin)' : 'next field', suggestion: 'a suggested coin'});
	// Typing takes every key the rows before it did not: it stays last.
	const typing = fieldRows.filter((row) => row.keys.includes('text'));
	const bindings: Binding[] = [
		...fieldRows.filter((row) => !typing.includes(row)),
		{keys: ['Tab'], description: 'next field', group: 'move between fields', footer: 3, handler: () => dispatch({type: 'move', by: 1})},
		{keys: ['Shift+Tab'], description: 'previous field', group: 'move between fields', footer: 3, handler: () => dispatch({type: 'move', by: -1})},
		// A control key, so it works while a text field has focus.
		{keys: ['Ctrl+t'], description: 'by pledge / by loan amount', short: loanMode ? 'by pledge' : 'by loan amount', footer: 2, handler: () => dispatch({type: 'toggle-mode'})},
		{keys: ['Ctrl+b'], description: 'borrow with these values', footer: 2, handler: borrow},
		// Only once every field is valid is there an estimate to fetch.
		{...refreshBinding(() => setRefresh((n) => n + 1), 'fetch the estimate again'), when: asked !== undefined},
		...typing,
	];

	const active = useScreenInput({
		mode: form.focus === 'daily' ? 'navigate' : 'text',
		bindings,
		onPaste: (text) => void textField.onPaste(text),
	});

	const field = (name: TextFieldName, placeholder: string) => (
		<TextField
			label={FIELD_LABELS[name]}
			value={form[name]}
			cursor={form.cursor}
			selected={form.selected && form.focus === name}
			placeholder={placeholder}
			focused={active && form.focus === name}
			theme={theme}
			error={errorFor(name)}
		/>
	);

	const shownQuery = live.status === 'ready' ? live.query : live.status === 'waiting' ? live.previousQuery : undefined;
	const stale = live.status === 'waiting';
	const table = (() => {
		if (loanLive.status !== 'idle' && loanMode && loanQuery) {
			const shown = loanLive.status === 'ready' ? loanLive.results : loanLive.previous;
			const shownLoan = loanLive.status === 'ready' ? loanLive.query : (loanLive.previousQuery ?? loanQuery);
			return shown ? (
				<LoanAmountTable
					results={shown}
					periods={PERIODS}
					selected={form.daily}
					loanCoin={shownLoan.loanCoin}
					pledgeCoin={shownLoan.pledgeCoin}
					loanAmount={shownLoan.loanAmount}
					theme={theme}
					stale={stale}
					width={columns}
					official={official(shownLoan.loanCoin)}
				/>
			) : undefined;
		}
		if (pledgeLive.status !== 'idle' && !loanMode && query) {
			const shown = pledgeLive.status === 'ready' ? pledgeLive.results : pledgeLive.previous;
			return shown ? (
				<EstimateTable
					results={shown}
					periods={PERIODS}
					selected={form.daily}
					loanCoin={query.loanCoin}
					theme={theme}
					stale={stale}
					width={columns}
					official={official(query.loanCoin)}
					showOfficial={rows >= OFFICIAL_ROWS_FROM}
				/>
			) : undefined;
		}
		return undefined;
	})();
	return (
		<Box flexDirection="column">
			{/* The form keeps one height whatever has focus (suggestions go beside it), so the table below never jumps. */}
			<Box flexDirection="row" minHeight={FORM_ROWS}>
				<Box flexDirection="column" flexGrow={1}>
					{field('loanCoin', 'coin to borrow, e.g. USDT')}
					{field('pledgeCoin', 'collateral, e.g. BTC')}
					{/* The period on one line, focused or not: the table below never moves when the focus does. */}
					<Text wrap="truncate">
						<Text bold={form.focus === 'daily'} color={form.focus === 'daily' && active ? theme.accent : undefined}>
							{form.focus === 'daily' ? '› ' : '  '}
							{'Period'.padEnd(14)}
						</Text>
						{form.focus === 'daily' ? `‹ ${PERIOD_LABEL[form.daily]} ›  ←/→ or ${PERIODS.map((period) => PERIOD_KEYS[period][0]).join('/')}` : PERIOD_LABEL[form.daily]}
					</Text>
					{loanMode
						? field('loanAmount', `amount of ${loanCoin.ok ? loanCoin.value : 'the loan coin'} to borrow`)
						: field('pledgeAmount', `amount of ${pledgeCoin.ok ? pledgeCoin.value : 'the pledge coin'}`)}
				</Box>
				{coinField && active ? (
					<Box width={12} flexShrink={0} marginLeft={1}>
						<SuggestionList suggestions={suggestions} highlighted={form.suggestion} color={theme.accent} />
					</Box>
				) : null}
			</Box>
			{asked === undefined ? (
				complete && limits.ok ? (
					// By loan amount, the coin's limits and today's prices are read first.
					<Spinner label="Fetching the estimate…" color={theme.accent} />
				) : (
					<Text dimColor wrap="wrap">
						{missing.length > 0 ? `For the estimate of all three periods: ${missing.join('; ')}.` : 'The estimate of all three periods shows once the values are complete.'}
					</Text>
				)
			) : (
				<>
					<Text wrap="wrap" bold>
						{/* The header names the values of the figures below it: while new ones are asked for, the old ones'. */}
						Estimate: {describeQuery(shownQuery ?? asked)}
						{stale ? <Text dimColor>{shownQuery === undefined || describeQuery(shownQuery) === describeQuery(asked) ? ' (updating…)' : ` (updating for ${describeQuery(asked)}…)`}</Text> : null}
					</Text>
					{table ?? <Spinner label="Fetching the estimate…" color={theme.accent} />}
				</>
			)}
		</Box>
	);
}

const FIELD_LABELS: Record<TextFieldName, string> = {loanCoin: 'Loan coin', pledgeCoin: 'Pledge coin', pledgeAmount: 'Pledge amount', loanAmount: 'Loan amount'};

/** Digits that more typing can still make a valid amount: a trailing point, or nothing but zeros so far. */
export function amountUnderway(value: string): boolean {
	const text = value.trim();
	return /^\d*\.$/.test(text) || /^0*\.?0*$/.test(text);
}

const describeQuery = (query: EstimateQuery | LoanAmountQuery) =>
	'loanAmount' in query ? `borrow ${query.loanAmount} ${query.loanCoin} against ${query.pledgeCoin}` : `pledge ${query.pledgeAmount} ${query.pledgeCoin}, borrow ${query.loanCoin}`;
