// "Sent from here": the money-moving requests this app sent (state/local-history.ts), newest first, each with its
// outcome in words. Read only; the money-post hook writes it.
import React from 'react';
import {Box, Text} from 'ink';
import {sanitize} from '../../format/sanitize.js';
import {localDateTimeWithOffset} from '../../format/time.js';
import type {LocalHistoryEntry} from '../../state/local-history.js';
import {errorLine} from '../../ui/describe-error.js';
import type {Theme} from '../../ui/theme.js';
import type {SentHistory} from './use-sent-history.js';

const OUTCOME: Record<LocalHistoryEntry['outcome'], string> = {done: '✓ done', refused: '✗ refused', unknown: '? outcome unknown'};

export function SentList({history, rows, theme}: {history: SentHistory; rows: number; theme: Theme}) {
	if (history.status === 'off') return <Text wrap="truncate">No local history in this mode (the demo's requests are not kept).</Text>;
	if (history.status === 'loading') return <Text dimColor>Reading what was sent from here…</Text>;
	if (history.status === 'error') return <Text color={theme.bad} wrap="truncate">✗ The local history could not be read: {errorLine(history.error)}</Text>;
	if (history.entries.length === 0) return <Text wrap="truncate">Nothing sent from this app yet (borrow, repay and collateral requests are kept here).</Text>;
	const shown = history.entries.slice(0, Math.max(1, Math.floor(rows / 2)));
	return (
		<Box flexDirection="column">
			{shown.map((entry, i) => {
				const values = Object.entries(entry.values).map(([name, value]) => `${name} ${sanitize(value)}`).join(', ');
				return (
					<Box key={`${entry.time}:${i}`} flexDirection="column">
						<Text wrap="truncate">
							{localDateTimeWithOffset(entry.time)}  {entry.operation.padEnd(10)}
							<Text color={entry.outcome === 'done' ? theme.good : entry.outcome === 'refused' ? theme.bad : theme.warn}>{OUTCOME[entry.outcome]}</Text>
							{entry.orderId ? `  order ${sanitize(entry.orderId)}` : ''}
						</Text>
						<Text dimColor wrap="truncate">
							{'    '}
							{values}
							{entry.detail ? ` — ${sanitize(entry.detail)}` : ''}
						</Text>
					</Box>
				);
			})}
			{history.entries.length > shown.length ? <Text dimColor>{history.entries.length - shown.length} older not shown</Text> : null}
		</Box>
	);
}
