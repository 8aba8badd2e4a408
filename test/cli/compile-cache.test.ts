// Node's compile cache (Node ≥ 22.1) is used by the interactive app, in its cache directory; on Node 20 the API is
// absent and the app starts as before. Commands write nothing at all. `.ci/run` runs this file on Node 20, 22, 24.
import * as nodeModule from 'node:module';
import {existsSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {enableCompileCache} from '../../source/cli/compile-cache.js';
import {CLI, runCli} from '../helpers/cli.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const hasCompileCache = typeof (nodeModule as {enableCompileCache?: unknown}).enableCompileCache === 'function';
const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
let cache = '';
afterEach(() => {
	if (cache) rmSync(cache, {recursive: true, force: true, maxRetries: 20, retryDelay: 100});
});

describe(`the compile cache on Node ${process.versions.node}`, () => {
	it('is a feature of exactly Node ≥ 22.1', () => {
		expect(hasCompileCache).toBe(major > 22 || (major === 22 && minor >= 1));
	});

	/** The interactive app in a real terminal, drawn, then quit. */
	const runApp = async () => {
		const tmux = Tmux.start(`node ${CLI} --base-url http://127.0.0.1:9`, {env: {XDG_CACHE_HOME: cache}});
		try {
			await tmux.waitFor('? this help');
			await tmux.send('C-c');
			await tmux.waitFor('EXIT=0');
		} finally {
			tmux.kill();
		}
	};

	it.runIf(hasCompileCache && !tmuxMissing)('fills <cache>/loan-tui/compile-cache with the chunks the app loaded, and a second start uses it', async () => {
		cache = mkdtempSync(join(tmpdir(), 'loan-tui-compile-cache-'));
		await runApp();
		const directory = join(cache, 'loan-tui', 'compile-cache');
		const versions = readdirSync(directory);
		expect(versions.length).toBe(1);
		expect(versions[0]).toContain(process.versions.node);
		const entries = readdirSync(join(directory, versions[0]!));
		expect(entries.length).toBeGreaterThan(3);
		await runApp();
		expect(readdirSync(join(directory, versions[0]!)).sort()).toEqual(entries.sort());
	});

	it.runIf(!hasCompileCache && !tmuxMissing)('is absent gracefully: the app starts and no directory is made', async () => {
		cache = mkdtempSync(join(tmpdir(), 'loan-tui-compile-cache-'));
		await runApp();
		expect(existsSync(join(cache, 'loan-tui', 'compile-cache'))).toBe(false);
		expect(enableCompileCache(join(cache, 'loan-tui'))).toBeUndefined();
	});

	it('is not written by a command (which keeps only what completion reads)', async () => {
		cache = mkdtempSync(join(tmpdir(), 'loan-tui-compile-cache-'));
		expect((await runCli(['symbols', 'BTCUSDT', '--demo', '--json'], {env: {XDG_CACHE_HOME: cache}})).code).toBe(0);
		expect(existsSync(join(cache, 'loan-tui', 'compile-cache'))).toBe(false);
	});

	it('is not written by --version, which loads nothing worth caching', async () => {
		cache = mkdtempSync(join(tmpdir(), 'loan-tui-compile-cache-'));
		expect((await runCli(['--version'], {env: {XDG_CACHE_HOME: cache}})).code).toBe(0);
		expect(existsSync(join(cache, 'loan-tui'))).toBe(false);
	});
});
