// whenStore: the one wait on a store (the symbol list's settled(), the plan's wait for the coin list).
import {describe, expect, it} from 'vitest';
import {createStore, whenStore} from '../../source/services/store.js';

describe('whenStore', () => {
	it('calls at once when the value already holds, else at the change that makes it so, once', () => {
		const store = createStore(1);
		const seen: number[] = [];
		whenStore(
			store,
			(value) => value > 0,
			(value) => seen.push(value),
		);
		expect(seen).toEqual([1]);
		const later = createStore(0);
		whenStore(
			later,
			(value) => value >= 2,
			(value) => seen.push(value),
		);
		later.set(1);
		expect(seen).toEqual([1]);
		later.set(2);
		later.set(3);
		expect(seen).toEqual([1, 2]);
	});

	it('never calls after the signal aborts', () => {
		const store = createStore(0);
		const controller = new AbortController();
		const seen: number[] = [];
		whenStore(
			store,
			(value) => value > 0,
			(value) => seen.push(value),
			controller.signal,
		);
		controller.abort();
		store.set(1);
		expect(seen).toEqual([]);
	});
});
