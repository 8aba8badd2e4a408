// The Loans screen: every ongoing loan, riskiest first, with the LTV gauge and its numbers, today's price and the
// margin-call and liquidation prices (read with the loans; "prices unavailable" when the tickers fail), totals from `debts`,
// refreshed by itself ("updated 12 s ago") and with Ctrl+R; Enter opens a loan; / filters; c copies the order id;
// s shows what was sent from here.
import React, {useEffect, useMemo, useReducer, useState} from 'react';
import {Box, Text} from 'ink';
import type {Debts, OngoingLoan} from '../../api/loan-types.js';
import {totalItem} from '../../format/loan-prices.js';
import type {PriceRead} from '../../loans/prices.js';
import {sanitize} from '../../format/sanitize.js';
import {unreadableNote} from '../../format/unreadable.js';
import {ago} from '../../format/time.js';
import {wrapLines} from '../../format/wrap.js';
import {byRisk} from '../../loans/ltv.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {MissingCredentialsError} from '../../api/errors.js';
import {errorLine} from '../../format/describe-error.js';
import {copyBinding, refreshBinding} from '../../ui/keys/shared-bindings.js';
import type {Binding} from '../../ui/keys/binding.js';
import {ListFilter} from '../../ui/components/list-filter.js';
import {filterBindings} from '../../ui/components/list-filter-bindings.js';
import {pasteEdit} from '../../ui/fields/text-editing.js';
import {copiedMessage} from '../../services/clipboard.js';
import {filterTerms, rowMatches} from '../../format/row-filter.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useBodySize} from '../../ui/layout.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {riskColor, type Theme} from '../../ui/theme.js';
import {historyRoute, loanRoute, loansRoute} from '../routes.js';
import {initialLoanList, loanListReducer, selectedIndex, windowStart} from './list-reducer.js';
import {linesPerLoan, loanTable} from './loan-rows.js';
import {SentList} from './sent-list.js';
import {useLoanBook} from './use-loan-book.js';
import {useNow} from '../../ui/use-now.js';
import {useSentHistory} from './use-sent-history.js';
import {useLiveLoans} from '../../ui/use-live-loans.js';
import {useWorsenedLoans} from './use-worsened-loans.js';

/** The totals' labels, and where an item that does not fit on the label's line starts. */
const TOTAL_LABEL = 15;

const NO_LOANS: readonly OngoingLoan[] = [];

