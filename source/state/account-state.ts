// Where loan-tui keeps what belongs to one Bitget account rather than to a profile name or a state directory: the
// watch's lock (state/account-lock.ts) and its top-up ledger (state/top-up-ledger.ts). Two profiles with one key, or
// one profile run with two XDG_STATE_HOMEs (a systemd unit and a shell), find the same directory:
// ~/.local/state/loan-tui/accounts/<fingerprint>. The fingerprint is a hash of the API origin and the API key —
// never the key — so the demo and each server are accounts apart.
import {createHash} from 'node:crypto';
import {join} from 'node:path';

/** A short, stable name for an account: the API key never leaves this function. */
export function accountFingerprint(origin: string, apiKey: string): string {
	return createHash('sha256').update(`loan-tui account\n${origin}\n${apiKey}`).digest('hex').slice(0, 24);
}

export function accountDirectory(accountsRoot: string, fingerprint: string): string {
	return join(accountsRoot, fingerprint);
}

export const accountLockFile = (directory: string): string => join(directory, 'watch.lock');
