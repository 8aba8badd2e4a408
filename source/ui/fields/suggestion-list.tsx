// Coin suggestions as a vertical list: ↑/↓ move the mark, Enter takes the marked coin (or, unmarked, only a coin
// typed in full). The screen decides where the list goes: under the field, or beside a form so nothing below moves.
import React from 'react';
import {Box, Text} from 'ink';

export function SuggestionList({
	suggestions,
	highlighted,
	color,
	indent = 0,
}: {
	suggestions: readonly string[];
	highlighted: number;
	color?: string;
	indent?: number;
}) {
	if (suggestions.length === 0) return null;
	return (
		<Box flexDirection="column" marginLeft={indent}>
			{suggestions.map((coin, i) => (
				<Text key={coin} wrap="truncate" bold={i === highlighted} color={i === highlighted ? color : undefined} dimColor={i !== highlighted}>
					{i === highlighted ? '❯ ' : '  '}
					{coin}
				</Text>
			))}
		</Box>
	);
}
