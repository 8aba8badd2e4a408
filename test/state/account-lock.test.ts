// One watch per account: the lock names its holder by pid, boot and start time, so a live holder refuses a second
// watch, and a lock left by one that is gone — killed, or before a reboot that gave its pid to another process — is
// taken over. Released only by its own holder.
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {acquireAccountLock} from '../../source/state/account-lock.js';
import {accountDirectory, accountFingerprint, accountLockFile} from '../../source/state/account-state.js';
import {currentProcess, isRunning} from '../../source/state/process-identity.js';

const onLinux = existsSync('/proc/self/stat');

describe('the account lock', () => {
	it('is keyed by a fingerprint of origin and key, never the key itself', () => {
		const one = accountFingerprint('https://api.bitget.com', 'bg_key_1');
		expect(one).toMatch(/^[0-9a-f]{24}$/);
		expect(one).not.toContain('bg_key_1');
		expect(accountFingerprint('https://api.bitget.com', 'bg_key_2')).not.toBe(one);
		expect(accountFingerprint('http://127.0.0.1:9', 'bg_key_1')).not.toBe(one);
	});

	it('refuses a second holder while the first lives, is taken over once it is gone, and is released by its holder only', async () => {
		const path = accountLockFile(accountDirectory(mkdtempSync(join(tmpdir(), 'loan-tui-lock-')), 'abc'));
		const first = await acquireAccountLock(path, 'work');
		expect(first.ok).toBe(true);
		expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({pid: process.pid, profile: 'work'});
		const second = await acquireAccountLock(path, 'home');
		expect(second).toMatchObject({ok: false, holder: {pid: process.pid, profile: 'work'}, path});
		if (first.ok) await first.release();
		expect(existsSync(path)).toBe(false);

		// A live process of its own, then gone.
		const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {stdio: 'ignore'});
		try {
			const identity = {...currentProcess(), pid: holder.pid!};
			if (onLinux) {
				const stat = readFileSync(`/proc/${holder.pid}/stat`, 'utf8');
				identity.start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
			}
			writeFileSync(path, JSON.stringify(identity));
			expect(await acquireAccountLock(path, 'x')).toMatchObject({ok: false, holder: {pid: holder.pid}});
			if (onLinux) {
				// The same pid alive, but the lock was written before a reboot, or by a process that started at another time.
				writeFileSync(path, JSON.stringify({...identity, boot: '00000000-0000-0000-0000-000000000000'}));
				expect(isRunning({...identity, boot: '00000000-0000-0000-0000-000000000000'})).toBe(false);
				const afterReboot = await acquireAccountLock(path, 'x');
				expect(afterReboot.ok).toBe(true);
				if (afterReboot.ok) await afterReboot.release();
				writeFileSync(path, JSON.stringify({...identity, start: '1'}));
				const reused = await acquireAccountLock(path, 'x');
				expect(reused.ok).toBe(true);
				// Someone else's lock (written over ours) is not removed by our release.
				writeFileSync(path, JSON.stringify(identity));
				if (reused.ok) await reused.release();
				expect(existsSync(path)).toBe(true);
			}
		} finally {
			holder.kill('SIGKILL');
			await new Promise((resolve) => holder.once('exit', resolve));
		}
		const taken = await acquireAccountLock(path, 'x');
		expect(taken.ok).toBe(true);
		if (taken.ok) await taken.release();
	});
});
