// A one-line text field as plain state: value and cursor, changed by keys, pastes and whole values. Screens keep
// one of these per field (or delegate to it from their own reducer) and render it with text-field.tsx.
import {applyTextEdit, atEnd, pasteEdit, type TextEdit, type TextState} from './text-editing.js';

export type TextFieldState = TextState;

export type TextFieldAction = {type: 'edit'; edit: TextEdit} | {type: 'set'; value: string};

export function textFieldReducer(state: TextFieldState, action: TextFieldAction): TextFieldState {
	const next = action.type === 'set' ? atEnd(action.value) : applyTextEdit(state, action.edit);
	return next.value === state.value && next.cursor === state.cursor ? state : next;
}

/** A paste as the field's action: its text, trimmed, line breaks as spaces. */
export function textFieldPaste(text: string): TextFieldAction | undefined {
	const edit = pasteEdit(text);
	return edit && {type: 'edit', edit};
}
