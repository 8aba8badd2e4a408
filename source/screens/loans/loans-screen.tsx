// The Loans screen: every ongoing loan, riskiest first, with the LTV gauge and its numbers, totals from `debts`,
// refreshed by itself ("updated 12 s ago") and with Ctrl+R; Enter opens a loan; s shows what was sent from here.
import React, {useReducer} from 'react';
import {Box, Text} from 'ink';
import type {Debts} from '../../api/loan-types.js';
import {amount, significantDecimals} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {unreadableNote} from '../../format/unreadable.js';
import {ago} from '../../format/time.js';
import type {RiskLevel} from '../../loans/ltv.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {errorLine} from '../../format/describe-error.js';
import type {KeyHelp} from '../../ui/keys/key-help.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useBodySize} from '../../ui/layout.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import type {Theme} from '../../ui/theme.js';
import {historyRoute, loanRoute, loansRoute} from '../routes.js';
import {initialLoanList, loanListReducer, selectedIndex, windowStart} from './list-reducer.js';
import {linesPerLoan, loanTable} from './loan-rows.js';
import {SentList} from './sent-list.js';
import {useLoanBook} from './use-loan-book.js';
import {useNow} from '../../ui/use-now.js';
import {useSentHistory} from './use-sent-history.js';

const KEYS: KeyHelp[] = [
	{keys: '↑/↓ j/k', action: 'move', footer: true},
	{keys: 'Enter', action: 'open (repay, collateral)', footer: true},
	{keys: 'Ctrl+R', action: 'refresh', footer: true},
	{keys: 's', action: 'sent from here', footer: true},
	{keys: 'h', action: 'loan history (loans, repayments, collateral, liquidations)'},
	{keys: 'g/G Home/End', action: 'first or last loan'},
	{keys: 'PgUp/PgDn', action: 'move by a page'},
];

/** Rows around the list: title, header, window line, blank, two lines of totals. */
const CHROME = 6;

