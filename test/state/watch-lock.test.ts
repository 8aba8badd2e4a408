import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {acquireWatchLock, watchLockFile} from '../../source/state/watch-lock.js';

describe('the watch lock (one loan-tui watch per profile)', () => {
	it('is taken, refused to a second while its process lives, taken over from a process that is gone, and released', async () => {
		const state = join(mkdtempSync(join(tmpdir(), 'loan-tui-lock-')), 'loan-tui');
		const path = watchLockFile(state, 'work');
		expect(path).toBe(join(state, 'watch-work.lock'));
		const first = await acquireWatchLock(path);
		expect(first.ok).toBe(true);
		if (!first.ok) return;
		await first.release();
		expect(existsSync(path)).toBe(false);

		// Held by a process that lives: refused, naming it.
		const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {stdio: 'ignore'});
		try {
			writeFileSync(path, `${holder.pid}\n`);
			expect(await acquireWatchLock(path)).toEqual({ok: false, pid: holder.pid, path});
		} finally {
			holder.kill('SIGKILL');
			await new Promise((resolve) => holder.once('exit', resolve));
		}
		// The same pid, now gone: taken over.
		const taken = await acquireWatchLock(path);
		expect(taken.ok).toBe(true);
		if (taken.ok) await taken.release();
	});
});
