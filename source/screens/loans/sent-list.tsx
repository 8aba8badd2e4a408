// "Sent from here": the money-moving requests this app sent (state/money-journal.ts), newest first, each with its
// outcome in words and, after an unknown outcome, what the check of the loans found. Read only; the money pipeline
// (operations/money-pipeline.ts) writes it.
import React from 'react';
import {Box, Text} from 'ink';
import {sanitize} from '../../format/sanitize.js';
import {wrapLines} from '../../format/wrap.js';
import {localDateTimeWithOffset} from '../../format/time.js';
import {JournalError, type MoneyRecord} from '../../state/money-journal.js';
import {errorLine} from '../../format/describe-error.js';
import type {Theme} from '../../ui/theme.js';
import type {SentHistory} from './use-sent-history.js';

/** The body's fields in words (the record keeps the names sent); a field not listed here is shown as sent. */
const VALUE_WORDS: Record<string, string> = {
	orderId: 'order',
	loanCoin: 'loan coin',
	pledgeCoin: 'pledge coin',
	pledgeAmount: 'pledge',
	loanAmount: 'loan',
	daily: 'period',
	amount: 'amount',
	repayAll: 'repay all',
	repayUnlock: 'release collateral',
	reviseType: 'change',
};
const VALUE_WORD: Record<string, Record<string, string>> = {
	reviseType: {IN: 'add', OUT: 'withdraw'},
	daily: {SEVEN: '7 days', THIRTY: '30 days', FLEXIBLE: 'flexible'},
};

/** One sent value as a person reads it: "order 1130…", "change add", "repay all yes". */
function sentValueWords(name: string, value: string): string {
	return `${VALUE_WORDS[name] ?? sanitize(name)} ${VALUE_WORD[name]?.[value] ?? sanitize(value)}`;
}

const OUTCOME: Record<MoneyRecord['outcome'], string> = {
	done: '✓ done',
	refused: '✗ refused',
	'not-sent': '✗ not sent',
	unknown: '? outcome unknown',
	sending: '? no answer recorded',
};

/** What was sent, newest first, as many records as `rows` hold at `columns`: every line wrapped at whole words. */
export function SentList({history, rows, columns, theme}: {history: SentHistory; rows: number; columns: number; theme: Theme}) {
	if (history.status === 'off') return <Text wrap="wrap">No local history in this mode (the demo's requests are not kept).</Text>;
	if (history.status === 'loading') return <Text dimColor>Reading what was sent from here…</Text>;
	// Wrapped, not cut: the reason (which file, why) is the point of the line.
	if (history.status === 'error')
		return (
			<Text color={theme.bad}>
				✗ {history.error instanceof JournalError ? errorLine(history.error) : `The money record could not be read: ${errorLine(history.error)}`}
			</Text>
		);
	const skippedText =
		history.unreadable > 0 ? `▵ ${history.unreadable} damaged line${history.unreadable === 1 ? '' : 's'} of the money record skipped` : undefined;
	const skipped =
		skippedText !== undefined ? (
			<Text color={theme.warn} wrap="wrap">
				{skippedText}
			</Text>
		) : null;
	if (history.records.length === 0) {
		return (
			<Box flexDirection="column">
				<Text wrap="wrap">Nothing sent from this app yet (borrow, repay and collateral requests are kept here).</Text>
				{skipped}
			</Box>
		);
	}
	const rowsOf = (text: string | undefined) => (text === undefined ? 0 : wrapLines(text, columns).length);
	const lines = history.records.map((record) => {
		const values = Object.entries(record.values)
			.map(([name, value]) => sentValueWords(name, value))
			.join(', ');
		const check = record.finding ? ` — check: ${record.finding.status}, ${sanitize(record.finding.message)}` : '';
		const head = `${localDateTimeWithOffset(record.time)}  ${record.operation.padEnd(10)}`;
		const order = record.orderId ? `  order ${sanitize(record.orderId)}` : '';
		const body = `    ${values}${record.detail ? ` — ${sanitize(record.detail)}` : ''}${check}`;
		return {record, head, order, body, rows: rowsOf(head + OUTCOME[record.outcome] + order) + rowsOf(body)};
	});
	// As many records as fit, the line saying how many older ones are not shown and the skipped note kept free.
	let room = rows - rowsOf(skippedText) - (lines.length > 1 ? 1 : 0);
	const shownLines: typeof lines = [];
	for (const line of lines) {
		if (shownLines.length > 0 && line.rows > room) break;
		shownLines.push(line);
		room -= line.rows;
	}
	const shown = shownLines.map((line) => line.record);
	return (
		<Box flexDirection="column">
			{shownLines.map(({record, head, order, body}) => (
				<Box key={record.id} flexDirection="column">
					<Text wrap="wrap">
						{head}
						<Text color={record.outcome === 'done' ? theme.good : record.outcome === 'refused' || record.outcome === 'not-sent' ? theme.bad : theme.warn}>
							{OUTCOME[record.outcome]}
						</Text>
						{order}
					</Text>
					<Text dimColor wrap="wrap">
						{body}
					</Text>
				</Box>
			))}
			{history.records.length > shown.length ? <Text dimColor>{history.records.length - shown.length} older not shown</Text> : null}
			{skipped}
		</Box>
	);
}
