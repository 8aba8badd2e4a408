import React from 'react';
import {Box, Text} from 'ink';
import {describeError} from '../../format/describe-error.js';

/** A failure as a person reads it: what happened, code and msg, what to do next. Never a stack trace. Every line
 * wraps (indented under the first) rather than being cut: the end is often the part that says what to do. */
export function ErrorMessage({error, color, action}: {error: unknown; color?: string; action?: string}) {
	const view = describeError(error);
	return (
		<Box flexDirection="column">
			<Text color={color} bold wrap="wrap">
				✗ {view.title}
			</Text>
			<Box flexDirection="column" marginLeft={2}>
				{view.detail ? <Text wrap="wrap">{view.detail}</Text> : null}
				{view.hint ? <Text wrap="wrap">{view.hint}</Text> : null}
				{action ? <Text wrap="wrap">{action}</Text> : null}
			</Box>
		</Box>
	);
}
