// Bitget's loanable and pledgeable coins (coinInfos), loaded once and shared: the coin fields suggest from them,
// the estimate shows their official rates, and the borrow review checks their min/max limits. When the lookup
// fails the symbol list stays the coin fields' source, and the server checks the limits itself.
import type {BitgetClient} from '../api/client.js';
import type {CoinInfos} from '../api/loan-types.js';
import {createStore, type Store} from './store.js';

export type CoinInfoState =
	| {status: 'idle'}
	| {status: 'loading'}
	/** `refreshing`: read again (reload), the last answer kept meanwhile; `error`: that read failed. */
	| {status: 'ready'; infos: CoinInfos; at: number; refreshing?: boolean; error?: unknown}
	| {status: 'error'; error: unknown};

export interface CoinInfoStore extends Store<CoinInfoState> {
	/** Loads unless already loaded or loading; after a failure, tries again. */
	ensure(): void;
	/** Reads again (the Coins screen's Ctrl+R); what was read stays until the answer. */
	reload(): void;
}

/** `onLoaded` hears each full list read (for shell completion). */
export function createCoinInfoStore(client: BitgetClient, onLoaded?: (infos: CoinInfos) => unknown): CoinInfoStore {
	const store = createStore<CoinInfoState>({status: 'idle'});
	const read = () => {
		client.coinInfos().then(
			(infos) => {
				store.set({status: 'ready', infos, at: Date.now()});
				onLoaded?.(infos);
			},
			(error: unknown) => store.set((now) => (now.status === 'ready' ? {...now, refreshing: false, error} : {status: 'error', error})),
		);
	};
	return {
		...store,
		ensure() {
			const status = store.get().status;
			if (status === 'loading' || status === 'ready') return;
			store.set({status: 'loading'});
			read();
		},
		reload() {
			const now = store.get();
			if (now.status === 'loading' || (now.status === 'ready' && now.refreshing)) return;
			store.set(now.status === 'ready' ? {...now, refreshing: true, error: undefined} : {status: 'loading'});
			read();
		},
	};
}

/** The loanable coins, and the pledgeable ones, in the order the server lists them. */
export function coinsFromInfos(infos: CoinInfos, kind: 'loan' | 'pledge'): string[] {
	return (kind === 'loan' ? infos.loanInfos : infos.pledgeInfos).map((info) => info.coin);
}
