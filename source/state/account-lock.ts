// One guardian per Bitget account: `loan-tui watch` holds a lock file in the account's own directory
// (state/account-state.ts), whatever the profile name or XDG_STATE_HOME, so two watches of one key cannot both top up.
// The file names its holder (pid, boot, start time: state/process-identity.ts), so a lock left by a watch that is
// gone — killed, or before a reboot that gave its pid to another process — is taken over, and a live one refuses.
import {constants} from 'node:fs';
import {link, mkdir, open, rename, rm} from 'node:fs/promises';
import {dirname} from 'node:path';
import * as v from 'valibot';
import {readBoundedFile} from './bounded-file.js';
import {currentProcess, isRunning, type ProcessIdentity} from './process-identity.js';

export type AccountLock = {ok: true; release(): Promise<void>} | {ok: false; holder: LockHolder; path: string};

/** Who holds the lock, as its file says. */
interface LockHolder extends ProcessIdentity {
	profile?: string;
	since?: number;
}

const holderSchema = v.object({
	pid: v.pipe(v.number(), v.integer(), v.minValue(1)),
	boot: v.optional(v.pipe(v.string(), v.maxLength(64))),
	start: v.optional(v.pipe(v.string(), v.regex(/^\d{1,20}$/))),
	profile: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,64}$/))),
	since: v.optional(v.number()),
});

/** The holder a lock file names; an older lock holds the pid alone. Undefined when it names none. */
function holderOf(text: string): LockHolder | undefined {
	const trimmed = text.trim();
	if (/^\d{1,10}$/.test(trimmed)) return {pid: Number(trimmed)};
	try {
		const parsed = v.safeParse(holderSchema, JSON.parse(trimmed));
		return parsed.success ? parsed.output : undefined;
	} catch {
		return undefined;
	}
}

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Takes the lock at `path`, or says who holds it. The file is written whole under a temporary name and linked into
 * place, so a second process never reads a lock half written and takes it for a stale one. */
export async function acquireAccountLock(path: string, profile: string): Promise<AccountLock> {
	await mkdir(dirname(path), {recursive: true, mode: 0o700});
	const me: LockHolder = {...currentProcess(), profile, since: Date.now()};
	const temporary = `${path}.${process.pid}.new`;
	await rm(temporary, {force: true});
	const handle = await open(temporary, CREATE, 0o600);
	try {
		await handle.writeFile(`${JSON.stringify(me)}\n`);
	} finally {
		await handle.close();
	}
	try {
		for (let attempt = 0; attempt < 3; attempt++) {
			try {
				await link(temporary, path);
				return {ok: true, release: () => releaseIfMine(path, me)};
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			}
			const text = await readBoundedFile(path, 4096).catch(() => undefined);
			const holder = text === undefined ? undefined : holderOf(text);
			if (holder && isRunning(holder)) return {ok: false, holder, path};
			if (text === undefined && attempt === 0) continue;
			// Left by a watch that is gone: moved aside (so that a lock another process took meanwhile is not removed
			// by name) and then removed.
			const aside = `${path}.${process.pid}.stale`;
			await rename(path, aside).catch(() => undefined);
			const moved = await readBoundedFile(aside, 4096).catch(() => undefined);
			const movedHolder = moved === undefined ? undefined : holderOf(moved);
			if (movedHolder && isRunning(movedHolder)) {
				// A live lock taken between the read and the move: put back.
				await link(aside, path).catch(() => undefined);
				await rm(aside, {force: true});
				return {ok: false, holder: movedHolder, path};
			}
			await rm(aside, {force: true});
		}
		throw new Error(`the lock ${path} could not be taken`);
	} finally {
		await rm(temporary, {force: true});
	}
}

/** Removes the lock only while it is still this process's. */
async function releaseIfMine(path: string, me: LockHolder): Promise<void> {
	const text = await readBoundedFile(path, 4096).catch(() => undefined);
	const holder = text === undefined ? undefined : holderOf(text);
	if (holder?.pid === me.pid && holder.start === me.start && holder.since === me.since) await rm(path, {force: true});
}
