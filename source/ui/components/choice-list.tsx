// A vertical list of choices whose selection lives in the screen's state: menus, period, amount mode, where to
// keep credentials. Keys reach it only through the screen's handler, one at a time against the latest state, so
// "↓ ↓ Enter" in one burst picks the third item. (ink-select-input, used here before, listened to stdin itself and
// applied Enter to the selection of its last render: under load ↓↓⏎ on home opened Estimate instead of Borrow.)
import React from 'react';
import {Box, Text} from 'ink';
import type {Key} from '../keys/parse-key.js';

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

export type ChoiceMove = {type: 'cycle'; by: number} | {type: 'pick'; index: number};
export type ChoiceKey = ChoiceMove | {type: 'submit'};

/** ↑/↓ and k/j move, a digit picks that item, Enter submits. */
export function choiceKeyFor(input: string, key: Key): ChoiceKey | undefined {
	if (key.upArrow || input === 'k') return {type: 'cycle', by: -1};
	if (key.downArrow || input === 'j') return {type: 'cycle', by: 1};
	if (key.return) return {type: 'submit'};
	if (/^[1-9]$/.test(input)) return {type: 'pick', index: Number(input) - 1};
	return undefined;
}

/** The next selection within `count` items: cycling wraps, a pick out of range keeps the selection. */
export function nextChoice(current: number, count: number, move: ChoiceMove): number {
	if (move.type === 'pick') return move.index < count ? move.index : current;
	return (current + move.by + count) % count;
}
