import {useEffect, useState} from 'react';
import type {BitgetClient} from '../api/client.js';
import type {AccountFamily} from '../api/types.js';

/** The account's mode (classic or unified: api/client.ts accountFamily), once `enabled` (credentials are in use);
 * undefined until known, or when it cannot be asked (a screen then offers only what both modes can do). */
export function useAccountFamily(client: Pick<BitgetClient, 'accountFamily'>, enabled: boolean): AccountFamily | undefined {
	const [family, setFamily] = useState<AccountFamily | undefined>(undefined);
	useEffect(() => {
		if (!enabled) return;
		let current = true;
		client.accountFamily().then(
			(known) => current && setFamily(known),
			() => undefined,
		);
		return () => {
			current = false;
		};
	}, [client, enabled]);
	return family;
}
