// One way to hold a lock file, for every lock of loan-tui — the watch's account lock (state/account-lock.ts) and the
// money record's compaction (state/money-journal.ts) — and one way to tell a file left by a process that is gone
// (their temporaries, and the symbol cache's: state/symbol-cache.ts).
//
// A lock file names its holder by pid, boot and start time (state/process-identity.ts), as one JSON line with when it
// was taken and what its owner adds (the watch's profile). It is written whole under a temporary name and linked into
// place (a link fails where the name exists), so no one ever reads a lock half written. A lock is stale when its
// holder is not running (gone; or written before a reboot, or by a process whose pid another one has now), when it
// names no holder, or — where the owner sets a bound, for a lock held for moments — when its file is older than that
// bound, whatever it names. A stale lock is moved aside before it is removed, and put back when what was moved turns
// out to be a live one taken meanwhile. An older lock holding a bare pid is read too.
import {randomUUID} from 'node:crypto';
import {constants} from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as v from 'valibot';
import {basename, dirname, join} from 'node:path';
import {readBoundedFile} from './bounded-file.js';
import {currentProcess, isRunning, type ProcessIdentity} from './process-identity.js';

/** Who holds a lock, as its file says. */
export interface LockHolder extends ProcessIdentity {
	profile?: string;
	/** When it was taken (epoch ms): tells two locks of one process apart. */
	since?: number;
}

/** The fs calls a lock makes (the money record's tests pass their own). */
type LockFs = Pick<typeof fsp, 'open' | 'link' | 'rename' | 'unlink' | 'lstat' | 'readdir'>;

interface LockOptions {
	/** Named in the lock with its holder (the watch's profile). */
	profile?: string;
	/** A lock file older than this (its mtime) is stale whatever it names; a lock naming no holder is live until then
	 * (one written by an older version, created empty and then filled). Without it, a lock naming no holder is stale. */
	staleAfterMs?: number;
	fs?: LockFs;
}

export type Lock =
	| {ok: true; holder: LockHolder; held(): Promise<boolean>; release(): Promise<void>}
	/** `holder` is undefined for a young lock that names none (only with staleAfterMs). */
	| {ok: false; holder: LockHolder | undefined; path: string};

const holderSchema = v.object({
	pid: v.pipe(v.number(), v.integer(), v.minValue(1)),
	boot: v.optional(v.pipe(v.string(), v.maxLength(64))),
	start: v.optional(v.pipe(v.string(), v.regex(/^\d{1,20}$/))),
	profile: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,64}$/))),
	since: v.optional(v.number()),
});

const MAX_LOCK_BYTES = 4096;
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** The holder a lock file names; an older lock holds the pid alone. Undefined when it names none. */
export function holderOf(text: string): LockHolder | undefined {
	const trimmed = text.trim();
	if (/^\d{1,10}$/.test(trimmed)) return Number(trimmed) > 0 ? {pid: Number(trimmed)} : undefined;
	try {
		const parsed = v.safeParse(holderSchema, JSON.parse(trimmed));
		return parsed.success ? parsed.output : undefined;
	} catch {
		return undefined;
	}
}

/** A lock as found on disk. */
interface Found {
	holder: LockHolder | undefined;
	mtimeMs: number;
}

/** Whether a lock found on disk may be taken over (the rules at the top of this file). */
export function isStale(found: Found, options: Pick<LockOptions, 'staleAfterMs'> = {}, now = Date.now()): boolean {
	if (options.staleAfterMs !== undefined && now - found.mtimeMs >= options.staleAfterMs) return true;
	if (found.holder === undefined) return options.staleAfterMs === undefined;
	return !isRunning(found.holder);
}

/** A file a process named by its pid (a temporary): left over once no process holds that pid, and not this one. */
export function isLeftover(pid: number): boolean {
	return !isRunning({pid});
}

/** The lock at `path` as it is now, or undefined when there is none. */
async function readLock(path: string, fs: LockFs): Promise<Found | undefined> {
	let stat;
	try {
		stat = await fs.lstat(path);
	} catch {
		return undefined;
	}
	const text = stat.isFile() ? await readBoundedFile(path, MAX_LOCK_BYTES, {open: fs.open}).catch(() => undefined) : undefined;
	return {holder: text === undefined ? undefined : holderOf(text), mtimeMs: stat.mtimeMs};
}

/** The temporaries of this lock that a process left when it was killed between writing one and removing it. */
async function removeLeftovers(path: string, fs: LockFs): Promise<void> {
	const prefix = `${basename(path)}.`;
	const names = await fs.readdir(dirname(path)).catch(() => [] as string[]);
	for (const name of names) {
		const match = name.startsWith(prefix) ? /^(\d+)\.[0-9a-f]{12}\.(?:new|stale)$/.exec(name.slice(prefix.length)) : null;
		if (match && isLeftover(Number(match[1]))) await fs.unlink(join(dirname(path), name)).catch(() => undefined);
	}
}

const sameHolder = (a: LockHolder | undefined, b: LockHolder) =>
	a !== undefined && a.pid === b.pid && a.boot === b.boot && a.start === b.start && a.since === b.since;

/** Takes the lock at `path` (its directory exists), or says who holds it. */
export async function takeLock(path: string, options: LockOptions = {}): Promise<Lock> {
	const fs = options.fs ?? fsp;
	const me: LockHolder = {...currentProcess(), ...(options.profile === undefined ? {} : {profile: options.profile}), since: Date.now()};
	const tag = `${process.pid}.${randomUUID().replaceAll('-', '').slice(0, 12)}`;
	const temporary = `${path}.${tag}.new`;
	const handle = await fs.open(temporary, CREATE, 0o600);
	try {
		await handle.writeFile(`${JSON.stringify(me)}\n`);
	} finally {
		await handle.close();
	}
	const held = async () => sameHolder((await readLock(path, fs))?.holder, me);
	try {
		for (let attempt = 0; attempt < 3; attempt++) {
			try {
				await fs.link(temporary, path);
				await removeLeftovers(path, fs);
				return {ok: true, holder: me, held, release: async () => void ((await held()) && (await fs.unlink(path).catch(() => undefined)))};
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			}
			const found = await readLock(path, fs);
			// Gone meanwhile: try again.
			if (found === undefined) continue;
			if (!isStale(found, options)) return {ok: false, holder: found.holder, path};
			// Moved aside (so that a lock another process took meanwhile is not removed by name), then removed.
			const aside = `${path}.${tag}.stale`;
			try {
				await fs.rename(path, aside);
			} catch {
				continue;
			}
			const moved = await readLock(aside, fs);
			if (moved && !isStale(moved, options)) {
				// A live lock taken between the read and the move: put back.
				await fs.link(aside, path).catch(() => undefined);
				await fs.unlink(aside).catch(() => undefined);
				return {ok: false, holder: moved.holder, path};
			}
			await fs.unlink(aside).catch(() => undefined);
		}
		throw new Error(`the lock ${path} could not be taken`);
	} finally {
		await fs.unlink(temporary).catch(() => undefined);
	}
}
