import React, {memo} from 'react';
import {Text} from 'ink';
import chalk from 'chalk';
import {percent} from '../../format/numbers.js';
import {sanitize} from '../../format/sanitize.js';
import {fitNumber} from '../../format/fit.js';
import {statusWord} from '../../format/symbol.js';
import {statusColor, type Theme} from '../../ui/theme.js';
import type {SymbolRecord} from '../../api/types.js';

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
	/** Characters of the symbol to highlight (underlined, and coloured unless NO_COLOR), as "0,1,2": a string, so
	 * the memo sees an unchanged highlight as equal and skips the row. */
	highlight: string;
	selected: boolean;
	columns: Columns;
	theme: Theme;
}

const paint = (color: string | undefined, text: string) =>
	color ? ((chalk as unknown as Record<string, (s: string) => string>)[color]?.(text) ?? text) : text;

/**
 * One pair as a single pre-styled line: one Ink node per row instead of one per highlighted character keeps a
 * keystroke's re-layout cheap. Memoised, so moving the selection re-renders only the rows that changed.
 */
export const SymbolRow = memo(function SymbolRow({record, highlight, selected, columns, theme}: RowProps) {
	return (
		<Text wrap="truncate" bold={selected} inverse={selected && !theme.noColor}>
			{rowLine(record, highlight, selected, columns, theme)}
		</Text>
	);
});

/** A row's text, styled: also run by the explorer's warm-up, so the first keystrokes find this code compiled. */
export function rowLine(record: SymbolRecord, highlight: string, selected: boolean, columns: Columns, theme: Theme): string {
	const symbol = fitNumber(sanitize(record.symbol), columns.symbol - 1);
	// Runs of highlighted characters become one styled span each: fewer escape codes for Ink to tokenize.
	const marked = new Set(highlight === '' ? [] : highlight.split(',').map(Number));
	let name = '';
	for (let i = 0; i < symbol.length;) {
		let end = i;
		const highlighted = marked.has(i);
		while (end < symbol.length && marked.has(end) === highlighted) end++;
		const run = symbol.slice(i, end);
		name += highlighted ? chalk.bold.underline(paint(theme.match, run)) : run;
		i = end;
	}
	return `${selected ? '› ' : '  '}${name}${' '.repeat(columns.symbol - symbol.length)}${rowTail(record, columns, theme)}`;
}

/** Room for the minimum order value: a longer one keeps its magnitude with a mark (format/fit.ts), never a bare prefix. */
const MIN_USDT_WIDTH = 14;

/** The part of a row that never changes while typing (coins, status, fees, minimum): built once per record. */
const tails = new WeakMap<SymbolRecord, {key: string; text: string}>();

function rowTail(record: SymbolRecord, columns: Columns, theme: Theme): string {
	const key = `${columns.coins}|${theme.noColor}`;
	const cached = tails.get(record);
	if (cached?.key === key) return cached.text;
	const coins = columns.coins ? `${fitNumber(sanitize(record.baseCoin), 8).padEnd(9)}${fitNumber(sanitize(record.quoteCoin), 6).padEnd(7)}` : '';
	const status = paint(statusColor(theme, record.status), statusWord(record.status).slice(0, 8).padEnd(9));
	const text = `${coins}${status}${percent(record.makerFeeRate).padEnd(9)}${percent(record.takerFeeRate).padEnd(9)}${fitNumber(sanitize(record.minTradeUSDT ?? '—'), MIN_USDT_WIDTH)}`;
	tails.set(record, {key, text});
	return text;
}
