// The split build: `--version` and `--help` run the tiny entry alone, and each command's static module graph
// holds only what that command needs (the interactive app, Ink and React load only on the app's path).
import {execFileSync, spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {build, type Metafile} from 'esbuild';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
// @ts-expect-error plain ESM build script without types
import {entryBuildOptions, splitBuildOptions} from '../../scripts/build.mjs';
import {CLI} from '../helpers/cli.js';

const root = new URL('../..', import.meta.url).pathname;
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {version: string}).version;
let entry: Metafile;
let split: Metafile;

beforeAll(async () => {
	entry = (await build({...(await entryBuildOptions({quiet: true})), write: false})).metafile!;
	split = (await build({...(await splitBuildOptions({quiet: true})), write: false})).metafile!;
});

/** Every source file reached from an output by static imports only (what loading it reads), by input path. */
function staticInputs(meta: Metafile, output: string): string[] {
	const seen = new Set<string>();
	const visit = (path: string) => {
		if (seen.has(path)) return;
		seen.add(path);
		for (const imported of meta.outputs[path]!.imports) {
			if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
		}
	};
	visit(output);
	return [...seen].flatMap((path) => Object.keys(meta.outputs[path]!.inputs));
}

const outputFor = (meta: Metafile, entryPoint: string) => Object.keys(meta.outputs).find((path) => meta.outputs[path]!.entryPoint === entryPoint)!;

describe('the entry', () => {
	it('bundles only the argument parser, help, version and compile cache, and reaches the rest by one dynamic import', () => {
		const [output, info] = Object.entries(entry.outputs)[0]!;
		expect(output).toBe('dist/cli.js');
		expect(Object.keys(info.inputs).sort()).toEqual([
			'source/cli/compile-cache.ts',
			'source/cli/help.ts',
			'source/cli/index.ts',
			// "did you mean" for a mistyped command or option: a few lines, no imports.
			'source/format/suggest.ts',
			'source/runtime/args.ts',
			'source/runtime/command-spec.ts',
			'source/runtime/config.ts',
			'source/runtime/exit-codes.ts',
			'source/version.ts',
		]);
		expect(info.imports.filter((imported) => !imported.path.startsWith('node:'))).toEqual([{path: './lib/main.mjs', kind: 'dynamic-import', external: true}]);
	});

	describe('copied alone, without dist/lib', () => {
		const alone = mkdtempSync(join(tmpdir(), 'loan-tui-entry-'));
		afterAll(() => rmSync(alone, {recursive: true, force: true, maxRetries: 20, retryDelay: 100}));
		beforeAll(() => {
			mkdirSync(join(alone, 'dist'));
			copyFileSync(CLI, join(alone, 'dist', 'cli.js'));
			copyFileSync(join(root, 'dist', 'package.json'), join(alone, 'dist', 'package.json'));
		});
		const run = (args: string[]) => spawnSync(process.execPath, [join(alone, 'dist', 'cli.js'), ...args], {encoding: 'utf8'});

		it('answers --version, --help and a command’s --help', () => {
			expect(run(['--version'])).toMatchObject({status: 0, stdout: `${version}\n`});
			expect(run(['--help']).stdout).toContain('Usage');
			expect(run(['borrow', '--help']).stdout).toContain('--loan-amount');
		});

		it('cannot run a command (so the answers above really came from the entry alone)', () => {
			const result = run(['symbols', 'BTCUSDT', '--demo']);
			expect(result.status).not.toBe(0);
			expect(result.stderr).toContain('lib/main.mjs');
		});
	});

	it('is the same file the build wrote', () => {
		expect(execFileSync(process.execPath, [CLI, '--version'], {encoding: 'utf8'})).toBe(`${version}\n`);
	});
});

describe('the split build', () => {
	const app = /^(node_modules\/(ink|react|react-reconciler|yoga-layout)\/|source\/(app|screens)\/)/;

	it('loads neither the client nor the app with main, and the app only on its own path', () => {
		const main = outputFor(split, 'source/cli/main.ts');
		const mainInputs = staticInputs(split, main);
		expect(mainInputs).toContain('source/cli/main.ts');
		expect(mainInputs.filter((input) => app.test(input) || input.startsWith('node_modules/undici/'))).toEqual([]);
		const dynamic = split.outputs[main]!.imports.filter((imported) => imported.kind === 'dynamic-import').map((imported) => imported.path);
		const appChunk = dynamic.find((path) => staticInputs(split, path).includes('source/app/run.tsx'))!;
		expect(staticInputs(split, appChunk).some((input) => input.startsWith('node_modules/ink/'))).toBe(true);
	});

	it('takes from undici its Pool and request() (scripts/undici-pool.mjs), and its WebSocket only where a price stream opens', () => {
		const inputs = Object.values(split.outputs).flatMap((output) => Object.keys(output.inputs));
		expect(inputs).toContain('node_modules/undici/lib/dispatcher/pool.js');
		expect(inputs).toContain('node_modules/undici/lib/api/api-request.js');
		expect(inputs.filter((input) => /^node_modules\/undici\/(index\.js|lib\/(mock|cache|web\/eventsource)\/)/.test(input))).toEqual([]);
		// The WebSocket (source/api/ticker-socket.ts), with the part of fetch it uses, is a chunk of its own, loaded by a
		// dynamic import: neither main nor any command reads it by loading.
		const socket = Object.keys(split.outputs).filter((path) =>
			Object.keys(split.outputs[path]!.inputs).includes('node_modules/undici/lib/web/websocket/websocket.js'),
		);
		expect(socket).toHaveLength(1);
		const main = outputFor(split, 'source/cli/main.ts');
		const chunks = [main, ...split.outputs[main]!.imports.filter((imported) => imported.kind === 'dynamic-import').map((imported) => imported.path)];
		for (const chunk of chunks) {
			const loaded = staticInputs(split, chunk);
			expect(
				loaded.filter((input) => /^node_modules\/undici\/lib\/web\/(websocket\/|fetch\/index\.js)/.test(input)),
				chunk,
			).toEqual([]);
		}
	});

	it('gives each command a chunk of its own without Ink, React or the screens', () => {
		const main = outputFor(split, 'source/cli/main.ts');
		const chunks = split.outputs[main]!.imports.filter((imported) => imported.kind === 'dynamic-import').map((imported) => imported.path);
		for (const command of ['symbols', 'estimate', 'borrow', 'credentials']) {
			const chunk = chunks.find((path) => Object.keys(split.outputs[path]!.inputs).includes(`source/cli/commands/${command}.ts`));
			expect(chunk, command).toBeDefined();
			expect(
				staticInputs(split, chunk!).filter((input) => app.test(input)),
				command,
			).toEqual([]);
		}
	});
});
