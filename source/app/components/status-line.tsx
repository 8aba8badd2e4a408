import React from 'react';
import {Text} from 'ink';
import {sanitize} from '../../format/sanitize.js';
import type {Theme} from '../../ui/theme.js';

/** The top line: where the app is connected and the last error, which wraps onto a second line rather than being cut. */
export function StatusLine({connectedTo, lastError, theme, width}: {connectedTo: string; lastError?: string; theme: Theme; width: number}) {
	// With an error to tell, the connection takes its short form so the error keeps the room.
	const where = connectedTo === 'demo' ? (lastError ? 'demo' : 'demo (embedded simulator)') : connectedTo;
	const prefix = `loan-tui · ${where}`;
	const error = lastError ? twoLines(` · ✗ ${sanitize(lastError)}`, width, prefix.length) : undefined;
	return (
		<Text wrap="wrap">
			<Text color={theme.accent} bold>
				loan-tui
			</Text>
			<Text> · {where}</Text>
			{error ? <Text color={theme.bad}>{error}</Text> : null}
		</Text>
	);
}

/** At most two lines in all, as the terminal wraps them (at spaces, as Ink does): the status line must not push the
 * screen off the terminal. What does not fit ends after the last whole word that does, with "…" (the screen the
 * error came from shows it whole). */
function twoLines(text: string, width: number, used: number): string {
	if (width <= 0 || fitsIn(text, width, used, 2)) return text;
	let kept = '';
	for (const word of text.split(/(?<= )/)) {
		const next = kept + word;
		if (!fitsIn(`${next.trimEnd()} …`, width, used, 2)) break;
		kept = next;
	}
	return `${kept.trimEnd()} …`;
}

/** Whether `text`, from column `used`, wraps onto at most `lines` lines: at spaces, a word longer than a line broken
 * where the line ends. */
function fitsIn(text: string, width: number, used: number, lines: number): boolean {
	let line = 1;
	let column = used;
	for (const word of text.split(/(?<= )/)) {
		const visible = [...word.trimEnd()].length;
		const spaces = [...word].length - visible;
		if (column > 0 && column + visible > width) {
			line++;
			column = 0;
		}
		if (column + visible > width) {
			const more = Math.ceil(visible / width) - 1;
			line += more;
			column = visible - more * width;
		} else {
			column += visible;
		}
		// A space after a word that ends the line starts the next one (Ink keeps it there).
		if (column >= width && spaces > 0) {
			line++;
			column = 0;
		}
		column += spaces;
		if (line > lines) return false;
	}
	return true;
}
