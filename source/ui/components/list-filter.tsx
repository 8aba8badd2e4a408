// The filter line of a list (Loans, History): "/" and what is typed, with a visible cursor while it has the keys,
// and how many rows it lets through.
import React from 'react';
import {Text} from 'ink';
import {sanitize} from '../../format/sanitize.js';
import type {Theme} from '../theme.js';

export function ListFilter({
	query,
	cursor,
	focused,
	shown,
	total,
	theme,
}: {
	query: string;
	cursor: number;
	focused: boolean;
	shown: number;
	total: number;
	theme: Theme;
}) {
	const text = sanitize(query);
	return (
		<Text wrap="truncate">
			<Text color={theme.accent} bold>
				/{' '}
			</Text>
			{focused ? (
				<>
					{text.slice(0, cursor)}
					<Text inverse>{text.slice(cursor, cursor + 1) || ' '}</Text>
					{text.slice(cursor + 1)}
				</>
			) : (
				text
			)}
			<Text dimColor>
				{'  '}
				{shown} of {total}
				{focused ? ' · Enter: to the list · Esc: clear' : ' · / to change · Esc clears'}
			</Text>
		</Text>
	);
}
