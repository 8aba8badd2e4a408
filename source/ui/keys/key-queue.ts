// Which waiting key is handled next. Keys wait while the top screen cannot take them yet: its code or the services
// are still arriving ('starting'), or the screen says it is loading what its keys act on ('loading': the Loans list
// before its first answer, a loan being read). Held keys are handled in order once the screen is ready, so `4 Enter`
// typed in one go from home opens the first loan, not just the list. Pure: the keypress layer keeps the queue.
import type {KeyEvent} from './key-reader.js';

/** 'none': keys are handled as they come; 'starting'/'loading': they wait (see takeNext for what goes through). */
export type KeyHold = 'none' | 'starting' | 'loading';

function isInterrupt(event: KeyEvent): boolean {
	return event.type === 'key' && event.key.ctrl && event.input === 'c';
}

function isEscape(event: KeyEvent): boolean {
	return event.type === 'key' && event.key.escape;
}

export interface Taken<E extends KeyEvent = KeyEvent> {
	/** The event to handle now; undefined when nothing may be handled yet. */
	event?: E;
	/** What stays queued, in order. */
	rest: E[];
}

/**
 * The next event to handle and the queue after it. Nothing is held: the first event. Held: Ctrl+C goes through at
 * once (a screen that never arrives cannot trap the person), the others keep their order; while a screen is loading
 * Esc goes through at once too, and the keys typed before it are dropped (they were meant for the screen being left).
 */
export function takeNext<E extends KeyEvent>(queue: readonly E[], hold: KeyHold): Taken<E> {
	if (hold === 'none') {
		const [event, ...rest] = queue;
		return {event, rest};
	}
	const index = queue.findIndex((event) => isInterrupt(event) || (hold === 'loading' && isEscape(event)));
	if (index < 0) return {rest: [...queue]};
	const event = queue[index]!;
	const rest = isEscape(event) ? queue.slice(index + 1) : [...queue.slice(0, index), ...queue.slice(index + 1)];
	return {event, rest};
}
