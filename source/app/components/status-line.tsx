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

/** At most two lines in all (the second may end in "…"): the status line must not push the screen off the terminal. */
function twoLines(text: string, width: number, used: number): string {
	const room = Math.max(0, 2 * width - used);
	return [...text].length <= room ? text : `${[...text].slice(0, Math.max(0, room - 1)).join('')}…`;
}
