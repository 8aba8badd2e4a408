// The status line's last error: what failed last, of every kind (a list load, an estimate, a borrow refusal, an
// outcome unknown; the keychain is the Credentials screen's to say), until the next success of the same kind clears
// it. A success of another kind leaves it: an estimate that works says nothing about a borrow whose outcome is unknown.
// A refusal is the screen's business: it stays while the person is on the screen that was refused and goes when they
// leave it (a refused borrow does not greet them on every screen for the rest of the session).
import {createStore, type Store} from './store.js';

export interface LastError extends Store<string | undefined> {
	/** `source` names the kind ("estimate", "borrow", …); `line` is what the status line shows. */
	report(source: string, line: string, options?: {untilLeft?: boolean}): void;
	/** A success of `source`: clears the line when it came from there. */
	succeeded(source: string): void;
	/** The screen of `source` was left: clears the line when it came from there and was reported `untilLeft`. */
	left(source: string): void;
}

export function createLastError(): LastError {
	const store = createStore<string | undefined>(undefined);
	let from: string | undefined;
	let untilLeft = false;
	return {
		...store,
		set(next) {
			from = undefined;
			store.set(next);
		},
		report(source, line, options) {
			from = source;
			untilLeft = options?.untilLeft === true;
			store.set(line);
		},
		left(source) {
			if (from !== source || !untilLeft) return;
			from = undefined;
			store.set(undefined);
		},
		succeeded(source) {
			if (from !== source) return;
			from = undefined;
			store.set(undefined);
		},
	};
}
