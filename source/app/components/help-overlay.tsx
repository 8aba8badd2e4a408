// The ? overlay: the top screen's key table, then the shell's, in a box that fits the body at any size from the
// smallest terminal up. Each row is laid out ahead as the terminal rows it takes: a key's words wrap under
// themselves, whole words first (format/wrap.ts), never cut. Rows that do not fit scroll (↑/↓, PgUp/PgDn) and the
// last line says how many are above and below; every line is one terminal row, so nothing overlaps.
import React from 'react';
import {Box, Text} from 'ink';
import {wrapLines} from '../../format/wrap.js';
import type {KeyHelp} from '../../ui/keys/binding.js';
import {GLOBAL_KEYS} from '../../ui/keys/shared-bindings.js';

/** Rows around the key rows: the border (2), the title, the last line. */
const FRAME_ROWS = 4;
/** Columns around the text: the border and one space each side. */
const FRAME_COLUMNS = 4;

/** The help as terminal rows at `columns`: the screen's words (`about`) and the key rows, wrapped. */
export interface HelpLayout {
	about: string[];
	lines: string[];
}

export function helpLayout(about: string | undefined, rows: readonly KeyHelp[], columns: number): HelpLayout {
	const inner = Math.max(10, columns - FRAME_COLUMNS);
	const keyWidth = Math.min(Math.max(...rows.map((row) => [...row.keys].length), 1), Math.max(6, Math.floor(inner / 3)));
	const actionWidth = Math.max(4, inner - keyWidth - 2);
	const lines = rows.flatMap((row) => {
		const keys = wrapLines(row.keys, keyWidth);
		const action = wrapLines(row.action, actionWidth);
		return Array.from({length: Math.max(keys.length, action.length)}, (_, i) => `${pad(keys[i] ?? '', keyWidth)}  ${action[i] ?? ''}`.trimEnd());
	});
	return {about: about === undefined ? [] : wrapLines(about, inner), lines};
}

/** How many rows fit, and the furthest the list can scroll. */
export function helpWindow(lineCount: number, bodyRows: number, aboutRows: number): {visible: number; maxOffset: number} {
	const visible = Math.max(1, bodyRows - FRAME_ROWS - aboutRows);
	return {visible, maxOffset: Math.max(0, lineCount - visible)};
}

/** Every row the help shows: the screen's, then the shell's (a screen's own Esc row replaces the shell's). */
export function helpRowsWithGlobals(screen: readonly KeyHelp[]): KeyHelp[] {
	const ownEsc = screen.some((row) => row.keys === 'Esc');
	return [...screen, ...GLOBAL_KEYS.filter((row) => !(ownEsc && row.keys === 'Esc'))];
}

export function HelpOverlay(props: {title: string; layout: HelpLayout; offset: number; bodyRows: number; accent?: string}) {
	const {title, layout, bodyRows, accent} = props;
	const {visible, maxOffset} = helpWindow(layout.lines.length, bodyRows, layout.about.length);
	const offset = Math.min(Math.max(0, props.offset), maxOffset);
	const shown = layout.lines.slice(offset, offset + visible);
	const below = layout.lines.length - offset - shown.length;
	const last =
		maxOffset === 0
			? 'Esc or ? closes this help'
			: [offset > 0 ? `↑ ${offset} above` : '', below > 0 ? `↓ ${below} more` : '', '↑/↓ scroll · Esc closes'].filter(Boolean).join(' · ');
	return (
		<Box flexDirection="column" borderStyle="round" paddingX={1} flexShrink={0}>
			<Text bold color={accent} wrap="truncate">
				Keys — {title}
			</Text>
			{layout.about.map((line, i) => (
				<Text key={`about${i}`} wrap="truncate">
					{line}
				</Text>
			))}
			{shown.map((line, i) => (
				<Text key={offset + i} wrap="truncate">
					{line}
				</Text>
			))}
			<Text dimColor wrap="truncate">
				{last}
			</Text>
		</Box>
	);
}

/** `text` padded to `width` columns (counted in characters: the key labels are arrows, letters and words). */
function pad(text: string, width: number): string {
	return text.padEnd(width + text.length - [...text].length);
}
