import React from 'react';
import {Box, Text} from 'ink';
import type {SymbolRecord} from '../../api/types.js';
import {symbolDetailRows} from '../../format/symbol.js';
import {statusColor, type Theme} from '../../ui/theme.js';

/** The window over the detail rows: which rows show, and the "more" line when some do not. */
export function detailWindow(total: number, height: number, scroll: number): {start: number; end: number; page: number; more?: string} {
	if (total <= height) return {start: 0, end: total, page: total};
	// One row is the "more" mark.
	const page = Math.max(1, height - 1);
	const start = Math.min(Math.max(0, scroll), total - page);
	const end = start + page;
	const below = total - end;
	const parts = [below > 0 ? `↓ ${below} more (PgDn)` : undefined, start > 0 ? `↑ ${start} above (PgUp)` : undefined].filter(Boolean);
	return {start, end, page, more: `  ${parts.join(' · ')}`};
}

export function SymbolDetail({record, theme, height, scroll = 0}: {record: SymbolRecord; theme: Theme; height: number; scroll?: number}) {
	const rows = symbolDetailRows(record);
	const width = Math.max(...rows.map((row) => row.label.length)) + 2;
	const view = detailWindow(rows.length, height, scroll);
	return (
		<Box flexDirection="column">
			{rows.slice(view.start, view.end).map((row) => (
				<Text key={row.label} wrap="truncate" dimColor={row.deprecated}>
					{row.label.padEnd(width)}
					{row.label === 'Status' ? <Text color={statusColor(theme, record.status)}>{row.value}</Text> : row.value}
					{row.deprecated ? '  (deprecated)' : ''}
				</Text>
			))}
			{view.more ? (
				<Text dimColor wrap="truncate">
					{view.more}
				</Text>
			) : null}
		</Box>
	);
}
