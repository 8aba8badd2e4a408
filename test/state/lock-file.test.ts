// The one lock of loan-tui (state/lock-file.ts): a live holder refuses; a holder gone, one from before a reboot, or one
// whose pid another process has now is taken over; an age bound breaks any lock; the older forms (a bare pid, a file
// still empty) are read; a release removes only its own lock; a file a process named by its pid is a leftover once that
// process is gone.
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {holderOf, isLeftover, isStale, takeLock, type Lock} from '../../source/state/lock-file.js';
import {currentProcess, type ProcessIdentity} from '../../source/state/process-identity.js';

const onLinux = existsSync('/proc/self/stat');
const OTHER_BOOT = '00000000-0000-0000-0000-000000000000';

describe('the lock file', () => {
	/** A live process of another pid, with its identity as a lock would name it. */
	let child: ReturnType<typeof spawn>;
	let live: ProcessIdentity;
	beforeAll(() => {
		child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {stdio: 'ignore'});
		live = {...currentProcess(), pid: child.pid!};
		if (onLinux) {
			const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
			live.start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
		}
	});
	afterAll(async () => {
		child.kill('SIGKILL');
		if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
	});
	const gonePid = () => spawnSync(process.execPath, ['-e', '']).pid!;
	const lockPath = () => join(mkdtempSync(join(tmpdir(), 'loan-tui-lock-file-')), 'some.lock');
	const release = async (lock: Lock) => {
		if (lock.ok) await lock.release();
	};

	it('names its holder by pid, boot and start time; a second taker is refused while it lives; released, the file is gone', async () => {
		const path = lockPath();
		const first = await takeLock(path, {profile: 'work'});
		expect(first.ok).toBe(true);
		const written = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
		expect(written).toMatchObject({...currentProcess(), profile: 'work', since: expect.any(Number)});
		expect(await takeLock(path)).toMatchObject({ok: false, holder: {pid: process.pid, profile: 'work'}, path});
		if (first.ok) expect(await first.held()).toBe(true);
		await release(first);
		expect(existsSync(path)).toBe(false);
		// No temporary left beside it.
		expect(readdirSync(join(path, '..'))).toEqual([]);
	});

	it('a live holder of another process refuses, in the JSON form and as a bare pid (the older form)', async () => {
		const path = lockPath();
		writeFileSync(path, JSON.stringify(live));
		expect(await takeLock(path)).toMatchObject({ok: false, holder: {pid: live.pid}});
		writeFileSync(path, `${live.pid}\n`);
		expect(await takeLock(path)).toMatchObject({ok: false, holder: {pid: live.pid}});
		expect(readFileSync(path, 'utf8')).toBe(`${live.pid}\n`);
	});

	it('a holder that is gone is taken over, in either form', async () => {
		for (const text of [JSON.stringify({...currentProcess(), pid: gonePid()}), `${gonePid()}\n`]) {
			const path = lockPath();
			writeFileSync(path, text);
			const taken = await takeLock(path);
			expect(taken.ok).toBe(true);
			expect(holderOf(readFileSync(path, 'utf8'))?.pid).toBe(process.pid);
			await release(taken);
		}
	});

	it.runIf(onLinux)('stale after a reboot, and after its pid went to a process that started at another time', async () => {
		expect(isStale({holder: live, mtimeMs: Date.now()})).toBe(false);
		for (const holder of [
			{...live, boot: OTHER_BOOT},
			{...live, start: '1'},
		]) {
			expect(isStale({holder, mtimeMs: Date.now()})).toBe(true);
			const path = lockPath();
			writeFileSync(path, JSON.stringify(holder));
			const taken = await takeLock(path);
			expect(taken.ok).toBe(true);
			await release(taken);
		}
	});

	it('with an age bound, an old lock is broken whatever it names, and a young one naming no holder is live', async () => {
		const path = lockPath();
		writeFileSync(path, JSON.stringify(live));
		const hourAgo = new Date(Date.now() - 3_600_000);
		utimesSync(path, hourAgo, hourAgo);
		const taken = await takeLock(path, {staleAfterMs: 600_000});
		expect(taken.ok).toBe(true);
		await release(taken);
		// Created empty by an older version, its pid not written yet.
		writeFileSync(path, '');
		expect(await takeLock(path, {staleAfterMs: 600_000})).toEqual({ok: false, holder: undefined, path});
		// Without a bound a lock that names no one is taken over.
		const again = await takeLock(path);
		expect(again.ok).toBe(true);
		await release(again);
	});

	it('a release removes only its own lock: one written over it stays, and held() says it is lost', async () => {
		const path = lockPath();
		const mine = await takeLock(path);
		expect(mine.ok).toBe(true);
		writeFileSync(path, JSON.stringify(live));
		if (mine.ok) {
			expect(await mine.held()).toBe(false);
			await mine.release();
		}
		expect(holderOf(readFileSync(path, 'utf8'))?.pid).toBe(live.pid);
	});

	it("a temporary left by a killed taker is removed when the lock is next taken; a running process's is kept", async () => {
		const path = lockPath();
		const left = `some.lock.${gonePid()}.0123456789ab.new`;
		const running = `some.lock.${live.pid}.0123456789ab.new`;
		writeFileSync(join(path, '..', left), '{}');
		writeFileSync(join(path, '..', running), '{}');
		const taken = await takeLock(path);
		expect(readdirSync(join(path, '..')).sort()).toEqual(['some.lock', running].sort());
		await release(taken);
	});

	it("a file named by a pid is a leftover once no process holds the pid; never this process's", () => {
		expect(isLeftover(process.pid)).toBe(false);
		expect(isLeftover(live.pid)).toBe(false);
		expect(isLeftover(gonePid())).toBe(true);
		expect(holderOf('garbage')).toBeUndefined();
		expect(holderOf('0')).toBeUndefined();
	});
});
