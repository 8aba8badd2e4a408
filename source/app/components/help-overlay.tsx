// The ? overlay: the top screen's key table, then the shell's, in a box that fits the body at any size from the
// smallest terminal up. Rows that do not fit scroll (↑/↓, PgUp/PgDn) and the last line says how many are cut;
// every line is one terminal row (truncated, never wrapped), so nothing overlaps.
import React from 'react';
import {Box, Text} from 'ink';
import type {KeyHelp} from '../../ui/keys/binding.js';
import {GLOBAL_KEYS} from '../../ui/keys/shared-bindings.js';

/** Rows around the key rows: the border (2), the title, the last line. */
const FRAME_ROWS = 4;

/** How many key rows fit, and the furthest the list can scroll. */
export function helpWindow(rowCount: number, bodyRows: number, hasAbout: boolean): {visible: number; maxOffset: number} {
	const visible = Math.max(1, bodyRows - FRAME_ROWS - (hasAbout ? 1 : 0));
	return {visible, maxOffset: Math.max(0, rowCount - visible)};
}

/** Every row the help shows: the screen's, then the shell's (a screen's own Esc row replaces the shell's). */
export function helpRowsWithGlobals(screen: readonly KeyHelp[]): KeyHelp[] {
	const ownEsc = screen.some((row) => row.keys === 'Esc');
	return [...screen, ...GLOBAL_KEYS.filter((row) => !(ownEsc && row.keys === 'Esc'))];
}

export function HelpOverlay(props: {title: string; about?: string; rows: KeyHelp[]; offset: number; columns: number; bodyRows: number; accent?: string}) {
	const {title, about, rows, columns, bodyRows, accent} = props;
	const {visible, maxOffset} = helpWindow(rows.length, bodyRows, about !== undefined);
	const offset = Math.min(Math.max(0, props.offset), maxOffset);
	const shown = rows.slice(offset, offset + visible);
	const keyWidth = Math.min(Math.max(...rows.map((row) => [...row.keys].length), 1), Math.max(6, Math.floor(columns / 3)));
	const below = rows.length - offset - shown.length;
	const last =
		maxOffset === 0
			? 'Esc or ? closes this help'
			: [offset > 0 ? `↑ ${offset} above` : '', below > 0 ? `↓ ${below} more` : '', '↑/↓ scroll · Esc closes'].filter(Boolean).join(' · ');
	return (
		<Box flexDirection="column" borderStyle="round" paddingX={1} flexShrink={0}>
			<Text bold color={accent} wrap="truncate">
				Keys — {title}
			</Text>
			{about === undefined ? null : <Text wrap="truncate">{about}</Text>}
			{shown.map((row, i) => (
				<Text key={offset + i} wrap="truncate">
					{fit(row.keys, keyWidth)}  {row.action}
				</Text>
			))}
			<Text dimColor wrap="truncate">
				{last}
			</Text>
		</Box>
	);
}

/** The key column: padded to its width, or cut with "…" when a label is wider. */
function fit(text: string, width: number): string {
	const chars = [...text];
	return chars.length <= width ? text.padEnd(width + text.length - chars.length) : `${chars.slice(0, width - 1).join('')}…`;
}