export function LoansScreen({selected}: {selected?: string}) {
	const {client, credentials, theme, journal, completion, lastError, clipboard, priceStream, bell, debug} = useServices();
	const navigation = useNavigation();
	const {columns, rows} = useBodySize();
	const book = useLoanBook(client, credentials, undefined, completion?.orderIds);
	const now = useNow();
	const [list, dispatch] = useReducer(loanListReducer, selected, initialLoanList);
	const sent = useSentHistory(journal, book.state.updatedAt);
	// A failed read is on the top line too (as a failed symbol list is), until a read succeeds.
	const failure = book.state.error;
	const readAt = book.state.updatedAt;
	useEffect(() => {
		// Missing credentials are this screen's to say (the Credentials screen is where they go): not carried elsewhere.
		if (failure !== undefined) lastError.report('loans', `Loans: ${errorLine(failure)}`, {untilLeft: failure instanceof MissingCredentialsError});
		else if (readAt !== undefined) lastError.succeeded('loans');
	}, [failure, readAt, lastError]);
	useEffect(() => () => lastError.left('loans'), [lastError]);
	const loans = book.state.loans ?? NO_LOANS;
	const unreadable = book.state.unreadable ?? 0;
	// The tickers are read with the loans (use-loan-book.ts): the prices stand beside the figures they were read with.
	const prices = book.state.prices;
	// Between reads the LTVs follow the live prices of the loans' pairs (projected, marked "live"; the next read
	// corrects them): operations/watch-live.ts, as `loan-tui watch` does.
	const live = useLiveLoans(client, priceStream, loans, prices, true, debug);
	// Riskiest first at the live prices too (the selection follows its loan, by order id).
	const shown = useMemo(() => (live.projected.size > 0 ? [...live.loans].sort(byRisk) : live.loans), [live]);
	const worsened = useWorsenedLoans(shown, live.projected, bell);
	const full = loanTable(shown, now, columns, live.prices && {read: live.prices.prices, now: client.clock.now(), projected: live.projected});
	const pricesProblem = prices && !prices.prices.ok ? prices.prices.problem : undefined;
	// The filter keeps the rows with every word (the table's widths stay those of every loan).
	const terms = filterTerms(list.query);
	const table = {...full, rows: full.rows.filter((row) => rowMatches(row.text, terms))};
	const ids = table.rows.map((row) => row.orderId);
	const filterShown = list.filtering || list.query !== '';
	const [notice, setNotice] = useState<{text: string; orderId?: string} | undefined>(undefined);
	const totals = totalLines(book.state.debts, columns, live.prices?.prices, client.clock.now());
	// What the list shares the body with: the title, the lines above the table, the header and the totals. The window
	// line ("loans 1-2 of 5") only when not every loan fits.
	// Each wraps at whole words (never cut) and takes the rows it wraps to.
	const texts = {
		title: `${list.showSent ? 'Loans · sent from here · newest first' : `Loans${book.state.loans ? ` · ${loans.length} ongoing · riskiest first` : ''}`}${book.state.updatedAt !== undefined ? ` · updated ${ago(book.state.updatedAt, Math.max(now, book.state.updatedAt))}` : ''}${book.state.loading ? ' · refreshing…' : ''}`,
		failed: book.state.error !== undefined && book.state.loans !== undefined ? `✗ Refresh failed: ${errorLine(book.state.error)} (showing the last answer; Ctrl+R to retry)` : undefined,
		unreadable: !list.showSent && book.state.loans !== undefined && unreadable > 0 ? `${unreadableNote(unreadable)}.` : undefined,
		notice: notice?.text,
		prices: pricesProblem !== undefined ? `Prices unavailable: ${sanitize(pricesProblem)}` : undefined,
		worsened: worsened || undefined,
		debtsError: book.state.debtsError !== undefined ? (book.state.debts ? `(totals from the read before: ${errorLine(book.state.debtsError)})` : `Totals unavailable: ${errorLine(book.state.debtsError)}`) : undefined,
	};
	const rowsOf = (text: string | undefined) => (text === undefined ? 0 : wrapLines(text, columns).length);
	const above = rowsOf(texts.title) + rowsOf(texts.failed) + rowsOf(texts.unreadable) + (filterShown ? 1 : 0);
	const below = totals.length + rowsOf(texts.debtsError) + rowsOf(texts.notice) + rowsOf(texts.prices) + rowsOf(texts.worsened);
	const room = rows - above - table.header.length - below;
	const perLoan = linesPerLoan(table);
	const pageSize = ids.length * perLoan <= room ? Math.max(1, ids.length) : Math.max(1, Math.floor((room - 1) / perLoan));
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
	const several = onList && ids.length > 1;
	const copy = () => {
		if (selectedId === undefined) return;
		clipboard?.copy(selectedId);
		setNotice({orderId: selectedId, text: copiedMessage(clipboard, 'Order ID')});
	};
	const filterRows: Binding[] = [
		{keys: ['Up'], description: 'the loan above', group: 'move', footer: 1, handler: () => move(-1), when: several},
		{keys: ['Down'], description: 'the loan below', group: 'move', footer: 1, handler: () => move(1), when: several},
		...filterBindings(list.query, {close: () => dispatch({type: 'filtering', on: false}), edit: (edit) => dispatch({type: 'text', edit})}),
	];
	useScreenInput({
		mode: list.filtering && onList ? 'text' : 'navigate',
		// Until the first answer: keys typed meanwhile (4 Enter from home) act on the list once it shows.
		loading: book.state.loans === undefined && book.state.error === undefined,
		onPaste: (text) => {
			const edit = pasteEdit(text);
			if (edit && list.filtering && onList) dispatch({type: 'text', edit});
		},
		bindings: list.filtering && onList ? filterRows : [
			{keys: ['Up', 'k'], description: 'the loan above', group: 'move', footer: 1, handler: () => move(-1), when: several},
			{keys: ['Down', 'j'], description: 'the loan below', group: 'move', footer: 1, handler: () => move(1), when: several},
			{keys: ['Enter'], description: 'open the loan (repay, collateral)', footer: 1, handler: () => open(selectedId!), when: onList && selectedId !== undefined},
			{...copyBinding('order ID', copy, 3), when: onList && selectedId !== undefined},
			{keys: ['/'], description: 'filter the loans (every word must match)', short: 'filter', footer: 2, when: onList && loans.length > 0, handler: () => dispatch({type: 'filtering', on: true})},
			{keys: ['Esc'], description: 'clear the filter (then Esc goes back)', short: 'clear filter', footer: 1, when: onList && list.query !== '', handler: () => dispatch({type: 'text', edit: {op: 'clear'}})},
			{keys: ['PgUp'], description: 'a page up', group: 'page', handler: () => move(-pageSize), when: moving},
			{keys: ['PgDn'], description: 'a page down', group: 'page', handler: () => move(pageSize), when: moving},
			{keys: ['Home', 'g'], description: 'the first loan', group: 'first or last loan', handler: () => dispatch({type: 'first', ids}), when: several},
			{keys: ['End', 'G'], description: 'the last loan', group: 'first or last loan', handler: () => dispatch({type: 'last', ids, pageSize}), when: several},
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
			<Text bold color={theme.accent} wrap="wrap">
				{list.showSent ? 'Loans · sent from here · newest first' : `Loans${state.loans ? ` · ${loans.length} ongoing · riskiest first` : ''}`}
				<Text color={undefined} bold={false} dimColor>
					{state.updatedAt !== undefined ? ` · updated ${ago(state.updatedAt, Math.max(now, state.updatedAt))}` : ''}
					{state.loading ? ' · refreshing…' : ''}
				</Text>
			</Text>
			{texts.failed !== undefined ? (
				<Text color={theme.bad} wrap="wrap">
					{texts.failed}
				</Text>
			) : null}
			{texts.unreadable !== undefined ? (
				<Text color={theme.warn} wrap="wrap">
					{texts.unreadable}
				</Text>
			) : null}
			{list.showSent ? (
				<SentList history={sent} rows={rows - rowsOf(texts.title) - rowsOf(texts.failed)} columns={columns} theme={theme} />
			) : state.loans === undefined ? (
				state.error !== undefined ? (
					<ErrorMessage error={state.error} color={theme.bad} action="Ctrl+R to retry" />
				) : (
					<Spinner label="Reading your loans…" color={theme.accent} />
				)
			) : loans.length === 0 ? (
				unreadable > 0 ? (
					<Text wrap="wrap">No readable ongoing loans.</Text>
				) : (
					<Text wrap="wrap">No ongoing loans. Borrow from the home menu; s shows what was sent from here.</Text>
				)
			) : (
				<>
					{filterShown ? <ListFilter query={list.query} cursor={list.cursor} focused={list.filtering} shown={ids.length} total={loans.length} theme={theme} /> : null}
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
					{ids.length === 0 ? <Text wrap="truncate">  No loan matches “{list.query}”. Esc clears the filter.</Text> : null}
					{ids.length > pageSize ? (
						<Text dimColor wrap="truncate">
							loans {offset + 1}-{offset + visible.length} of {ids.length}
						</Text>
					) : null}
					{notice && notice.orderId === selectedId ? (
						<Text dimColor wrap="wrap">
							{notice.text}
						</Text>
					) : null}
					{texts.prices !== undefined ? (
						<Text color={theme.warn} wrap="wrap">
							{texts.prices}
						</Text>
					) : null}
					{texts.worsened !== undefined ? (
						<Text color={theme.bad} bold wrap="wrap">
							{texts.worsened}
						</Text>
					) : null}
					<Totals lines={totals} debts={state.debts} error={state.debtsError} theme={theme} />
				</>
			)}
		</Box>
	);
}

/** The totals as lines: "Total owed" and "Total pledged" with their items on one line, or one item a line (under
 * the first) when they do not fit the width: an amount is never cut. */
function totalLines(debts: Debts | undefined, columns: number, prices: PriceRead | undefined, now: number): string[] {
	if (!debts) return [];
	// Valued at the prices the table shows (format/loan-prices.ts totalItem).
	const items = (list: Debts['loanInfos'], inUsdt: boolean) => {
		if (list.length === 0) return ['none'];
		return list.map((item) => {
			const total = totalItem(item, prices, now);
			return `${total.amount}${inUsdt && total.usdt !== undefined ? ` (${total.usdt})` : ''}`;
		});
	};
	const fits = (line: string) => [...line].length <= columns - 1;
	// Each total on one line with its USDT values; without them when that does not fit; else an item a line.
	const block = (label: string, list: Debts['loanInfos']) => {
		for (const inUsdt of [true, false]) {
			const one = `${label.padEnd(TOTAL_LABEL)}${items(list, inUsdt).join(', ')}`;
			if (fits(one)) return [one];
		}
		const parts = items(list, true);
		return parts.map((part, i) => `${(i === 0 ? label : '').padEnd(TOTAL_LABEL)}${part}${i < parts.length - 1 ? ',' : ''}`);
	};
	return [...block('Total owed', debts.loanInfos), ...block('Total pledged', debts.pledgeInfos)];
}

function Totals({lines, debts, error, theme}: {lines: string[]; debts?: Debts; error: unknown; theme: Theme}) {
	if (!debts) return error === undefined ? null : <Text color={theme.warn} wrap="wrap">Totals unavailable: {errorLine(error)}</Text>;
	return (
		<Box flexDirection="column">
			{lines.map((line, i) => (
				<Text key={i} wrap="truncate">
					{line}
				</Text>
			))}
			{error !== undefined ? <Text color={theme.warn} wrap="wrap">(totals from the read before: {errorLine(error)})</Text> : null}
		</Box>
	);
}
