import React from 'react';
import {Box, Text} from 'ink';
import {describeError} from '../describe-error.js';

/** A failure as a person reads it: what happened, code and msg, what to do next. Never a stack trace. */
export function ErrorMessage({error, color, action}: {error: unknown; color?: string; action?: string}) {
	const view = describeError(error);
	return (
		<Box flexDirection="column">
			<Text color={color} bold wrap="truncate">
				✗ {view.title}
			</Text>
			{view.detail ? <Text wrap="truncate">  {view.detail}</Text> : null}
			{view.hint ? <Text wrap="truncate">  {view.hint}</Text> : null}
			{action ? <Text wrap="truncate">  {action}</Text> : null}
		</Box>
	);
}
