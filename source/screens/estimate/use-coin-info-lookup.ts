import {useCallback, useEffect} from 'react';
import type {LoanCoinInfo, PledgeCoinInfo} from '../../api/loan-types.js';
import {coinsFromInfos, type CoinInfoState, type CoinInfoStore} from '../../services/coin-info-store.js';
import {createStore} from '../../services/store.js';
import {useStore} from '../../ui/use-store.js';

const NONE = createStore<CoinInfoState>({status: 'idle'});

export interface CoinInfoLookup {
	/** The official rates and limits of a loan coin; undefined until known. */
	loan(coin: string): LoanCoinInfo | undefined;
	/** A pledge coin's LTVs (its initial LTV gives the reference pledge of an estimate by loan amount). */
	pledge(coin: string): PledgeCoinInfo | undefined;
	/** Bitget's loanable (or pledgeable) coins, once read; undefined while loading, after an error, or without a store. */
	coins(kind: 'loan' | 'pledge'): readonly string[] | undefined;
	/** The read has answered (the infos, or an error): what is not known now will not be. */
	settled: boolean;
}

/** The coin infos (coinInfos), loaded on first use. */
export function useCoinInfoLookup(store: CoinInfoStore | undefined): CoinInfoLookup {
	const state = useStore(store ?? NONE);
	useEffect(() => store?.ensure(), [store]);
	const loan = useCallback((coin: string) => (state.status === 'ready' ? state.infos.loanInfos.find((info) => info.coin === coin) : undefined), [state]);
	const pledge = useCallback((coin: string) => (state.status === 'ready' ? state.infos.pledgeInfos.find((info) => info.coin === coin) : undefined), [state]);
	const coins = useCallback((kind: 'loan' | 'pledge') => (state.status === 'ready' ? coinsFromInfos(state.infos, kind) : undefined), [state]);
	return {loan, pledge, coins, settled: store === undefined || state.status === 'ready' || state.status === 'error'};
}
