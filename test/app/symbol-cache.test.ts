import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {decodedLimit} from '../../source/api/limits.js';
import {fileSymbolCache, type SymbolCache} from '../../source/state/symbol-cache.js';
import {readDirectories} from '../../source/runtime/config.js';
import {age} from '../../source/format/time.js';
import {createSymbolStore, type SymbolListState} from '../../source/services/symbol-store.js';
import {BUILT_IN_SYMBOLS} from '../../source/simulator/index.js';
import {waitFor} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

const dirs: string[] = [];
const temp = () => {
	const dir = mkdtempSync(join(tmpdir(), 'loan-tui-cache-test-'));
	dirs.push(dir);
	return join(dir, 'loan-tui');
};
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true, maxRetries: 20, retryDelay: 100});
});
const records = BUILT_IN_SYMBOLS.map((record) => ({...record}));

/** Polls an async check until it holds, within a bound that fails loudly. */
async function waitForAsync(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
	const deadline = performance.now() + timeoutMs;
	while (!(await check())) {
		if (performance.now() > deadline) throw new Error('the cache write never finished');
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

/** Stores a list the way a fetch does: the answer's bytes in chunks, then a commit. */
async function save(cache: SymbolCache, list: unknown[], fetchedAt: number, envelope: object = {code: '00000', msg: 'success', requestTime: 1}) {
	const writer = cache.begin();
	const bytes = Buffer.from(JSON.stringify({...envelope, data: list}));
	for (let at = 0; at < bytes.length; at += 1000) writer.chunk(bytes.subarray(at, at + 1000));
	await writer.commit(fetchedAt);
}

describe('symbol cache on disk', () => {
	it('writes and reads back the list with its fetch time, private to the user', async () => {
		const dir = temp();
		const cache = fileSymbolCache(dir, 'https://api.bitget.com');
		await save(cache, records, 1_700_000_000_000);
		expect(readdirSync(dir).sort()).toEqual(['symbols-api.bitget.com.json', 'symbols-api.bitget.com.meta.json']);
		for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
		expect(statSync(dir).mode & 0o777).toBe(0o700);
		expect(await cache.read()).toEqual({records, fetchedAt: 1_700_000_000_000, unreadable: 0});
	});

	it('ignores a missing, corrupt, foreign or invalid cache', async () => {
		const dir = temp();
		const cache = fileSymbolCache(dir, 'https://api.bitget.com');
		expect(await cache.read()).toBeUndefined();
		await save(cache, records, 1);
		const file = join(dir, 'symbols-api.bitget.com.json');
		const metaFile = join(dir, 'symbols-api.bitget.com.meta.json');
		const good = readFileSync(file, 'utf8');
		const meta = readFileSync(metaFile, 'utf8');
		for (const bad of [good.slice(0, good.length / 2), 'not json', good.replace('"00000"', '"40015"')]) {
			writeFileSync(file, bad);
			expect(await cache.read()).toBeUndefined();
		}
		writeFileSync(file, good);
		expect(await cache.read()).toMatchObject({fetchedAt: 1});
		writeFileSync(metaFile, meta.replace('"format":2', '"format":1'));
		expect(await cache.read()).toBeUndefined();
		writeFileSync(metaFile, meta);
		expect(await fileSymbolCache(dir, 'https://elsewhere.example').read()).toBeUndefined();
	});

	it('one odd record in the cached list is left out and counted; the rest of the list still reads', async () => {
		const dir = temp();
		const cache = fileSymbolCache(dir, 'https://api.bitget.com');
		await save(cache, records, 1);
		const file = join(dir, 'symbols-api.bitget.com.json');
		const good = readFileSync(file, 'utf8');
		const answer = JSON.parse(good) as {data: Array<Record<string, unknown>>};
		answer.data[0]!.symbol = 'BTC\u001b[2JUSDT';
		answer.data[1]!.makerFeeRate = '';
		const odd = String(answer.data[1]!.symbol);
		writeFileSync(file, JSON.stringify(answer));
		const read = await cache.read();
		expect(read?.unreadable).toBe(2);
		expect(read?.records).toHaveLength(records.length - 2);
		expect(read?.records.some((record) => record.symbol === odd || record.symbol.includes('\u001b'))).toBe(false);
		// Nothing readable at all is no list.
		writeFileSync(file, JSON.stringify({code: '00000', msg: 'success', requestTime: 1, data: [{symbol: ''}]}));
		expect(await cache.read()).toBeUndefined();
	});

	it('drops an aborted copy and keeps the previous cache', async () => {
		const dir = temp();
		const cache = fileSymbolCache(dir, 'origin');
		await save(cache, records.slice(0, 2), 3);
		const writer = cache.begin();
		writer.chunk(Buffer.from('{"code":"00000","data":[{"symbol":'));
		writer.abort();
		expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
		expect(await cache.read()).toMatchObject({fetchedAt: 3});
	});

	it('never grows past the symbol list cap: the copy is dropped and the previous cache kept', async () => {
		const dir = temp();
		const cache = fileSymbolCache(dir, 'origin');
		await save(cache, records.slice(0, 2), 3);
		const writer = cache.begin();
		const mebibyte = Buffer.alloc(1024 * 1024, 0x20);
		const largest = {bytes: 0};
		for (let i = 0; i < decodedLimit('symbols') / mebibyte.length + 2; i++) {
			writer.chunk(mebibyte);
			const temporary = readdirSync(dir).find((name) => name.endsWith('.tmp'));
			if (temporary) largest.bytes = Math.max(largest.bytes, statSync(join(dir, temporary)).size);
		}
		expect(largest.bytes).toBeGreaterThan(0);
		expect(largest.bytes).toBeLessThanOrEqual(decodedLimit('symbols'));
		expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
		await expect(writer.commit(9)).rejects.toThrow('could not write the symbol cache');
		expect(await cache.read()).toMatchObject({fetchedAt: 3});
	});

	it('removes temporary copies left by a killed run at the next start, not those of a running one', async () => {
		const dir = temp();
		await save(fileSymbolCache(dir, 'origin'), records.slice(0, 2), 3);
		const dead = spawnSync(process.execPath, ['-e', '']).pid!;
		const stale = [`symbols-origin.json.${dead}.1.tmp`, `symbols-origin.meta.json.${dead}.tmp`];
		const live = `symbols-origin.json.${process.ppid}.1.tmp`;
		for (const name of [...stale, live]) writeFileSync(join(dir, name), 'partial');
		fileSymbolCache(dir, 'origin');
		expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([live]);
	});

	it('lives in the XDG cache directory, else ~/.cache', () => {
		const cacheDirectory = (env: Record<string, string>) => readDirectories(env).cache;
		expect(cacheDirectory({XDG_CACHE_HOME: '/x/cache', HOME: '/home/u'})).toBe('/x/cache/loan-tui');
		expect(cacheDirectory({XDG_CACHE_HOME: 'relative', HOME: '/home/u'})).toBe('/home/u/.cache/loan-tui');
		expect(cacheDirectory({HOME: '/home/u'})).toBe('/home/u/.cache/loan-tui');
	});

	it('says how old a list is', () => {
		expect([age(10_000), age(3 * 60_000), age(5 * 3_600_000), age(3 * 86_400_000)]).toEqual(['just now', '3 min ago', '5 h ago', '3 days ago']);
	});
});

describe('symbol store with a cache (stale-while-revalidate)', () => {
	const sim = useSimulator({extraSymbols: 10});
	const client = async () => {
		const {BitgetClient} = await import('../../source/api/client.js');
		return new BitgetClient({baseUrl: sim.simulator.url});
	};

	it('shows the cached list at once, then the fresh one, and writes it back', async () => {
		const dir = temp();
		const cache = fileSymbolCache(dir, 'origin');
		await save(cache, records.slice(0, 3), 5);
		sim.simulator.injectFault({kind: 'stall', operation: 'symbols', stallMs: 300});
		const api = await client();
		const store = createSymbolStore(api, {cache, now: () => 42});
		const seen: SymbolListState[] = [];
		store.subscribe(() => seen.push(store.get()));
		// settled() waits out the whole load, the cached list's showing included (app/idle-preload.ts).
		await store.settled();
		store.ensure();
		let settledAs: SymbolListState['status'] | undefined;
		void store.settled().then(() => (settledAs = store.get().status));
		await waitFor(() => expect(store.get().status).toBe('ready'));
		await waitFor(() => expect(settledAs).toBe('ready'));
		expect(seen.some((state) => state.status === 'loading' && state.fromCache && state.records?.length === 3)).toBe(true);
		expect(store.get()).toMatchObject({status: 'ready', fromCache: false, fetchedAt: 42});
		// Written back: waited for on the file itself (the copy is committed after the list is shown).
		let written: number | undefined;
		for (let i = 0; i < 300 && written !== 42; i++) {
			await new Promise((resolve) => setTimeout(resolve, 50));
			written = (await cache.read())?.fetchedAt;
		}
		expect(written).toBe(42);
		await api.close();
	});

	it('sends the request at once but reads its answer only after the cached copy, so the two never compete', async () => {
		const dir = temp();
		const files = fileSymbolCache(dir, 'origin');
		await save(files, records.slice(0, 2), 5);
		let finishRead: () => void = () => undefined;
		const slowDisk = new Promise<void>((resolve) => (finishRead = resolve));
		const cache: SymbolCache = {...files, read: async () => (await slowDisk, files.read())};
		const api = await client();
		// The client's word that the answer is in and now waits for the cached copy: the moment it starts waiting on
		// `readAfter` (api/client.ts reads the body only once that has settled).
		let answerWaits = false;
		const symbolList = api.symbolList.bind(api);
		api.symbolList = (query, options) => {
			const readAfter = options?.readAfter;
			if (!readAfter) return symbolList(query, options);
			const watched = {then: (...handlers: Parameters<Promise<unknown>['then']>) => ((answerWaits = true), readAfter.then(...handlers))} as Promise<unknown>;
			return symbolList(query, {...options, readAfter: watched});
		};
		const store = createSymbolStore(api, {cache});
		const seen: SymbolListState[] = [];
		store.subscribe(() => seen.push(store.get()));
		const before = sim.simulator.requests.length;
		store.ensure();
		await waitFor(() => expect(sim.simulator.requests.slice(before).some((request) => request.operation === 'symbols')).toBe(true));
		// The answer is at hand, but it waits for the cache.
		await waitFor(() => expect(answerWaits).toBe(true));
		const waiting = store.get();
		expect(waiting.status).toBe('loading');
		expect(waiting.status === 'loading' ? waiting.records : 'not loading').toBeUndefined();
		finishRead();
		await waitFor(() => expect(store.get()).toMatchObject({status: 'ready', fromCache: false}));
		const cachedAt = seen.findIndex((state) => state.status === 'loading' && state.fromCache && state.records?.length === 2);
		expect(cachedAt).toBeGreaterThanOrEqual(0);
		expect(cachedAt).toBeLessThan(seen.findIndex((state) => state.status === 'ready'));
		// The fresh list goes to the cache after it shows: waited for, so the directory is not removed under the write.
		await waitForAsync(async () => (await files.read())?.fetchedAt !== 5 && !readdirSync(dir).some((name) => name.endsWith('.tmp')));
		await api.close();
	});

	it('keeps the cached list on screen when the refresh fails', async () => {
		const dir = temp();
		const cache = fileSymbolCache(dir, 'origin');
		await save(cache, records.slice(0, 4), 7);
		sim.simulator.setAvailable(false);
		const api = await client();
		const store = createSymbolStore(api, {cache});
		store.ensure();
		await waitFor(() => expect(store.get()).toMatchObject({status: 'error', fromCache: true, fetchedAt: 7}));
		const state = store.get();
		expect(state.status === 'error' ? state.records : undefined).toHaveLength(4);
		await api.close();
	});
});
