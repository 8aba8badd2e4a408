// The end of every money review: why the last attempt moved nothing, the warning before a second request of values
// whose outcome is unknown, and the y/N question. Its keys are money-review-bindings.ts's.
import React from 'react';
import {Box, Text} from 'ink';
import {describeError} from '../../format/describe-error.js';
import type {Theme} from '../theme.js';

export interface ReviewQuestionProps {
	/** The server's refusal of the last attempt (or why nothing was sent). */
	refusal?: unknown;
	/** After the refusal: "Nothing was borrowed." */
	nothingDone: string;
	/** These exact values were sent before with an unknown outcome: one more y is needed. */
	confirmAgain: boolean;
	/** What may already have happened: "a loan may already exist". */
	mayExist: string;
	/** "Borrow? [y/N]" */
	question: string;
	theme: Theme;
}

export function ReviewQuestion({refusal, nothingDone, confirmAgain, mayExist, question, theme}: ReviewQuestionProps) {
	return (
		<>
			{refusal ? (
				<Text wrap="wrap" color={theme.bad}>
					✗ {refusalLine(refusal)}. {nothingDone}
				</Text>
			) : null}
			{confirmAgain ? (
				<Box flexDirection="column">
					<Text wrap="wrap" color={theme.warn} bold>
						⚠ These exact values were sent before and the outcome is unknown: {mayExist}.
					</Text>
					<Text wrap="wrap" color={theme.warn} bold>
						Press y again to send a second request, n to go back.
					</Text>
				</Box>
			) : null}
			<Text wrap="truncate" bold color={theme.accent}>
				{question}
			</Text>
		</>
	);
}

/** Short enough to leave the question on screen in a 60x16 terminal: "Refused: 43012 Insufficient balance (HTTP 400)". */
function refusalLine(error: unknown): string {
	const view = describeError(error);
	if (!view.detail) return view.title;
	return `${view.title === 'The server refused the request' ? 'Refused' : view.title}: ${view.detail}`;
}
