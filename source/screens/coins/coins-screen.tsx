// The Coins screen: what can be borrowed and pledged (coinInfos), as `loan-tui coins` prints it: the official
// hourly rate and APR per period with the min and max amounts, and each pledge coin's LTVs. Scrolls when taller
// than the terminal; Ctrl+R reads again. State and actions: use-coins.ts; keys: keys.ts.
import React from 'react';
import {Box, Text} from 'ink';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useServices} from '../../ui/services.js';
import {coinsBindings} from './keys.js';
import {useCoins} from './use-coins.js';

export function CoinsScreen() {
	const {theme} = useServices();
	const {state, actions} = useCoins();
	const {read, shown, top} = state;
	useScreenInput({
		mode: 'navigate',
		// Keys typed before the first answer (a page down) act once the tables show.
		loading: read.status === 'idle' || read.status === 'loading',
		bindings: coinsBindings(state, actions),
	});

	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="wrap">
				Coins · what can be borrowed and pledged
				{state.updated === undefined ? null : (
					<Text bold={false} color={undefined} dimColor>
						{state.updated}
					</Text>
				)}
			</Text>
			{state.failedText === undefined ? null : (
				<Text color={theme.bad} wrap="wrap">
					{state.failedText}
				</Text>
			)}
			{read.status === 'error' ? (
				<ErrorMessage error={read.error} color={theme.bad} action="Ctrl+R to retry" />
			) : read.status !== 'ready' ? (
				<Spinner label="Reading the loanable and pledgeable coins…" color={theme.accent} />
			) : (
				<>
					{shown.map((line, i) => (
						<Text key={i} wrap="truncate" bold={line.kind === 'title'} dimColor={line.kind === 'header'}>
							{line.text || ' '}
						</Text>
					))}
					{state.scrolls ? (
						<Text dimColor wrap="truncate">
							lines {top + 1}-{top + shown.length - state.sticky} of {state.lines.length}
						</Text>
					) : null}
				</>
			)}
		</Box>
	);
}
