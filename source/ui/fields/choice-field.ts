// A choice among a few items (menu, period, amount mode, where to keep credentials) as plain state: the selected
// index. Its keys are rows of its screen's table (field-bindings.ts); the screen decides what Enter does.

export type ChoiceMove = {type: 'cycle'; by: number} | {type: 'pick'; index: number};
/** The next selection within `count` items: cycling wraps, a pick out of range keeps the selection. */
export function nextChoice(current: number, count: number, move: ChoiceMove): number {
	if (count <= 0) return 0;
	if (move.type === 'pick') return move.index < count ? move.index : current;
	return (current + move.by + count) % count;
}
