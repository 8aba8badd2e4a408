// A one-line text field as plain state: value and cursor, changed by keys, pastes and whole values. Screens keep
// one of these per field (or delegate to it from their own reducer) and render it with text-field.tsx.
//
// A value the field was given rather than typed (remembered from the last visit, carried from another screen) is
// `selected`, shown inverse, and steps aside: the first character typed (or a paste) replaces it, Enter keeps it,
// →/End (or ←/Home) start editing it with the cursor at that end, Backspace edits it from its end (USDT → USD),
// Ctrl+W and Ctrl+U clear it.
import {applyTextEdit, atEnd, pasteEdit, type TextEdit, type TextState} from './text-editing.js';

export interface TextFieldState extends TextState {
	/** The whole value is selected: typing replaces it. */
	selected?: boolean;
}

export type TextFieldAction = {type: 'edit'; edit: TextEdit} | {type: 'set'; value: string};

export function textFieldReducer(state: TextFieldState, action: TextFieldAction): TextFieldState {
	if (state.selected) return {...(action.type === 'set' ? atEnd(action.value) : editSelected(state, action.edit)), selected: false};
	const next = action.type === 'set' ? atEnd(action.value) : applyTextEdit(state, action.edit);
	return next.value === state.value && next.cursor === state.cursor ? state : next;
}

/** An edit of a selected value: typing replaces it, deleting clears it, moving lands at that end and edits it. */
function editSelected(state: TextFieldState, edit: TextEdit): TextState {
	switch (edit.op) {
		case 'insert':
			return applyTextEdit({value: '', cursor: 0}, edit);
		case 'backspace':
			return applyTextEdit(atEnd(state.value), edit);
		case 'delete-word':
		case 'clear':
			return {value: '', cursor: 0};
		case 'left':
		case 'start':
		case 'word-left':
			return {value: state.value, cursor: 0};
		case 'right':
		case 'end':
		case 'word-right':
			return atEnd(state.value);
	}
}

/** A field arrived at with this value: at its end, selected when there is one (so typing replaces it). */
export function arrivedAt(value: string): Required<TextFieldState> {
	return {...atEnd(value), selected: value !== ''};
}

/** A paste as the field's action: its text, trimmed, line breaks as spaces. */
export function textFieldPaste(text: string): TextFieldAction | undefined {
	const edit = pasteEdit(text);
	return edit && {type: 'edit', edit};
}
