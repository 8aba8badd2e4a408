// The symbol list, loaded once and shared: the explorer shows it and the estimate screen completes coins from it.
import type {BitgetClient} from '../api/client.js';
import type {SymbolRecord} from '../api/types.js';
import {createStore, type Store} from './store.js';

export type SymbolListState =
	| {status: 'idle'}
	| {status: 'loading'; records?: SymbolRecord[]}
	| {status: 'ready'; records: SymbolRecord[]; fetchedAt: number}
	| {status: 'error'; error: unknown; records?: SymbolRecord[]};

export interface SymbolStore extends Store<SymbolListState> {
	/** Loads unless already loaded or loading. */
	ensure(): void;
	/** Fetches again, keeping the old list on screen until the new one arrives. */
	reload(): void;
}

export function createSymbolStore(client: BitgetClient, now: () => number = Date.now): SymbolStore {
	const store = createStore<SymbolListState>({status: 'idle'});
	let generation = 0;
	const load = () => {
		const mine = ++generation;
		const previous = store.get();
		const records = 'records' in previous ? previous.records : undefined;
		store.set({status: 'loading', records});
		client.symbols().then(
			(fresh) => {
				if (mine === generation) store.set({status: 'ready', records: fresh, fetchedAt: now()});
			},
			(error: unknown) => {
				if (mine === generation) store.set({status: 'error', error, records});
			},
		);
	};
	return {
		...store,
		ensure() {
			if (store.get().status === 'idle') load();
		},
		reload: load,
	};
}

/** Every coin that appears as a base or quote coin, sorted: the completion list of coin fields. */
export function coinsOf(records: readonly SymbolRecord[]): string[] {
	const coins = new Set<string>();
	for (const record of records) {
		coins.add(record.baseCoin);
		coins.add(record.quoteCoin);
	}
	return [...coins].sort();
}
