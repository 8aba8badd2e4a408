import React from 'react';
import {Box, Text} from 'ink';
import type {SymbolRecord} from '../../api/types.js';
import {symbolDetailRows} from '../../format/symbol.js';
import {statusColor, type Theme} from '../../ui/theme.js';

export function SymbolDetail({record, theme}: {record: SymbolRecord; theme: Theme}) {
	const rows = symbolDetailRows(record);
	const width = Math.max(...rows.map((row) => row.label.length)) + 2;
	return (
		<Box flexDirection="column">
			{rows.map((row) => (
				<Text key={row.label} wrap="truncate" dimColor={row.deprecated}>
					{row.label.padEnd(width)}
					{row.label === 'Status' ? <Text color={statusColor(theme, record.status)}>{row.value}</Text> : row.value}
					{row.deprecated ? '  (deprecated)' : ''}
				</Text>
			))}
		</Box>
	);
}
