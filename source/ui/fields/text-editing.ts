// Editing a one-line text field, as pure functions. Keys become edits, and edits are applied by the screen's
// reducer to its own current state. Nothing reads a value captured at render time, so keys that arrive faster
// than React re-renders are never lost. (ink-text-input applies keys to the value of its last render, and
// dropped characters under load: a lost digit in an amount is a money bug.)
import type {Key} from '../keys/parse-key.js';

export type TextEdit =
	| {op: 'insert'; text: string}
	| {op: 'backspace'}
	| {op: 'delete-word'}
	| {op: 'clear'}
	| {op: 'left'}
	| {op: 'right'}
	| {op: 'word-left'}
	| {op: 'word-right'}
	| {op: 'start'}
	| {op: 'end'};

export interface TextState {
	value: string;
	cursor: number;
}

export const MAX_FIELD_LENGTH = 256;

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The edit a key makes in a text field, or undefined when the key is not for the field. The keys are readline's:
 * Home/Ctrl+A and End/Ctrl+E to the start and end, Alt+B/Alt+F a word back and forward, Ctrl+W deletes the word
 * before the cursor, Ctrl+U clears. (A screen whose list owns Home/End names them in earlier rows of its table.)
 */
export function textEditFor(input: string, key: Key): TextEdit | undefined {
	if (key.ctrl && input === 'u') return {op: 'clear'};
	if (key.ctrl && input === 'w') return {op: 'delete-word'};
	if (key.ctrl && input === 'a') return {op: 'start'};
	if (key.ctrl && input === 'e') return {op: 'end'};
	if (key.meta && !key.escape && input === 'b') return {op: 'word-left'};
	if (key.meta && !key.escape && input === 'f') return {op: 'word-right'};
	if (key.backspace || key.delete) return {op: 'backspace'};
	if (key.home) return {op: 'start'};
	if (key.end) return {op: 'end'};
	if (key.leftArrow) return {op: 'left'};
	if (key.rightArrow) return {op: 'right'};
	if (key.ctrl || key.meta || key.escape || key.return || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown) return undefined;
	const text = input.replace(CONTROL, '');
	return text === '' ? undefined : {op: 'insert', text};
}

export function applyTextEdit(state: TextState, edit: TextEdit): TextState {
	const {value} = state;
	const cursor = Math.min(Math.max(state.cursor, 0), value.length);
	switch (edit.op) {
		case 'insert': {
			const room = MAX_FIELD_LENGTH - value.length;
			const text = edit.text.replace(CONTROL, '').slice(0, Math.max(0, room));
			return {value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length};
		}
		case 'backspace':
			return cursor === 0 ? {value, cursor} : {value: value.slice(0, cursor - 1) + value.slice(cursor), cursor: cursor - 1};
		case 'delete-word': {
			const before = value.slice(0, cursor).replace(/\S+\s*$/, '');
			return {value: before + value.slice(cursor), cursor: before.length};
		}
		case 'clear':
			return {value: '', cursor: 0};
		case 'left':
			return {value, cursor: Math.max(0, cursor - 1)};
		case 'right':
			return {value, cursor: Math.min(value.length, cursor + 1)};
		case 'word-left':
			return {value, cursor: value.slice(0, cursor).replace(/[A-Za-z0-9]*[^A-Za-z0-9]*$/, '').length};
		case 'word-right': {
			const rest = /^[^A-Za-z0-9]*[A-Za-z0-9]*/.exec(value.slice(cursor))![0];
			return {value, cursor: cursor + rest.length};
		}
		case 'start':
			return {value, cursor: 0};
		case 'end':
			return {value, cursor: value.length};
	}
}

/** The edit a paste makes: its text, trimmed, with line breaks as spaces (a one-line field never takes a newline
 * as Enter; "1\n2" must not become the amount 12, and the spaces make the field's check refuse it). */
export function pasteEdit(text: string): TextEdit | undefined {
	const line = text.trim().replace(/[\r\n]+/g, ' ');
	return line === '' ? undefined : {op: 'insert', text: line};
}

/** A field whose value was set whole (completion, prefill) gets its cursor at the end. */
export function atEnd(value: string): TextState {
	return {value, cursor: value.length};
}
