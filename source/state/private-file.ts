// Small private files: written whole to a temporary file and renamed (a crash leaves the old file, never half a
// file), readable by the owner only. Reads are bounded (state/bounded-file.ts): a missing file is "missing", and one
// that is not a regular file, is reached through a symlink or is too large is "refused" with the reason, never read
// whole. These files are conveniences: the caller goes on without one.
import {constants} from 'node:fs';
import {mkdir, open, rename, rm} from 'node:fs/promises';
import {dirname} from 'node:path';
import {FileRefusedError, readBoundedFile} from './bounded-file.js';

/** Settings and the like are a few KB; anything this big is not ours. */
const PRIVATE_FILE_MAX_BYTES = 1024 * 1024;

export type PrivateFile = {status: 'missing'} | {status: 'read'; text: string} | {status: 'refused'; message: string};

export async function readPrivateFile(path: string, maxBytes = PRIVATE_FILE_MAX_BYTES): Promise<PrivateFile> {
	try {
		const text = await readBoundedFile(path, maxBytes);
		return text === undefined ? {status: 'missing'} : {status: 'read', text};
	} catch (error) {
		return {status: 'refused', message: error instanceof FileRefusedError ? error.message : `${path} could not be read`};
	}
}

export async function writePrivateFile(path: string, text: string): Promise<void> {
	await mkdir(dirname(path), {recursive: true, mode: 0o700});
	const temporary = `${path}.${process.pid}.tmp`;
	try {
		// Never through a symlink planted at the temporary name; one left by an earlier run of this pid goes first.
		await rm(temporary, {force: true});
		const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
		try {
			await handle.writeFile(text);
			await handle.chmod(0o600);
		} finally {
			await handle.close();
		}
		await rename(temporary, path);
	} catch (error) {
		// A full disk or a failed rename leaves no temporary file behind.
		await rm(temporary, {force: true}).catch(() => undefined);
		throw error;
	}
}
