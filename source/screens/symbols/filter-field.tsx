import React from 'react';
import {Text} from 'ink';
import {sanitize} from '../../format/sanitize.js';
import type {Theme} from '../../ui/theme.js';

/** The filter line with a visible cursor. Driven by the explorer's reducer (Ctrl+U, Ctrl+W, Home/End stay the list's). */
export function FilterField({query, cursor, focused, theme}: {query: string; cursor: number; focused: boolean; theme: Theme}) {
	const text = sanitize(query);
	const before = text.slice(0, cursor);
	const at = text.slice(cursor, cursor + 1) || ' ';
	const after = text.slice(cursor + 1);
	return (
		<Text wrap="truncate">
			<Text color={theme.accent} bold>
				{focused ? '> ' : '  '}
			</Text>
			{focused ? (
				<>
					{before}
					<Text inverse>{at}</Text>
					{after}
				</>
			) : (
				<Text dimColor>{text === '' ? 'filter (/ to type)' : text}</Text>
			)}
		</Text>
	);
}
