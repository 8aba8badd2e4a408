import React from 'react';
import {Box, Text} from 'ink';
import {GLOBAL_KEYS, type KeyHelp} from '../key-help.js';

export function HelpOverlay({title, keys, accent}: {title: string; keys: KeyHelp[]; accent?: string}) {
	const all = [...keys, ...GLOBAL_KEYS];
	const width = Math.max(...all.map((key) => key.keys.length));
	return (
		<Box flexDirection="column" borderStyle="round" paddingX={1}>
			<Text bold color={accent} wrap="truncate">
				Keys — {title}
			</Text>
			{all.map((key) => (
				<Text key={key.keys + key.action} wrap="truncate">
					{key.keys.padEnd(width)}  {key.action}
				</Text>
			))}
			<Text dimColor wrap="truncate">
				Esc or ? closes this help
			</Text>
		</Box>
	);
}
