// What `loan-tui whoami` and the Credentials screen say of the account behind a key: its mode (classic or unified,
// api/client.ts accountFamily) and, for a unified one, whether the key may borrow (reference Part E.2). What could
// not be asked is said so, never guessed.
import type {BitgetClient} from '../api/client.js';
import type {AccountFamily} from '../api/types.js';
import {sanitize} from '../format/sanitize.js';
import {failureText} from './observe.js';

export interface AccountDescription {
	mode?: AccountFamily;
	permType?: string;
	permissions?: string[];
	problem?: string;
	/** One line for a person. */
	words: string;
}

export async function describeAccount(client: Pick<BitgetClient, 'accountFamily' | 'keyPermissions'>): Promise<AccountDescription> {
	let mode: AccountFamily;
	try {
		mode = await client.accountFamily();
	} catch (error) {
		const problem = failureText(error);
		return {problem, words: `its mode could not be asked (${problem})`};
	}
	if (mode === 'classic') return {mode, words: "classic account (v2 loans); the key's permissions are on Bitget's API page"};
	try {
		const {permType, permissions} = await client.keyPermissions();
		const may =
			permType === 'read-and-write'
				? 'may borrow, repay and change collateral'
				: permType === 'read-only'
					? 'read-only: can see loans, not borrow, repay or change collateral'
					: `permission "${sanitize(permType)}"`;
		return {mode, permType, permissions, words: `unified trading account (v3 loans); this key ${may}`};
	} catch (error) {
		const problem = failureText(error);
		return {mode, problem, words: `unified trading account (v3 loans); the key's permissions could not be asked (${problem})`};
	}
}
