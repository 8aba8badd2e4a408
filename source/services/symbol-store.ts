// The symbol list, loaded once and shared: the explorer shows it and the coin fields complete from it.
// With a disk cache it is stale-while-revalidate: the cached list shows at once, the network refreshes it.
import type {BitgetClient} from '../api/client.js';
import type {SymbolRecord} from '../api/types.js';
import type {SymbolCache} from '../state/symbol-cache.js';
import {createStore, whenStore, type Store} from './store.js';

/** Where the records on screen came from. */
interface ListOrigin {
	fetchedAt: number;
	fromCache: boolean;
	/** Records left out of the list because they could not be read (one odd record never loses the list). */
	unreadable?: number;
}

export type SymbolListState =
	| {status: 'idle'}
	| ({status: 'loading'; records?: SymbolRecord[]} & Partial<ListOrigin>)
	| ({status: 'ready'; records: SymbolRecord[]} & ListOrigin)
	| ({status: 'error'; error: unknown; records?: SymbolRecord[]} & Partial<ListOrigin>);

export interface SymbolStore extends Store<SymbolListState> {
	/** Loads unless already loaded or loading. */
	ensure(): void;
	/** Fetches again, keeping the old list on screen until the new one arrives. */
	reload(): void;
	/** Resolves once no load is in flight (at once when none is). */
	settled(): Promise<void>;
}

export interface SymbolStoreOptions {
	cache?: SymbolCache;
	now?: () => number;
	/** Called when writing the cache failed (it is only a cache: nothing else happens). */
	onCacheError?: (error: unknown) => void;
}

export function createSymbolStore(client: BitgetClient, options: SymbolStoreOptions = {}): SymbolStore {
	const {cache, now = Date.now} = options;
	const store = createStore<SymbolListState>({status: 'idle'});
	let generation = 0;
	const shown = (): Partial<ListOrigin> & {records?: SymbolRecord[]} => {
		const current = store.get();
		return current.status === 'idle'
			? {}
			: {records: current.records, fetchedAt: current.fetchedAt, fromCache: current.fromCache, unreadable: current.unreadable};
	};
	/** `readAfter`: the answer is read only once the cached copy has been (see ensure). */
	const fetchFromNetwork = (readAfter?: Promise<unknown>) => {
		const mine = ++generation;
		store.set({status: 'loading', ...shown()});
		const copy = cache?.begin();
		client.symbolList(undefined, {onChunk: copy ? (chunk) => copy.chunk(chunk) : undefined, readAfter}).then(
			({records, unreadable}) => {
				const fetchedAt = now();
				// The list first: committing the copy (closing and renaming a file of tens of MB) can wait a frame.
				if (mine === generation) store.set({status: 'ready', records, fetchedAt, fromCache: false, unreadable});
				copy?.commit(fetchedAt).catch((error: unknown) => options.onCacheError?.(error));
			},
			(error: unknown) => {
				copy?.abort();
				if (mine === generation) store.set({status: 'error', error, ...shown()});
			},
		);
	};
	return {
		...store,
		ensure() {
			if (store.get().status !== 'idle') return;
			// The request goes out at once; its answer is parsed after the cached copy, never at the same time: the
			// two would share the one thread, and the cached list would show later than either alone (100k pairs).
			const reading = cache?.read();
			fetchFromNetwork(reading);
			if (!reading) return;
			const network = generation;
			void reading.then((cached) => {
				// Shown while the network has not answered yet, or when it failed: never over a fresh list.
				const current = store.get();
				if (!cached || network !== generation || current.status === 'ready' || current.status === 'idle') return;
				if (current.records?.length) return;
				store.set({...current, records: cached.records, fetchedAt: cached.fetchedAt, fromCache: true, unreadable: cached.unreadable});
			});
		},
		reload: () => fetchFromNetwork(),
		settled: () =>
			new Promise<void>((resolve) =>
				whenStore(
					store,
					(state) => state.status !== 'loading',
					() => resolve(),
				),
			),
	};
}
