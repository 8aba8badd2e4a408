// A labelled text field with its validation message under it and optional coin suggestions. Only a view: the
// screen's reducer holds value and cursor and applies the keys (see text-editing.ts).
import React from 'react';
import {Box, Text} from 'ink';
import {TextInput} from '../components/text-input.js';
import {SuggestionList} from './suggestion-list.js';
import type {Theme} from '../theme.js';

export interface TextFieldProps {
	label: string;
	value: string;
	cursor: number;
	focused: boolean;
	theme: Theme;
	placeholder?: string;
	/** Masks a secret; the value is never rendered. */
	secret?: boolean;
	/** The value is selected: typing replaces it (text-field-state.ts). */
	selected?: boolean;
	error?: string;
	suggestions?: string[];
	highlighted?: number;
	labelWidth?: number;
}

export function TextField(props: TextFieldProps) {
	const {label, value, cursor, focused, theme, error, suggestions = [], highlighted = -1, labelWidth = 14} = props;
	return (
		<Box flexDirection="column">
			<Text wrap="truncate">
				<Text color={focused ? theme.accent : undefined} bold={focused}>
					{focused ? '› ' : '  '}
					{label.padEnd(labelWidth)}
				</Text>
				<TextInput
					value={value}
					cursor={cursor}
					focused={focused}
					placeholder={props.placeholder}
					mask={props.secret ? '•' : undefined}
					selected={props.selected}
				/>
			</Text>
			{focused ? <SuggestionList suggestions={suggestions} highlighted={highlighted} color={theme.accent} indent={labelWidth} /> : null}
			{/* Wrapped under the value, never cut: the end of a message is often the part that says what to do. */}
			{error ? (
				<Box marginLeft={labelWidth + 2}>
					<Text wrap="wrap" color={theme.bad}>
						✗ {error}
					</Text>
				</Box>
			) : null}
		</Box>
	);
}
