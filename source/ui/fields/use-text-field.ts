// The text field's input hook. It subscribes to nothing (the keypress layer hands every key to exactly one screen
// handler): the field's rows go into its screen's key table, and the field turns keys and pastes into edits of the
// value the screen keeps in its reducer. Enter submits, ↑/↓ move a suggestion when the field offers them; keys and a
// paste are the field's only while it has focus.
import {useMemo, useRef} from 'react';
import type {Binding} from '../keys/binding.js';
import {textBindings} from './field-bindings.js';
import {pasteEdit, type TextEdit} from './text-editing.js';

export interface TextFieldOptions {
	/** Whether the field has focus now: without it, keys and pastes are not the field's. */
	focused: boolean;
	edit(edit: TextEdit): void;
	submit(): void;
	suggest?(by: number): void;
}

export interface TextFieldInput {
	/** True when the paste went into the field. */
	onPaste(text: string): boolean;
	/** The field's rows for its screen's key table (field-bindings.ts); none while it has no focus. */
	bindings(words: {submit: string; suggestion?: string; footer?: number}): Binding[];
}

export function useTextField(options: TextFieldOptions): TextFieldInput {
	// Handlers stay the same object across renders and always act on the latest options.
	const latest = useRef(options);
	latest.current = options;
	return useMemo(
		() => ({
			onPaste(text) {
				const edit = latest.current.focused ? pasteEdit(text) : undefined;
				if (edit) latest.current.edit(edit);
				return edit !== undefined;
			},
			bindings(words) {
				if (!latest.current.focused) return [];
				// Each handler reads the latest options when its key comes.
				const on = latest.current;
				return textBindings(
					{
						submit: () => latest.current.submit(),
						...(on.suggest ? {suggest: (by: number) => latest.current.suggest?.(by)} : {}),
						edit: (edit) => latest.current.edit(edit),
					},
					words,
				);
			},
		}),
		[],
	);
}
