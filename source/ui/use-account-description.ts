import {useEffect, useState} from 'react';
import type {BitgetClient} from '../api/client.js';
import {describeAccount} from '../operations/account-words.js';

/** The account behind the key in use, in words (operations/account-words.ts), asked again when `key` changes (other
 * credentials); undefined while asking or with no key. */
export function useAccountDescription(client: Pick<BitgetClient, 'accountFamily' | 'keyPermissions'>, key: string | undefined): string | undefined {
	const [words, setWords] = useState<{key: string; words: string} | undefined>(undefined);
	useEffect(() => {
		if (key === undefined) return;
		let current = true;
		void describeAccount(client).then((description) => current && setWords({key, words: description.words}));
		return () => {
			current = false;
		};
	}, [client, key]);
	return words !== undefined && words.key === key ? words.words : undefined;
}
