// The React binding of the app's stores (source/services/store.ts): a component re-renders when the store changes.
import {useSyncExternalStore} from 'react';
import type {Store} from '../services/store.js';

export function useStore<T>(store: Store<T>): T {
	return useSyncExternalStore(store.subscribe, store.get, store.get);
}
