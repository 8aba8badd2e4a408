// A minimal external store for state shared across screens (symbol list, status line). Framework-free: screens
// read one with useStore (source/ui/use-store.ts, over useSyncExternalStore) so every reader sees one value.

export interface Store<T> {
	get(): T;
	set(next: T | ((previous: T) => T)): void;
	subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
	let value = initial;
	const listeners = new Set<() => void>();
	return {
		get: () => value,
		set(next) {
			const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
			if (Object.is(resolved, value)) return;
			value = resolved;
			for (const listener of listeners) listener();
		},
		subscribe(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
	};
}

/** Calls `then` with the store's value once `done` holds for it: at once when it already does, else at the change that
 * makes it so; never after `signal` aborts. */
export function whenStore<T>(store: Store<T>, done: (value: T) => boolean, then: (value: T) => void, signal?: AbortSignal): void {
	const now = store.get();
	if (done(now)) return then(now);
	const stop = store.subscribe(() => {
		const later = store.get();
		if (!done(later) || signal?.aborted) return;
		stop();
		then(later);
	});
	signal?.addEventListener('abort', stop, {once: true});
}
