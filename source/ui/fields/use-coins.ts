import {useEffect, useMemo} from 'react';
import {useServices} from '../services.js';
import {useStore} from '../use-store.js';
import {createStore} from '../../services/store.js';
import {coinsFromInfos, type CoinInfoState} from '../../services/coin-info-store.js';
import {coinOptionsOf, type CoinOption} from './coin-rules.js';

export type CoinKind = 'loan' | 'pledge';

const NO_COIN_INFOS = createStore<CoinInfoState>({status: 'idle'});

/**
 * The coins a coin field completes from. With `kind`, Bitget's loanable (or pledgeable) coins from coinInfos;
 * while that list is not there (loading, failed) and without `kind`, every base and quote coin of the symbol list,
 * each marked online when it trades in an online pair (suggestions rank those first: coin-rules.ts).
 */
export function useCoins(kind?: CoinKind): CoinOption[] {
	const {symbols, coinInfos} = useServices();
	const infos = useStore(coinInfos ?? NO_COIN_INFOS);
	const list = useStore(symbols);
	const fromInfos = kind !== undefined && infos.status === 'ready';
	useEffect(() => {
		if (kind !== undefined) coinInfos?.ensure();
	}, [kind, coinInfos]);
	// The symbol list is the fallback while the coin list is not there (as it was the only source before).
	const needSymbols = !fromInfos;
	useEffect(() => {
		if (needSymbols) symbols.ensure();
	}, [needSymbols, symbols]);
	const records = list.status === 'idle' ? undefined : list.records;
	const ready = infos.status === 'ready' ? infos.infos : undefined;
	return useMemo(() => {
		const fromSymbols = coinOptionsOf(records ?? []);
		if (!fromInfos || !ready) return fromSymbols;
		const online = new Map(fromSymbols.map((option) => [option.coin, option.online]));
		return [...coinsFromInfos(ready, kind!)].sort().map((coin) => ({coin, loanable: true, online: online.get(coin)}));
	}, [fromInfos, ready, kind, records]);
}
