// The rows a field puts in its screen's key table (ui/keys/binding.ts), so every form names and handles its keys
// the same way: a choice list moves with ↑/↓ j/k and picks with a digit, a text field takes typing and its editing
// keys, Enter submits either.
import type {Binding} from '../keys/binding.js';
import type {ChoiceMove} from './choice-field.js';
import {textEditFor, type TextEdit} from './text-editing.js';

/** ↑/↓ j/k move, a digit picks that item, Enter submits. */
export function choiceBindings(on: {move(move: ChoiceMove): void; submit(): void}, words: {count: number; submit: string; footer?: number}): Binding[] {
	const footer = words.footer ?? 1;
	const last = Math.min(9, Math.max(1, words.count));
	// One item: nothing to move to or pick, only Enter.
	const several = words.count > 1;
	return [
		{
			keys: ['Up', 'k'],
			description: 'choose the one above',
			group: 'choose',
			footer: footer + 1,
			when: several,
			handler: () => on.move({type: 'cycle', by: -1}),
		},
		{
			keys: ['Down', 'j'],
			description: 'choose the one below',
			group: 'choose',
			footer: footer + 1,
			when: several,
			handler: () => on.move({type: 'cycle', by: 1}),
		},
		{keys: [`1-${last}`], description: 'choose that item', when: several, handler: (input) => on.move({type: 'pick', index: Number(input) - 1})},
		{keys: ['Enter'], description: words.submit, footer, handler: () => on.submit()},
	];
}

/** Enter submits, ↑/↓ move a suggestion (when offered), and the last row takes typing and the editing keys. */
export function textBindings(
	on: {submit(): void; suggest?(by: number): void; edit(edit: TextEdit): void},
	words: {submit: string; suggestion?: string; footer?: number},
): Binding[] {
	const footer = words.footer ?? 1;
	const rows: Binding[] = [{keys: ['Enter'], description: words.submit, footer, handler: () => on.submit()}];
	if (on.suggest) {
		const suggestion = words.suggestion ?? 'a suggested coin';
		rows.push(
			{keys: ['Up'], description: `${suggestion}: the one above`, group: suggestion, handler: () => on.suggest?.(-1)},
			{keys: ['Down'], description: `${suggestion}: the one below`, group: suggestion, handler: () => on.suggest?.(1)},
		);
	}
	rows.push(textRow(on.edit));
	return rows;
}

/** Typing, and the keys that edit a line. Comes last: it takes any key the rows before it did not. */
export function textRow(edit: (edit: TextEdit) => void): Binding {
	return {
		keys: ['text'],
		label: 'type',
		description: 'text; ←/→, Home/End (Ctrl+A/E) and Alt+B/F (a word) move; Backspace, Ctrl+W a word, Ctrl+U clear',
		handler: (input, key) => {
			const change = textEditFor(input, key);
			if (change) edit(change);
		},
	};
}
