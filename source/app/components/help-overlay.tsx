import React from 'react';
import {Box, Text} from 'ink';
import {GLOBAL_KEYS, type KeyHelp} from '../../ui/keys/key-help.js';

export function HelpOverlay({title, about, keys, accent}: {title: string; about?: string; keys: KeyHelp[]; accent?: string}) {
	const all = [...keys, ...GLOBAL_KEYS];
	const width = Math.max(...all.map((key) => key.keys.length));
	return (
		<Box flexDirection="column" borderStyle="round" paddingX={1}>
			<Text bold color={accent} wrap="truncate">
				Keys — {title}
			</Text>
			{about ? <Text wrap="truncate">{about}</Text> : null}
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
