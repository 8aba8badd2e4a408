import {useReducer} from 'react';
import type {Key} from '../keys/parse-key.js';
import {choiceKeyFor, nextChoice, type ChoiceMove} from './choice-field.js';

export interface ChoiceField {
	selected: number;
	/** Moves on ↑/↓ j/k; on Enter calls `onChoose` with the selection, on a digit with that item. */
	onKey(input: string, key: Key): void;
	select(index: number): void;
}

/** A choice field that is the screen's whole state (a menu): `onChoose` runs for Enter or a digit. */
export function useChoiceField(count: number, onChoose: (index: number) => void, initial = 0): ChoiceField {
	const [selected, move] = useReducer((current: number, change: ChoiceMove) => nextChoice(current, count, change), initial);
	return {
		selected: Math.min(selected, Math.max(0, count - 1)),
		onKey(input, key) {
			const choice = choiceKeyFor(input, key);
			if (!choice) return;
			if (choice.type === 'submit') return onChoose(Math.min(selected, count - 1));
			if (choice.type === 'pick') {
				if (choice.index >= count) return;
				move(choice);
				return onChoose(choice.index);
			}
			move(choice);
		},
		select: (index) => move({type: 'pick', index}),
	};
}
