// How a form screen's keys become reducer actions: Enter submits, ↑/↓ move a selection (suggested coin or
// choice), everything else is a text edit. One place, so every form behaves the same.
import type {Key} from '../keys/parse-key.js';
import {textEditFor, type TextEdit} from './text-editing.js';

/** A text field: Enter → submit, ↑/↓ → suggestion (when offered), other keys → edit. */
export function routeTextKey(input: string, key: Key, on: {submit(): void; suggest?(by: number): void; edit(edit: TextEdit): void}): void {
	if (key.return) return on.submit();
	if ((key.upArrow || key.downArrow) && on.suggest) return on.suggest(key.upArrow ? -1 : 1);
	const edit = textEditFor(input, key);
	if (edit) on.edit(edit);
}
