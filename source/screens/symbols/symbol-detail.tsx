import React from 'react';
import {Text} from 'ink';
import type {SymbolRecord} from '../../api/types.js';
import {symbolDetailRows} from '../../format/symbol.js';
import {scrollWindow, WindowedRows} from '../../ui/components/scroll-window.js';
import {statusColor, type Theme} from '../../ui/theme.js';

/** A pair's details in `height` rows: a window over them with a "more" mark when they do not fit (ui/components/scroll-window.tsx). */
export function SymbolDetail({record, theme, height, scroll = 0}: {record: SymbolRecord; theme: Theme; height: number; scroll?: number}) {
	const rows = symbolDetailRows(record);
	const width = Math.max(...rows.map((row) => row.label.length)) + 2;
	const lines = rows.map((row) => (
		<Text key={row.label} wrap="truncate" dimColor={row.deprecated}>
			{row.label.padEnd(width)}
			{row.label === 'Status' ? <Text color={statusColor(theme, record.status)}>{row.value}</Text> : row.value}
			{row.deprecated ? '  (deprecated)' : ''}
		</Text>
	));
	return <WindowedRows rows={lines} window={scrollWindow(rows.length, height, scroll)} />;
}
