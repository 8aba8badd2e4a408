// Account modes (reference D.5 and Part E.2): which API family an account may use, the refusals of the other one,
// the key's permissions, and the two v3 account endpoints.
import {createHash} from 'node:crypto';
import {failure, success, type Reply} from './reply.js';
import type {AccountMode, ApiFamily, SimulatedAccount} from './types.js';

const CLASSIC_ON_V3 = 'You are in Classic Account mode, and the Unified Account API is not supported at this time';
const UNIFIED_ON_V2 = 'You are in Unified Account mode, and the Classic Account API is not supported at this time';

/** Every account's mode: as configured, or as switched by a test since (an upgrade under a running client). */
export class AccountModes {
	private readonly configured: ReadonlyMap<string, AccountMode>;
	private current: Map<string, AccountMode>;

	constructor(accounts: readonly SimulatedAccount[], fallback: AccountMode) {
		this.configured = new Map(accounts.map((account) => [account.apiKey, account.mode ?? fallback]));
		this.current = new Map(this.configured);
	}

	of(apiKey: string): AccountMode {
		const mode = this.current.get(apiKey);
		if (mode === undefined) throw new Error(`no account with API key ${apiKey}`);
		return mode;
	}

	set(apiKey: string, mode: AccountMode): void {
		if (!this.current.has(apiKey)) throw new Error(`no account with API key ${apiKey}`);
		this.current.set(apiKey, mode);
	}

	reset(): void {
		this.current = new Map(this.configured);
	}
}

/** A signed call to the family the account cannot use. The service reports it once the key is known and before the
 * signature is checked (reference E.2), so a badly signed call gets it too. */
export function modeRefusal(mode: AccountMode, family: ApiFamily): Reply | undefined {
	if (mode === 'classic' && family === 'v3') return failure('40084', CLASSIC_ON_V3);
	if (mode === 'unified' && family === 'v2') return failure('40085', UNIFIED_ON_V2);
	return undefined;
}

/** A read-only key may read but not move money (reference B.3's 40014 for a key without the trade permission). */
export function permissionRefusal(account: SimulatedAccount, method: string): Reply | undefined {
	return method === 'POST' && account.permType === 'read-only' ? failure('40014', 'Incorrect permissions') : undefined;
}

/** GET /api/v3/account/settings: only unified accounts get this far. */
export function accountSettings(): Reply {
	return success({accountMode: 'unified'});
}

/** GET /api/v3/account/info: the key's owner and what the key may do. */
export function accountInfo(account: SimulatedAccount): Reply {
	return success({uid: uidOf(account.apiKey), permType: account.permType ?? 'read-and-write', permissions: ['uta_mgt', 'uta_trade']});
}

/** A stable ten-digit UID per API key, so every run shows the same one. */
function uidOf(apiKey: string): string {
	const digest = createHash('sha256').update(apiKey, 'utf8').digest();
	// 10^9 plus at most 2^32 stays within ten digits.
	return String(1_000_000_000 + digest.readUInt32BE(0));
}
