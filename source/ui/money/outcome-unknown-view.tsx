// The outcome-unknown box every money screen shows: the same lines as the command line's report
// (operations/outcome-words.ts), the check's progress while it reads, and what sending again takes.
import React from 'react';
import {Box, Text} from 'ink';
import type {OutcomeUnknownError} from '../../api/errors.js';
import type {CheckState} from '../../operations/money-post.js';
import {checkingLine, unknownLines} from '../../operations/outcome-words.js';
import type {SentValues} from '../../operations/money-pipeline.js';
import {Spinner} from '../components/spinner.js';
import type {Theme} from '../theme.js';

export interface OutcomeUnknownViewProps {
	/** The post's state once its outcome is unknown (operations/money-post.ts). */
	post: {failure?: OutcomeUnknownError; sent?: SentValues; check: CheckState; recorded?: boolean};
	checkMs: number;
	theme: Theme;
}

export function OutcomeUnknownView({post, checkMs, theme}: OutcomeUnknownViewProps) {
	const {failure, sent, check} = post;
	if (!failure || !sent) return null;
	const recorded = post.recorded === true;
	const [headline, ...lines] = unknownLines({error: failure, sent, check: check.status === 'done' ? check.result : undefined, recorded});
	return (
		<Box flexDirection="column" borderStyle="double" borderColor={theme.warn} paddingX={1}>
			<Text bold color={theme.warn} wrap="wrap">
				⚠ {headline}
			</Text>
			{lines.map((line, index) => (
				<Text key={index} wrap="wrap">
					{line}
				</Text>
			))}
			{check.status === 'checking' ? <Spinner label={checkingLine(checkMs, check.finding)} color={theme.accent} /> : null}
			<Text wrap="wrap">{failure.hint} Sending the same values again needs the review and a second, explicit y.</Text>
		</Box>
	);
}