export function LoansScreen({selected}: {selected?: string}) {
	const {client, credentials, theme, journal} = useServices();
	const navigation = useNavigation();
	const {columns, rows} = useBodySize();
	const book = useLoanBook(client, credentials);
	const now = useNow();
	const [list, dispatch] = useReducer(loanListReducer, selected, initialLoanList);
	const sent = useSentHistory(journal, book.state.updatedAt);
	const loans = book.state.loans ?? [];
	const unreadable = book.state.unreadable ?? 0;
	const ids = loans.map((loan) => loan.orderId);
	const table = loanTable(loans, now, columns);
	// A line more above the list when loans could not be read.
	const pageSize = Math.max(1, Math.floor((rows - CHROME - (unreadable > 0 ? 1 : 0) - table.header.length + 1) / linesPerLoan(table)));
	const index = selectedIndex(list, ids);
	const offset = windowStart(index, list.offset, ids.length, pageSize);

	useScreenInput({
		mode: 'navigate',
		keys: KEYS,
		onKey: (input, key) => {
			if (key.ctrl && input === 'r') return book.refresh();
			if (input === 's') return dispatch({type: 'toggle-sent'});
			if (input === 'h') return navigation.push(historyRoute());
			if (list.showSent) return;
			if (key.upArrow || input === 'k') return dispatch({type: 'move', by: -1, ids, pageSize});
			if (key.downArrow || input === 'j') return dispatch({type: 'move', by: 1, ids, pageSize});
			if (key.pageUp) return dispatch({type: 'move', by: -pageSize, ids, pageSize});
			if (key.pageDown) return dispatch({type: 'move', by: pageSize, ids, pageSize});
			if (key.home || input === 'g') return dispatch({type: 'first', ids});
			if (key.end || input === 'G') return dispatch({type: 'last', ids, pageSize});
			if (key.return && ids[index] !== undefined) {
				// The list keeps its selection for the way back.
				navigation.replace(loansRoute(ids[index]));
				navigation.push(loanRoute(ids[index]!));
			}
		},
		onBack: () => {
			if (!list.showSent) return false;
			dispatch({type: 'toggle-sent'});
			return true;
		},
	});

	const {state} = book;
	const visible = table.rows.slice(offset, offset + pageSize);
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				{list.showSent ? 'Loans · sent from here · newest first' : `Loans${state.loans ? ` · ${loans.length} ongoing · riskiest first` : ''}`}
				<Text color={undefined} bold={false} dimColor>
					{state.updatedAt !== undefined ? ` · updated ${ago(state.updatedAt, Math.max(now, state.updatedAt))}` : ''}
					{state.loading ? ' · refreshing…' : ''}
				</Text>
			</Text>
			{state.error !== undefined && state.loans !== undefined ? (
				<Text color={theme.bad} wrap="truncate">
					✗ Refresh failed: {errorLine(state.error)} (showing the last answer; Ctrl+R to retry)
				</Text>
			) : null}
			{!list.showSent && state.loans !== undefined && unreadable > 0 ? (
				<Text color={theme.warn} wrap="truncate">
					{unreadableNote(unreadable)}.
				</Text>
			) : null}
			{list.showSent ? (
				<SentList history={sent} rows={rows - 2} theme={theme} />
			) : state.loans === undefined ? (
				state.error !== undefined ? (
					<ErrorMessage error={state.error} color={theme.bad} action="Ctrl+R to retry" />
				) : (
					<Spinner label="Reading your loans…" color={theme.accent} />
				)
			) : loans.length === 0 ? (
				unreadable > 0 ? (
					<Text wrap="truncate">No readable ongoing loans.</Text>
				) : (
					<Text wrap="truncate">No ongoing loans. Borrow from the home menu; s shows what was sent from here.</Text>
				)
			) : (
				<>
					{table.header.map((line, i) => (
						<Text key={`h${i}`} dimColor wrap="truncate">
							{'  '}
							{line}
						</Text>
					))}
					{visible.map((row, i) => {
						const chosen = offset + i === index;
						return (
							<Box key={row.orderId} flexDirection="column">
								{row.figures.map((line, l) => (
									<Text key={`f${l}`} wrap="truncate" bold={chosen}>
										{l === 0 && chosen ? '› ' : '  '}
										<Text color={riskColor(theme, row.level)}>{line}</Text>
									</Text>
								))}
								{row.gauge.map((line, l) => (
									<Text key={`g${l}`} wrap="truncate">
										{'    '}
										{line}
									</Text>
								))}
							</Box>
						);
					})}
					{loans.length > pageSize ? (
						<Text dimColor wrap="truncate">
							loans {offset + 1}-{offset + visible.length} of {loans.length}
						</Text>
					) : null}
					<Totals debts={state.debts} error={state.debtsError} theme={theme} />
				</>
			)}
		</Box>
	);
}

function riskColor(theme: Theme, level: RiskLevel): string | undefined {
	return level === 'ok' ? undefined : level === 'near' ? theme.warn : theme.bad;
}

function Totals({debts, error, theme}: {debts?: Debts; error: unknown; theme: Theme}) {
	if (!debts) return error === undefined ? null : <Text color={theme.warn} wrap="truncate">Totals unavailable: {errorLine(error)}</Text>;
	const line = (items: Debts['loanInfos']) => {
		if (items.length === 0) return 'none';
		const places = Math.min(8, Math.max(0, ...items.map((item) => significantDecimals(item.amount))));
		return items.map((item) => `${amount(item.amount, places)} ${sanitize(item.coin)} (≈ ${amount(item.amountUsdt, 2)} USDT)`).join(', ');
	};
	return (
		<Box flexDirection="column">
			<Text wrap="truncate">Total owed     {line(debts.loanInfos)}</Text>
			<Text wrap="truncate">Total pledged  {line(debts.pledgeInfos)}</Text>
			{error !== undefined ? <Text color={theme.warn} wrap="truncate">(totals from the read before: {errorLine(error)})</Text> : null}
		</Box>
	);
}
