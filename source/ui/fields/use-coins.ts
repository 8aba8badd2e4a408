import {useEffect, useMemo} from 'react';
import {useServices} from '../services.js';
import {useStore} from '../store.js';
import {coinOptionsOf} from '../symbol-store.js';
import type {CoinOption} from './coin-rules.js';

/** Every coin of the symbol list (base and quote, online or not), for completing coin fields; loads the list on first use. */
export function useCoins(): CoinOption[] {
	const {symbols} = useServices();
	const list = useStore(symbols);
	useEffect(() => symbols.ensure(), [symbols]);
	const records = list.status === 'idle' ? undefined : list.records;
	return useMemo(() => coinOptionsOf(records ?? []), [records]);
}
