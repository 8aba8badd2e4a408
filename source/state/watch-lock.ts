// One `loan-tui watch` per profile: a lock file in loan-tui's state directory holding the watcher's process id. A
// lock whose process is gone (killed, the machine restarted) is taken over; a live one refuses the second watch.
import {constants} from 'node:fs';
import {mkdir, open, readFile, rm} from 'node:fs/promises';
import {join} from 'node:path';

export type WatchLock = {ok: true; release(): Promise<void>} | {ok: false; pid: number; path: string};

export function watchLockFile(stateDirectory: string, profile: string): string {
	return join(stateDirectory, `watch-${profile}.lock`);
}

const alive = (pid: number): boolean => {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: a process of another user holds that pid, alive.
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
};

export async function acquireWatchLock(path: string): Promise<WatchLock> {
	await mkdir(join(path, '..'), {recursive: true, mode: 0o700});
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
			try {
				await handle.writeFile(`${process.pid}\n`);
			} finally {
				await handle.close();
			}
			return {ok: true, release: () => rm(path, {force: true})};
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const pid = Number.parseInt((await readFile(path, 'utf8').catch(() => '')).trim(), 10);
			if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) return {ok: false, pid, path};
			// Left by a watch that is gone: taken over.
			await rm(path, {force: true});
		}
	}
	return {ok: false, pid: 0, path};
}
