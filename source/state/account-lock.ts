// One guardian per Bitget account: `loan-tui watch` holds a lock file in the account's own directory
// (state/account-state.ts), whatever the profile name or XDG_STATE_HOME, so two watches of one key cannot both top up.
// The lock is state/lock-file.ts's: it names its holder (pid, boot, start time, and the profile), so a lock left by a
// watch that is gone — killed, or before a reboot that gave its pid to another process — is taken over, and a live
// one refuses. An older lock holding the pid alone is read too.
import {mkdir} from 'node:fs/promises';
import {dirname} from 'node:path';
import {takeLock, type LockHolder} from './lock-file.js';

export type AccountLock = {ok: true; release(): Promise<void>} | {ok: false; holder: LockHolder; path: string};

/** Takes the lock at `path`, or says who holds it. */
export async function acquireAccountLock(path: string, profile: string): Promise<AccountLock> {
	await mkdir(dirname(path), {recursive: true, mode: 0o700});
	const lock = await takeLock(path, {profile});
	if (lock.ok) return {ok: true, release: lock.release};
	// Without an age bound a lock naming no holder is stale (taken over): a refusal always names one.
	return {ok: false, holder: lock.holder!, path};
}
