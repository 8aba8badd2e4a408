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
