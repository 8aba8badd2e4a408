// A choice among a few items (menu, period, amount mode, where to keep credentials) as plain state: the selected
// index. Keys map to moves; the screen decides what Enter does.
import type {Key} from '../keys/parse-key.js';

export type ChoiceMove = {type: 'cycle'; by: number} | {type: 'pick'; index: number};
export type ChoiceKey = ChoiceMove | {type: 'submit'};

/** ↑/↓ and k/j move, a digit picks that item, Enter submits. */
export function choiceKeyFor(input: string, key: Key): ChoiceKey | undefined {
	if (key.upArrow || input === 'k') return {type: 'cycle', by: -1};
	if (key.downArrow || input === 'j') return {type: 'cycle', by: 1};
	if (key.return) return {type: 'submit'};
	if (/^[1-9]$/.test(input)) return {type: 'pick', index: Number(input) - 1};
	return undefined;
}

/** The next selection within `count` items: cycling wraps, a pick out of range keeps the selection. */
export function nextChoice(current: number, count: number, move: ChoiceMove): number {
	if (count <= 0) return 0;
	if (move.type === 'pick') return move.index < count ? move.index : current;
	return (current + move.by + count) % count;
}
