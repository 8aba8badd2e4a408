// The queue of keys typed while the top screen cannot take them yet (source/ui/keys/key-queue.ts).
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {createKeyReader, type KeyEvent} from '../../source/ui/keys/key-reader.js';
import {takeNext, type KeyHold} from '../../source/ui/keys/key-queue.js';

const keys = (text: string): KeyEvent[] => {
	const reader = createKeyReader();
	return [...reader.push(text), ...reader.flush()];
};
const ESC = '\u001B';
const CTRL_C = '\u0003';
const names = (events: readonly KeyEvent[]) => events.map((event) => (event.type === 'key' ? event.sequence : `paste:${event.text}`)).join(',');

/** Takes events until none may go, and gives them in the order handled. */
function drain(queue: KeyEvent[], hold: KeyHold): {handled: KeyEvent[]; left: KeyEvent[]} {
	const handled: KeyEvent[] = [];
	for (;;) {
		const {event, rest} = takeNext(queue, hold);
		if (!event) return {handled, left: queue};
		handled.push(event);
		queue = rest;
	}
}

describe('the held-key queue', () => {
	it('hands keys over in order when nothing holds them', () => {
		const {handled, left} = drain(keys('4\rjr'), 'none');
		expect(names(handled)).toBe('4,\r,j,r');
		expect(left).toEqual([]);
	});

	it('keeps every key, in order, while a screen is starting or loading', () => {
		for (const hold of ['starting', 'loading'] as const) {
			const queue = keys('\rjr');
			const {handled, left} = drain(queue, hold);
			expect(handled).toEqual([]);
			expect(names(left)).toBe('\r,j,r');
			// Ready: the same keys, in the order typed.
			expect(names(drain(left, 'none').handled)).toBe('\r,j,r');
		}
	});

	it('lets Ctrl+C through at once, the other keys staying in order', () => {
		for (const hold of ['starting', 'loading'] as const) {
			const {event, rest} = takeNext(keys(`j${CTRL_C}k`), hold);
			expect(event?.type === 'key' && event.key.ctrl && event.input === 'c').toBe(true);
			expect(names(rest)).toBe('j,k');
		}
	});

	it('lets Esc through at once while a screen loads, dropping the keys typed for it before the Esc', () => {
		const {event, rest} = takeNext([...keys('\rj'), ...keys(ESC), ...keys('5')], 'loading');
		expect(event?.type === 'key' && event.key.escape).toBe(true);
		expect(names(rest)).toBe('5');
	});

	it('holds Esc too while the screen code is still arriving (it may be the screen’s own Esc)', () => {
		const {event, rest} = takeNext(keys(`j${ESC}`), 'starting');
		expect(event).toBeUndefined();
		expect(rest).toHaveLength(2);
	});

	it('never loses, duplicates or reorders a key that is not Esc or Ctrl+C (property)', () => {
		const key = fc.constantFrom('a', 'j', '4', '\r', '\u001B[B', ' ');
		fc.assert(
			fc.property(
				fc.array(key, {maxLength: 12}),
				fc.array(fc.constantFrom<KeyHold>('none', 'starting', 'loading'), {minLength: 1, maxLength: 12}),
				(typed, holds) => {
					let queue = typed.flatMap((text) => keys(text));
					const handled: KeyEvent[] = [];
					// Holds come and go; then the screen is ready.
					for (const hold of [...holds, 'none' as const]) {
						const drained = drain(queue, hold);
						handled.push(...drained.handled);
						queue = drained.left;
					}
					expect(names(handled)).toBe(names(typed.flatMap((text) => keys(text))));
				},
			),
		);
	});
});
