// The Node versions the start-up figures are measured on: this node, and the registry's node@22 and node@24 in
// the cache directory `.ci/run` installs them to (installed here too when missing). BENCH_NODES=20 limits them.
import {execFileSync} from 'node:child_process';
import {homedir} from 'node:os';
import {join} from 'node:path';

export interface NodeBinary {
	label: string;
	path: string;
	version: string;
}

function installed(major: number): string | undefined {
	const directory = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'loan-tui-ci', `node${major}`);
	const binary = join(directory, 'node_modules', 'node', 'bin', 'node');
	const version = () => execFileSync(binary, ['--version'], {encoding: 'utf8'}).trim();
	try {
		if (version().startsWith(`v${major}.`)) return binary;
	} catch {
		// Not there yet.
	}
	console.error(`installing node@${major} into ${directory}…`);
	execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', directory, `node@${major}`], {stdio: ['ignore', 'ignore', 'inherit']});
	return version().startsWith(`v${major}.`) ? binary : undefined;
}

export function nodeBinaries(): NodeBinary[] {
	const wanted = (process.env.BENCH_NODES ?? '20,22,24').split(',').map(Number);
	const own = Number(process.versions.node.split('.')[0]);
	return wanted.flatMap((major) => {
		const path = major === own ? process.execPath : installed(major);
		if (!path) throw new Error(`could not install node@${major}`);
		return [{label: `Node ${major}`, path, version: execFileSync(path, ['--version'], {encoding: 'utf8'}).trim()}];
	});
}
