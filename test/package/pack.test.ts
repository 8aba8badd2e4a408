// `npx loan-tui` runs from the packed tarball: it ships the built entry and its chunks, README and licence only,
// and needs nothing else.
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'loan-tui-pack-'));
afterAll(() => rmSync(work, {recursive: true, force: true, maxRetries: 20, retryDelay: 100}));

const npm = (args: string[], cwd: string) =>
	execFileSync('npm', args, {cwd, encoding: 'utf8', env: {...process.env, npm_config_update_notifier: 'false'}, stdio: ['ignore', 'pipe', 'pipe']});

describe('the published package', () => {
	it('contains only the built entry and every chunk of this build, README, licence and package.json', () => {
		const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], root)) as Array<{
			files: Array<{path: string}>;
			filename: string;
		}>;
		const chunks = readdirSync(join(root, 'dist', 'lib')).map((name) => `dist/lib/${name}`);
		expect(chunks).toContain('dist/lib/main.mjs');
		expect(packed!.files.map((file) => file.path).sort()).toEqual(
			['LICENSE', 'README.md', 'dist/cli.js', 'dist/package.json', ...chunks, 'package.json'].sort(),
		);
		const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
		expect(manifest.bin).toEqual({'loan-tui': 'dist/cli.js'});
		expect(manifest.dependencies ?? {}).toEqual({});
		// The keychain binding: prebuilt per platform (its own optional packages), no install script.
		expect(Object.keys(manifest.optionalDependencies)).toEqual(['@napi-rs/keyring']);
		writeFileSync(join(work, 'tarball'), packed!.filename);
	});

	it('its package.json runs nothing at install, and no script names a file the tarball lacks', () => {
		const [packed] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], root)) as Array<{files: Array<{path: string}>}>;
		const shipped = new Set(packed!.files.map((file) => file.path));
		// The packed package.json is the one on disk (npm pack ships it as it is).
		const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {scripts?: Record<string, string>}).scripts ?? {};
		// What npm itself runs for whoever installs the package (a global install included): nothing at all.
		const lifecycle = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare'];
		expect(Object.keys(scripts).filter((name) => lifecycle.includes(name))).toEqual([]);
		// Every file a script names is in the tarball, or the script is one of the clone's development scripts, which
		// only a person runs, in a clone (a packed copy has no source to build or bench).
		const development = new Set(['build', 'typecheck', 'lint', 'deadcode', 'demo', 'test', 'bench', 'format', 'format:check']);
		const missing = Object.entries(scripts).flatMap(([name, command]) =>
			(command.match(/[\w@.-]*\/[\w@./-]+|[\w-]+\.(?:m?js|cjs|ts|sh)\b/g) ?? [])
				.filter((path) => !shipped.has(path.replace(/^\.\//, '')))
				.map((path) => `${name}: ${path}`),
		);
		expect(missing.filter((entry) => !development.has(entry.split(':')[0]!))).toEqual([]);
		expect(Object.keys(scripts).filter((name) => !development.has(name))).toEqual([]);
	});

	it('installs and runs from the tarball with no other package', () => {
		const tarball = join(work, readFileSync(join(work, 'tarball'), 'utf8'));
		const project = join(work, 'project');
		execFileSync('mkdir', ['-p', project]);
		writeFileSync(join(project, 'package.json'), '{"name":"consumer","version":"1.0.0","private":true}');
		npm(['install', '--offline', '--omit=optional', '--no-audit', '--no-fund', '--ignore-scripts', tarball], project);
		const bin = join(project, 'node_modules', '.bin', 'loan-tui');
		expect(execFileSync(bin, ['--version'], {encoding: 'utf8'}).trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
		expect(execFileSync(bin, ['estimate', '--help'], {encoding: 'utf8'})).toContain('--pledge-amount');
		const pair = JSON.parse(execFileSync(bin, ['symbols', 'BTCUSDT', '--demo', '--json'], {encoding: 'utf8'}));
		expect(pair[0].symbol).toBe('BTCUSDT');
	}, 180_000);
});
