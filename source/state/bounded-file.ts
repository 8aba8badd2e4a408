// Reading loan-tui's own files (settings, caches, the money record) without trusting what is at the path: never
// through a symbolic link, only a regular file (a FIFO would block, a directory is no file), and never more than a
// stated number of bytes, so a planted or runaway file is refused with a message instead of filling the memory.
import {constants} from 'node:fs';
import * as fsp from 'node:fs/promises';
import type {FileHandle} from 'node:fs/promises';

/** What a read may be refused for; `message` says which file and why, in words a person can act on. */
export type RefusalReason = 'symlink' | 'not-a-file' | 'too-large' | 'unreadable' | 'not-owner';

export class FileRefusedError extends Error {
	constructor(
		message: string,
		readonly reason: RefusalReason,
	) {
		super(message);
		this.name = 'FileRefusedError';
	}
}

/** The one call of node:fs/promises these reads make (tests pass a failing one). */
export type OpenFile = (path: string, flags: number, mode?: number) => Promise<FileHandle>;

/** Read-only, no symlink followed (ELOOP instead), and a FIFO opens without waiting for a writer. */
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

function describeBytes(bytes: number): string {
	if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
	if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
	return `${bytes} bytes`;
}

/** Why an open or fstat failed, in words (the code only when it is not one of the common ones). */
function refusalOf(path: string, error: unknown): FileRefusedError {
	const code = (error as {code?: string}).code;
	if (code === 'ELOOP') return new FileRefusedError(`${path} is a symbolic link: not followed`, 'symlink');
	if (code === 'EACCES' || code === 'EPERM') return new FileRefusedError(`${path} could not be read: permission denied`, 'unreadable');
	if (code === 'EISDIR') return new FileRefusedError(`${path} is a directory, not a file`, 'not-a-file');
	return new FileRefusedError(`${path} could not be read (${code ?? (error instanceof Error ? error.message : String(error))})`, 'unreadable');
}

/**
 * Opens `path` for reading once it is checked: a regular file of at most `maxBytes`, reached without a symlink and
 * (with `owner`) owned by this user. undefined when nothing is there; FileRefusedError otherwise.
 */
export async function openBoundedFile(
	path: string,
	maxBytes: number,
	options: {open?: OpenFile; owner?: boolean} = {},
): Promise<{handle: FileHandle; size: number} | undefined> {
	const open = options.open ?? fsp.open;
	let handle: FileHandle;
	try {
		handle = await open(path, READ_FLAGS);
	} catch (error) {
		if ((error as {code?: string}).code === 'ENOENT' || (error as {code?: string}).code === 'ENOTDIR') return undefined;
		throw refusalOf(path, error);
	}
	try {
		const stat = await handle.stat();
		if (stat.isDirectory()) throw new FileRefusedError(`${path} is a directory, not a file`, 'not-a-file');
		if (!stat.isFile()) throw new FileRefusedError(`${path} is not a regular file (a FIFO, socket or device): not read`, 'not-a-file');
		const uid = process.getuid?.();
		if (options.owner && uid !== undefined && stat.uid !== uid)
			throw new FileRefusedError(`${path} belongs to another user (uid ${stat.uid}): not read`, 'not-owner');
		if (stat.size > maxBytes)
			throw new FileRefusedError(`${path} is ${describeBytes(stat.size)}, more than the ${describeBytes(maxBytes)} loan-tui reads: not read`, 'too-large');
		return {handle, size: stat.size};
	} catch (error) {
		await handle.close().catch(() => undefined);
		throw error instanceof FileRefusedError ? error : refusalOf(path, error);
	}
}

/** The whole file as UTF-8 (checked as openBoundedFile does); undefined when nothing is there. */
export async function readBoundedFile(path: string, maxBytes: number, options: {open?: OpenFile; owner?: boolean} = {}): Promise<string | undefined> {
	const opened = await openBoundedFile(path, maxBytes, options);
	if (!opened) return undefined;
	const {handle, size} = opened;
	try {
		// Read to the end, not to the size fstat gave: the file may grow meanwhile, but never past the bound.
		const chunks: Buffer[] = [];
		let total = 0;
		for (;;) {
			const buffer = Buffer.allocUnsafe(Math.min(Math.max(size - total, 0) + 1, 1024 * 1024));
			const {bytesRead} = await handle.read(buffer, 0, buffer.length, null);
			if (bytesRead === 0) break;
			total += bytesRead;
			if (total > maxBytes) throw new FileRefusedError(`${path} grew past the ${describeBytes(maxBytes)} loan-tui reads: not read`, 'too-large');
			chunks.push(buffer.subarray(0, bytesRead));
		}
		return Buffer.concat(chunks, total).toString('utf8');
	} catch (error) {
		throw error instanceof FileRefusedError ? error : refusalOf(path, error);
	} finally {
		await handle.close().catch(() => undefined);
	}
}
