// Which process holds a lock, told apart from a later one that got the same pid, and a clock for money limits that a
// change of the wall clock cannot move. Linux says both through /proc: the boot's id
// (/proc/sys/kernel/random/boot_id), a process's start time in clock ticks since boot (/proc/PID/stat, field 22) and
// the time since boot, suspend included (/proc/uptime). Elsewhere only the pid and the wall clock are known.
import {readFileSync} from 'node:fs';

/** A process as a lock file records it. `boot` and `start` are missing where /proc is not. */
export interface ProcessIdentity {
	pid: number;
	boot?: string;
	start?: string;
}

/** An instant on this machine: the wall clock, and where known the boot and the time since it (ms). */
export interface LocalInstant {
	wall: number;
	boot?: string;
	uptimeMs?: number;
}

function readProc(path: string): string | undefined {
	try {
		return readFileSync(path, 'utf8');
	} catch {
		return undefined;
	}
}

let bootId: string | null | undefined;
/** This boot's id, read once. */
function currentBoot(): string | undefined {
	if (bootId === undefined)
		bootId =
			readProc('/proc/sys/kernel/random/boot_id')
				?.trim()
				.replace(/[^0-9a-f-]/gi, '')
				.slice(0, 64) || null;
	return bootId ?? undefined;
}

/** A process's start time (clock ticks since boot), or undefined. The command may hold spaces and parentheses: the
 * fields are counted after its last ")". */
function startTimeOf(pid: number): string | undefined {
	const stat = readProc(`/proc/${pid}/stat`);
	if (stat === undefined) return undefined;
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	// Field 22 of the whole line is the 20th after the command (fields 1 and 2 are the pid and the command).
	const start = fields[19];
	return start !== undefined && /^\d+$/.test(start) ? start : undefined;
}

export function currentProcess(): ProcessIdentity {
	const boot = currentBoot();
	const start = startTimeOf(process.pid);
	return {pid: process.pid, ...(boot ? {boot} : {}), ...(start ? {start} : {})};
}

/** Whether a process holds `pid` now (any process: see isRunning for the one a lock names). */
function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: a process of another user holds that pid, alive.
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Whether the process a lock names still runs: not after a reboot (another boot id), not when its pid now belongs
 * to a process that started at another time. Without /proc, whether the pid is alive. */
export function isRunning(holder: ProcessIdentity): boolean {
	if (!Number.isSafeInteger(holder.pid) || holder.pid <= 0) return false;
	if (holder.pid === process.pid) return holder.start === undefined || holder.start === startTimeOf(process.pid);
	const boot = currentBoot();
	if (holder.boot !== undefined && boot !== undefined && holder.boot !== boot) return false;
	if (!pidAlive(holder.pid)) return false;
	if (holder.start !== undefined) {
		const start = startTimeOf(holder.pid);
		if (start !== undefined && start !== holder.start) return false;
	}
	return true;
}

/** Now, on this machine's clocks. */
export function localNow(): LocalInstant {
	const wall = Date.now();
	const boot = currentBoot();
	const uptime = readProc('/proc/uptime');
	const seconds = uptime === undefined ? Number.NaN : Number(uptime.split(' ')[0]);
	return {wall, ...(boot ? {boot} : {}), ...(Number.isFinite(seconds) ? {uptimeMs: Math.round(seconds * 1000)} : {})};
}

/** How long ago `then` was, as a money limit counts it: never less than 0, and within one boot the lesser of the
 * wall clock's and the time since boot's — so a wall clock moved back keeps a limit on (the time looks shorter), and
 * one moved forward never ends it early (the time since boot did not jump). Across a reboot only the wall clock can
 * tell, and it is taken as it is. */
export function elapsedSince(then: LocalInstant, now: LocalInstant): number {
	const wall = Math.max(0, now.wall - then.wall);
	if (then.boot !== undefined && then.boot === now.boot && then.uptimeMs !== undefined && now.uptimeMs !== undefined) {
		return Math.min(wall, Math.max(0, now.uptimeMs - then.uptimeMs));
	}
	return wall;
}
