// Node's compile cache (Node ≥ 22.1) lives in the app's cache directory; on Node 20 the API is absent and the
// CLI runs as before, leaving no directory behind. `.ci/run` runs this file on Node 20, 22 and 24.
import * as nodeModule from 'node:module';
import {existsSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {enableCompileCache} from '../../source/cli/compile-cache.js';
import {runCli} from '../helpers/cli.js';

const hasCompileCache = typeof (nodeModule as {enableCompileCache?: unknown}).enableCompileCache === 'function';
const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
let cache = '';
afterEach(() => {
	if (cache) rmSync(cache, {recursive: true, force: true});
});

describe(`the compile cache on Node ${process.versions.node}`, () => {
	it('is a feature of exactly Node ≥ 22.1', () => {
		expect(hasCompileCache).toBe(major > 22 || (major === 22 && minor >= 1));
	});

	it.runIf(hasCompileCache)('fills <cache>/loan-tui/compile-cache with the chunks a command loaded', async () => {
		cache = mkdtempSync(join(tmpdir(), 'loan-tui-compile-cache-'));
		const result = await runCli(['symbols', 'BTCUSDT', '--demo', '--json'], {env: {XDG_CACHE_HOME: cache}});
		expect(result.code).toBe(0);
		const directory = join(cache, 'loan-tui', 'compile-cache');
		const versions = readdirSync(directory);
		expect(versions.length).toBe(1);
		expect(versions[0]).toContain(process.versions.node);
		expect(readdirSync(join(directory, versions[0]!)).length).toBeGreaterThan(3);
		// A second run reads it and still works.
		expect((await runCli(['symbols', 'BTCUSDT', '--demo', '--json'], {env: {XDG_CACHE_HOME: cache}})).code).toBe(0);
	});

	it.runIf(!hasCompileCache)('is absent gracefully: the command works and no directory is made', async () => {
		cache = mkdtempSync(join(tmpdir(), 'loan-tui-compile-cache-'));
		const result = await runCli(['symbols', 'BTCUSDT', '--demo', '--json'], {env: {XDG_CACHE_HOME: cache}});
		expect(result).toMatchObject({code: 0, stderr: ''});
		expect(existsSync(join(cache, 'loan-tui', 'compile-cache'))).toBe(false);
		expect(enableCompileCache({XDG_CACHE_HOME: cache})).toBeUndefined();
	});

	it('is not written by --version, which loads nothing worth caching', async () => {
		cache = mkdtempSync(join(tmpdir(), 'loan-tui-compile-cache-'));
		expect((await runCli(['--version'], {env: {XDG_CACHE_HOME: cache}})).code).toBe(0);
		expect(existsSync(join(cache, 'loan-tui'))).toBe(false);
	});
});
