// A vertical list of choices whose selection lives in the screen's reducer. Used where the choice decides what
// is sent (period, amount mode): keys go through the router into the reducer, so "↓ then Enter" typed faster
// than a render still picks what the person saw. (ink-select-input applies Enter to the selection of its
// last render; it is kept for the navigation menus, where a stale pick only opens another screen.)
import React from 'react';
import {Box, Text} from 'ink';
import type {Key} from 'ink';

export interface Choice<T> {
	label: string;
	value: T;
}

export function ChoiceList<T>({choices, selected, focused, color}: {choices: readonly Choice<T>[]; selected: number; focused: boolean; color?: string}) {
	return (
		<Box flexDirection="column">
			{choices.map((choice, i) => (
				<Text key={String(choice.value)} wrap="truncate" color={i === selected && focused ? color : undefined} bold={i === selected}>
					{i === selected ? '❯ ' : '  '}
					{choice.label}
				</Text>
			))}
		</Box>
	);
}

export type ChoiceKey = {type: 'cycle'; by: number} | {type: 'pick'; index: number} | {type: 'submit'};

/** ↑/↓ and k/j move, a digit picks that item, Enter submits. */
export function choiceKeyFor(input: string, key: Key): ChoiceKey | undefined {
	if (key.upArrow || input === 'k') return {type: 'cycle', by: -1};
	if (key.downArrow || input === 'j') return {type: 'cycle', by: 1};
	if (key.return) return {type: 'submit'};
	if (/^[1-9]$/.test(input)) return {type: 'pick', index: Number(input) - 1};
	return undefined;
}

/** The next selection within `count` items: cycling wraps, a pick out of range keeps the selection. */
export function nextChoice(current: number, count: number, move: {type: 'cycle'; by: number} | {type: 'pick'; index: number}): number {
	if (move.type === 'pick') return move.index < count ? move.index : current;
	return (current + move.by + count) % count;
}
