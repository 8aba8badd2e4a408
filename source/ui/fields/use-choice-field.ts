import {useReducer} from 'react';
import {nextChoice, type ChoiceMove} from './choice-field.js';

export interface ChoiceField {
	selected: number;
	/** One item up (-1) or down (1), wrapping. */
	move(by: number): void;
	/** Calls `onChoose` with the selection (Enter). */
	choose(): void;
	/** Selects that item and calls `onChoose` with it (a digit); an item that is not there does nothing. */
	pick(index: number): void;
	select(index: number): void;
}

/** A choice field that is the screen's whole state (a menu): `onChoose` runs for Enter or a digit. */
export function useChoiceField(count: number, onChoose: (index: number) => void, initial = 0): ChoiceField {
	const [selected, move] = useReducer((current: number, change: ChoiceMove) => nextChoice(current, count, change), initial);
	const clamped = Math.min(selected, Math.max(0, count - 1));
	return {
		selected: clamped,
		move: (by) => move({type: 'cycle', by}),
		choose: () => {
			if (count > 0) onChoose(clamped);
		},
		pick(index) {
			if (index < 0 || index >= count) return;
			move({type: 'pick', index});
			onChoose(index);
		},
		select: (index) => move({type: 'pick', index}),
	};
}
