// The Loans screen: every ongoing loan, riskiest first, with the LTV gauge and its numbers, totals from `debts`,
// refreshed by itself ("updated 12 s ago") and with Ctrl+R; Enter opens a loan; s shows what was sent from here.
import React, {useReducer} from 'react';
import {Box, Text} from 'ink';
import type {Debts} from '../../api/loan-types.js';
import {withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {unreadableNote} from '../../format/unreadable.js';
import {ago} from '../../format/time.js';
import type {RiskLevel} from '../../loans/ltv.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {errorLine} from '../../format/describe-error.js';
import {refreshBinding} from '../../ui/keys/shared-bindings.js';
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

	const move = (by: number) => dispatch({type: 'move', by, ids, pageSize});
	const open = (orderId: string) => {
		// The list keeps its selection for the way back.
		navigation.replace(loansRoute(orderId));
		navigation.push(loanRoute(orderId));
	};
	const onList = !list.showSent;
	// The moves only where there are loans to move over (with none they change nothing).
	const moving = onList && ids.length > 0;
	const selectedId = ids[index];
	useScreenInput({
		mode: 'navigate',
		bindings: [
			{keys: ['Up', 'k'], description: 'the loan above', group: 'move', footer: 1, handler: () => move(-1), when: moving},
			{keys: ['Down', 'j'], description: 'the loan below', group: 'move', footer: 1, handler: () => move(1), when: moving},
			{keys: ['Enter'], description: 'open the loan (repay, collateral)', footer: 1, handler: () => open(selectedId!), when: onList && selectedId !== undefined},
			{keys: ['PgUp'], description: 'a page up', group: 'page', handler: () => move(-pageSize), when: moving},
			{keys: ['PgDn'], description: 'a page down', group: 'page', handler: () => move(pageSize), when: moving},
			{keys: ['Home', 'g'], description: 'the first loan', group: 'first or last loan', handler: () => dispatch({type: 'first', ids}), when: moving},
			{keys: ['End', 'G'], description: 'the last loan', group: 'first or last loan', handler: () => dispatch({type: 'last', ids, pageSize}), when: moving},
			refreshBinding(book.refresh, onList ? 'read the loans again' : 'read the loans and what was sent again', 2),
			onList
				? {keys: ['s'], description: 'what was sent from here', short: 'sent from here', footer: 2, handler: () => dispatch({type: 'toggle-sent'})}
				: {keys: ['s'], description: 'hide what was sent', handler: () => dispatch({type: 'toggle-sent'})},
			// Esc on "sent from here" goes back to the list, not off the screen.
			{keys: ['Esc'], description: 'back to the loans', footer: 1, handler: () => dispatch({type: 'toggle-sent'}), when: !onList},
			{keys: ['h'], description: 'loan history (loans, repayments, collateral, liquidations)', handler: () => navigation.push(historyRoute())},
		],
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
		return items.map((item) => `${withCoin(item.amount, sanitize(item.coin))} (≈ ${withCoin(item.amountUsdt, 'USDT')})`).join(', ');
	};
	return (
		<Box flexDirection="column">
			<Text wrap="truncate">Total owed     {line(debts.loanInfos)}</Text>
			<Text wrap="truncate">Total pledged  {line(debts.pledgeInfos)}</Text>
			{error !== undefined ? <Text color={theme.warn} wrap="truncate">(totals from the read before: {errorLine(error)})</Text> : null}
		</Box>
	);
}
