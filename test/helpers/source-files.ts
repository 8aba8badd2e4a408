// Every TypeScript file below a folder (declaration files left out), for the tests that read the source itself.
import {readdirSync, statSync} from 'node:fs';
import {join} from 'node:path';

export function sourceFiles(dir: string, out: string[] = []): string[] {
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) sourceFiles(path, out);
		else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
	}
	return out;
}
