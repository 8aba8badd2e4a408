// Small private files: written whole to a temporary file and renamed (a crash leaves the old file, never half
// a file), readable by the owner only. Reading a missing or unreadable file gives undefined, never an error:
// these files are conveniences, and losing one must not stop the app.
import {chmod, mkdir, readFile, rename, writeFile} from 'node:fs/promises';
import {dirname} from 'node:path';

export async function readPrivateFile(path: string): Promise<string | undefined> {
	try {
		return await readFile(path, 'utf8');
	} catch {
		return undefined;
	}
}

export async function writePrivateFile(path: string, text: string): Promise<void> {
	await mkdir(dirname(path), {recursive: true, mode: 0o700});
	const temporary = `${path}.${process.pid}.tmp`;
	await writeFile(temporary, text, {mode: 0o600});
	await chmod(temporary, 0o600);
	await rename(temporary, path);
}
