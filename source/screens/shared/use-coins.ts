import {useEffect, useMemo} from 'react';
import {useServices} from '../../app/services.js';
import {useStore} from '../../app/store.js';
import {coinsOf} from '../../app/symbol-store.js';

/** Every coin of the symbol list (base and quote), for completing coin fields; loads the list on first use. */
export function useCoins(): string[] {
	const {symbols} = useServices();
	const list = useStore(symbols);
	useEffect(() => symbols.ensure(), [symbols]);
	const records = list.status === 'idle' ? undefined : list.records;
	return useMemo(() => coinsOf(records ?? []), [records]);
}
