// The status line's last error: what failed last, of every kind (a list load, an estimate, a borrow refusal, an
// outcome unknown; the keychain is the Credentials screen's to say), until the next success of the same kind clears
// it. A success of another kind leaves it: an estimate that works says nothing about a borrow whose outcome is unknown.
import {createStore, type Store} from './store.js';

export interface LastError extends Store<string | undefined> {
	/** `source` names the kind ("estimate", "borrow", …); `line` is what the status line shows. */
	report(source: string, line: string): void;
	/** A success of `source`: clears the line when it came from there. */
	succeeded(source: string): void;
}

export function createLastError(): LastError {
	const store = createStore<string | undefined>(undefined);
	let from: string | undefined;
	return {
		...store,
		set(next) {
			from = undefined;
			store.set(next);
		},
		report(source, line) {
			from = source;
			store.set(line);
		},
		succeeded(source) {
			if (from !== source) return;
			from = undefined;
			store.set(undefined);
		},
	};
}
