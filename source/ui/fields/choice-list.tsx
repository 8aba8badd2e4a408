// The choice field's view (state: choice-field.ts, hook: use-choice-field.ts): a vertical list of choices whose
// selection lives in the screen's state: menus, period, amount mode, where to keep credentials. Keys reach it only through the screen's handler, one at a time against the latest state, so
// "↓ ↓ Enter" in one burst picks the third item. (ink-select-input, used here before, listened to stdin itself and
// applied Enter to the selection of its last render: under load ↓↓⏎ on home opened Estimate instead of Borrow.)
import React from 'react';
import {Box, Text} from 'ink';
import {wrapLines} from '../../format/wrap.js';

export interface Choice<T> {
	label: string;
	value: T;
}

/**
 * `keys` shows beside each item the key that picks it: 'numbers' for a list that takes digits by position (1, 2, …),
 * or one key per item (the period's 7, 3, f). With `width`, a label longer than the line wraps at whole words under
 * its own start (never cut); without it, the list is one line an item (menus whose rows are counted).
 */
type ChoiceKeys = 'numbers' | readonly string[];

/** Columns before a label: its key, if any, and the selection mark. */
const leadOf = (keys: ChoiceKeys | undefined) => (keys ? 2 : 0) + 2;
const labelRows = (label: string, keys: ChoiceKeys | undefined, width: number | undefined) =>
	width === undefined ? [label] : wrapLines(label, Math.max(1, width - leadOf(keys)));

/** The rows a ChoiceList of these choices takes at `width` (a screen sizes what else it shows by it). */
export function choiceListRows(choices: readonly Choice<unknown>[], keys: ChoiceKeys | undefined, width: number | undefined): number {
	return choices.reduce((rows, choice) => rows + labelRows(choice.label, keys, width).length, 0);
}

export function ChoiceList<T>({
	choices,
	selected,
	focused,
	color,
	keys,
	width,
}: {
	choices: readonly Choice<T>[];
	selected: number;
	focused: boolean;
	color?: string;
	keys?: ChoiceKeys;
	width?: number;
}) {
	const keyOf = (i: number) => (keys === 'numbers' ? (i < 9 ? String(i + 1) : ' ') : keys?.[i]);
	const lead = leadOf(keys);
	const rowsOf = (label: string) => labelRows(label, keys, width);
	return (
		<Box flexDirection="column">
			{choices.map((choice, i) =>
				rowsOf(choice.label).map((row, r) => (
					<Text key={`${i}:${String(choice.value)}:${r}`} wrap="truncate" color={i === selected && focused ? color : undefined} bold={i === selected}>
						{r > 0 ? ' '.repeat(lead) : null}
						{r === 0 && keys ? <Text dimColor={i !== selected}>{`${keyOf(i) ?? ' '} `}</Text> : null}
						{r === 0 ? (i === selected ? '❯ ' : '  ') : null}
						{row}
					</Text>
				)),
			)}
		</Box>
	);
}
