import {useEffect, useMemo} from 'react';
import {useServices} from '../services.js';
import {useStore} from '../store.js';
import {coinsOf} from '../symbol-store.js';

/** Every coin of the symbol list (base and quote), for completing coin fields; loads the list on first use. */
export function useCoins(): string[] {
	const {symbols} = useServices();
	const list = useStore(symbols);
	useEffect(() => symbols.ensure(), [symbols]);
	const records = list.status === 'idle' ? undefined : list.records;
	return useMemo(() => coinsOf(records ?? []), [records]);
}
