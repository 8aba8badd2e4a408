import React, {memo} from 'react';
import {Text} from 'ink';
import type {SymbolRecord} from '../../api/types.js';
import {percent} from '../../format/numbers.js';
import {sanitize} from '../../format/sanitize.js';
import {statusWord} from '../../format/symbol.js';
import {statusColor, type Theme} from '../../app/theme.js';

export interface Columns {
	symbol: number;
	coins: boolean;
}

export function columnsFor(width: number): Columns {
	return {symbol: width >= 90 ? 18 : 14, coins: width >= 80};
}

export function headerLine(columns: Columns): string {
	return `  ${'SYMBOL'.padEnd(columns.symbol)}${columns.coins ? `${'BASE'.padEnd(9)}${'QUOTE'.padEnd(7)}` : ''}${'STATUS'.padEnd(9)}${'MAKER'.padEnd(9)}${'TAKER'.padEnd(9)}MIN USDT`;
}

interface RowProps {
	record: SymbolRecord;
	positions: number[];
	selected: boolean;
	columns: Columns;
	theme: Theme;
}

/** One pair; memoised so moving the selection re-renders only the two rows that changed. */
export const SymbolRow = memo(function SymbolRow({record, positions, selected, columns, theme}: RowProps) {
	const symbol = sanitize(record.symbol);
	const status = statusWord(record.status);
	const highlighted = new Set(positions);
	const symbolCells = [...symbol.slice(0, columns.symbol - 1)].map((char, i) =>
		highlighted.has(i) ? (
			<Text key={i} color={theme.match} underline bold>
				{char}
			</Text>
		) : (
			char
		),
	);
	const pad = ' '.repeat(Math.max(1, columns.symbol - Math.min(symbol.length, columns.symbol - 1)));
	return (
		<Text wrap="truncate" bold={selected} inverse={selected && !theme.noColor}>
			{selected ? '› ' : '  '}
			{symbolCells}
			{pad}
			{columns.coins ? `${sanitize(record.baseCoin).slice(0, 8).padEnd(9)}${sanitize(record.quoteCoin).slice(0, 6).padEnd(7)}` : ''}
			<Text color={statusColor(theme, record.status)}>{status.slice(0, 8).padEnd(9)}</Text>
			{percent(record.makerFeeRate).padEnd(9)}
			{percent(record.takerFeeRate).padEnd(9)}
			{sanitize(record.minTradeUSDT ?? '—')}
		</Text>
	);
});
