import React from 'react';
import {Text} from 'ink';
import {sanitize} from '../../format/sanitize.js';
import type {Theme} from '../../ui/theme.js';

export function StatusLine({connectedTo, lastError, theme}: {connectedTo: string; lastError?: string; theme: Theme}) {
	const where = connectedTo === 'demo' ? 'demo (embedded simulator)' : connectedTo;
	return (
		<Text wrap="truncate">
			<Text color={theme.accent} bold>
				loan-tui
			</Text>
			<Text> · {where}</Text>
			{lastError ? <Text color={theme.bad}> · error: {sanitize(lastError)}</Text> : null}
		</Text>
	);
}
