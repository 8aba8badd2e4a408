// The choice field's view (state: choice-field.ts, hook: use-choice-field.ts): a vertical list of choices whose
// selection lives in the screen's state: menus, period, amount mode, where to keep credentials. Keys reach it only through the screen's handler, one at a time against the latest state, so
// "↓ ↓ Enter" in one burst picks the third item. (ink-select-input, used here before, listened to stdin itself and
// applied Enter to the selection of its last render: under load ↓↓⏎ on home opened Estimate instead of Borrow.)
import React from 'react';
import {Box, Text} from 'ink';

export interface Choice<T> {
	label: string;
	value: T;
}

export function ChoiceList<T>({choices, selected, focused, color}: {choices: readonly Choice<T>[]; selected: number; focused: boolean; color?: string}) {
	return (
		<Box flexDirection="column">
			{choices.map((choice, i) => (
				<Text key={`${i}:${String(choice.value)}`} wrap="truncate" color={i === selected && focused ? color : undefined} bold={i === selected}>
					{i === selected ? '❯ ' : '  '}
					{choice.label}
				</Text>
			))}
		</Box>
	);
}
