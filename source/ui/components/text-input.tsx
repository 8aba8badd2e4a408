import React from 'react';
import {Text} from 'ink';
import {sanitize} from '../../format/sanitize.js';

export interface TextInputProps {
	value: string;
	cursor: number;
	focused: boolean;
	placeholder?: string;
	/** Shows one mask character per typed character; the value itself is never rendered. */
	mask?: string;
	/** The whole value is selected (typing replaces it): shown inverse, without a cursor. */
	selected?: boolean;
}

/** The view of a one-line text field: value (or mask), with an inverse block as the cursor when focused. */
export function TextInput({value, cursor, focused, placeholder = '', mask, selected}: TextInputProps) {
	const shown = mask ? mask.repeat(value.length) : sanitize(value);
	if (!focused) return shown === '' ? <Text dimColor>{placeholder}</Text> : <Text>{shown}</Text>;
	if (selected && shown !== '') return <Text inverse>{shown}</Text>;
	if (shown === '') {
		return (
			<Text>
				<Text inverse>{placeholder.slice(0, 1) || ' '}</Text>
				<Text dimColor>{placeholder.slice(1)}</Text>
			</Text>
		);
	}
	const at = Math.min(cursor, shown.length);
	return (
		<Text>
			{shown.slice(0, at)}
			<Text inverse>{shown.slice(at, at + 1) || ' '}</Text>
			{shown.slice(at + 1)}
		</Text>
	);
}
