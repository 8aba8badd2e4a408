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

/**
 * `keys` shows beside each item the key that picks it: 'numbers' for a list that takes digits by position (1, 2, …),
 * or one key per item (the period's 7, 3, f).
 */
export function ChoiceList<T>({choices, selected, focused, color, keys}: {choices: readonly Choice<T>[]; selected: number; focused: boolean; color?: string; keys?: 'numbers' | readonly string[]}) {
	const keyOf = (i: number) => (keys === 'numbers' ? (i < 9 ? String(i + 1) : ' ') : keys?.[i]);
	return (
		<Box flexDirection="column">
			{choices.map((choice, i) => (
				<Text key={`${i}:${String(choice.value)}`} wrap="truncate" color={i === selected && focused ? color : undefined} bold={i === selected}>
					{keys ? <Text dimColor={i !== selected}>{`${keyOf(i) ?? ' '} `}</Text> : null}
					{i === selected ? '❯ ' : '  '}
					{choice.label}
				</Text>
			))}
		</Box>
	);
}
