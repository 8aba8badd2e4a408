// How a form screen's keys become reducer actions: Enter submits, ↑/↓ move a selection (suggested coin or
// choice), everything else is a text edit. One place, so every form behaves the same.
import type {Key} from '../keys/parse-key.js';
import {choiceKeyFor} from './choice-field.js';
import {textEditFor, type TextEdit} from './text-editing.js';

type Move = {type: 'cycle'; by: number} | {type: 'pick'; index: number};

/** A text field: Enter → submit, ↑/↓ → suggestion (when offered), other keys → edit. */
export function routeTextKey(input: string, key: Key, on: {submit(): void; suggest?(by: number): void; edit(edit: TextEdit): void}): void {
	if (key.return) return on.submit();
	if ((key.upArrow || key.downArrow) && on.suggest) return on.suggest(key.upArrow ? -1 : 1);
	const edit = textEditFor(input, key);
	if (edit) on.edit(edit);
}

/** A choice list: Enter → submit, ↑/↓ j/k digits → move. */
export function routeChoiceKey(input: string, key: Key, on: {submit(): void; move(move: Move): void}): void {
	const choice = choiceKeyFor(input, key);
	if (choice?.type === 'submit') on.submit();
	else if (choice) on.move(choice);
}
