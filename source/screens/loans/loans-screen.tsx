// The Loans screen: every ongoing loan, riskiest first, with the LTV gauge and its numbers, today's price and the
// margin-call and liquidation prices (read with the loans; "prices unavailable" when the tickers fail), the chance of a
// margin call before the term ends (from the pairs' price histories, with its footnote once), totals from `debts`,
// refreshed by itself ("updated 12 s ago") and with Ctrl+R; Enter opens a loan; / filters; c copies the order id;
// s shows what was sent from here. The view only: state and actions in use-loans.ts, keys in keys.ts.
import React from 'react';
import {Box, Text} from 'ink';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {ListFilter} from '../../ui/components/list-filter.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useServices} from '../../ui/services.js';
import {riskColor, type Theme} from '../../ui/theme.js';
import {loansBindings} from './keys.js';
import {typingFilter} from './list-reducer.js';
import type {LoanRow} from './loan-rows.js';
import {SentList} from './sent-list.js';
import {useLoans, type LoansState} from './use-loans.js';

export function LoansScreen({selected}: {selected?: string}) {
	const {theme} = useServices();
	const {state, actions} = useLoans(selected);
	useScreenInput({
		mode: typingFilter(state.list) ? 'text' : 'navigate',
		loading: state.awaitingFirstRead,
		onPaste: actions.paste,
		bindings: loansBindings(state, actions),
	});
	const {texts} = state;
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="wrap">
				{texts.heading}
				<Text color={undefined} bold={false} dimColor>
					{texts.status}
				</Text>
			</Text>
			<Note text={texts.failed} color={theme.bad} />
			<Note text={texts.unreadable} color={theme.warn} />
			<LoansBody state={state} theme={theme} />
		</Box>
	);
}

/** What stands under the title: what was sent, the first read's wait or failure, no loans, or the list. */
function LoansBody({state, theme}: {state: LoansState; theme: Theme}) {
	const {book} = state;
	if (state.list.showSent) return <SentList history={state.sent} rows={state.sentRows} columns={state.columns} theme={theme} />;
	if (book.loans === undefined) {
		return book.error !== undefined ? (
			<ErrorMessage error={book.error} color={theme.bad} action="Ctrl+R to retry" />
		) : (
			<Spinner label="Reading your loans…" color={theme.accent} />
		);
	}
	if (state.loans.length === 0) {
		return (book.unreadable ?? 0) > 0 ? (
			<Text wrap="wrap">No readable ongoing loans.</Text>
		) : (
			<Text wrap="wrap">No ongoing loans. Borrow from the home menu; s shows what was sent from here.</Text>
		);
	}
	return <LoanList state={state} theme={theme} />;
}

/** The filter line, the table's window over the loans the filter keeps, the lines under it and the totals. */
function LoanList({state, theme}: {state: LoansState; theme: Theme}) {
	const {list, table, ids, offset, pageSize, index, texts, notice} = state;
	const visible = table.rows.slice(offset, offset + pageSize);
	return (
		<>
			{state.filterShown ? (
				<ListFilter query={list.query} cursor={list.cursor} focused={list.filtering} shown={ids.length} total={state.loans.length} theme={theme} />
			) : null}
			{table.header.map((line, i) => (
				<Text key={`h${i}`} dimColor wrap="truncate">
					{'  '}
					{line}
				</Text>
			))}
			{visible.map((row, i) => (
				<LoanRowLines key={row.orderId} row={row} chosen={offset + i === index} theme={theme} />
			))}
			{ids.length === 0 ? (
				<Text wrap="truncate">
					{'  '}No loan matches “{list.query}”. Esc clears the filter.
				</Text>
			) : null}
			{ids.length > pageSize ? (
				<Text dimColor wrap="truncate">
					loans {offset + 1}-{offset + visible.length} of {ids.length}
				</Text>
			) : null}
			{/* The copy's message stays with the loan it was about. */}
			<Note text={notice && notice.orderId === state.selectedId ? notice.text : undefined} dimColor />
			<Note text={texts.chanceNote} dimColor />
			<Note text={texts.prices} color={theme.warn} />
			<Note text={texts.worsened} color={theme.bad} bold />
			<Totals lines={state.totals} note={texts.debtsError} theme={theme} />
		</>
	);
}

/** One loan: its figures (marked › and bold when selected) and its gauge. */
function LoanRowLines({row, chosen, theme}: {row: LoanRow; chosen: boolean; theme: Theme}) {
	return (
		<Box flexDirection="column">
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
}

/** "Total owed" and "Total pledged" (layout.ts), and why the last read of them failed when it did. */
function Totals({lines, note, theme}: {lines: string[]; note?: string; theme: Theme}) {
	if (lines.length === 0) return <Note text={note} color={theme.warn} />;
	return (
		<Box flexDirection="column">
			{lines.map((line, i) => (
				<Text key={i} wrap="truncate">
					{line}
				</Text>
			))}
			<Note text={note} color={theme.warn} />
		</Box>
	);
}

/** A line in words, wrapped at whole words; nothing when there is nothing to say. */
function Note({text, color, bold, dimColor}: {text: string | undefined; color?: string; bold?: boolean; dimColor?: boolean}) {
	if (text === undefined) return null;
	return (
		<Text color={color} bold={bold} dimColor={dimColor} wrap="wrap">
			{text}
		</Text>
	);
}
