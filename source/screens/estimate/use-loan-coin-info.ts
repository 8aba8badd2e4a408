import {useCallback, useEffect} from 'react';
import type {LoanCoinInfo} from '../../api/loan-types.js';
import type {CoinInfoState, CoinInfoStore} from '../../services/coin-info-store.js';
import {createStore} from '../../services/store.js';
import {useStore} from '../../ui/use-store.js';

const NONE = createStore<CoinInfoState>({status: 'idle'});

/** The official rates and limits of a loan coin (coinInfos), loaded on first use; undefined until known. */
export function useLoanCoinInfo(store: CoinInfoStore | undefined): (coin: string) => LoanCoinInfo | undefined {
	const state = useStore(store ?? NONE);
	useEffect(() => store?.ensure(), [store]);
	return useCallback((coin: string) => (state.status === 'ready' ? state.infos.loanInfos.find((info) => info.coin === coin) : undefined), [state]);
}
