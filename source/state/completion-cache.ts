// What shell completion offers beyond the command table, kept in the cache directory as small private files
// (state/private-file.ts: written whole and renamed, owner only): the loanable and pledgeable coins of the last full
// coin list (coinInfos, public), and the order ids of the last read of your ongoing loans, per profile. Each file is
// named after where it came from: the API origin, or "demo" for the simulator, so a demo run never fills the real
// account's completions and the other way round. No secrets here: coins and order ids only. Completion reads these
// files on every Tab, without the network; a missing, damaged or oversized file offers nothing.
import {closeSync, constants, fstatSync, openSync, readSync} from 'node:fs';
import {join} from 'node:path';
import {writePrivateFile} from './private-file.js';

const FORMAT = 1;
/** A coin list or an order list is a few KB (the demo's pairs some tens); anything larger is not ours and is not read on a key press. */
const MAX_FILE_BYTES = 1024 * 1024;
/** At most this many names are kept per list. */
const MAX_NAMES = 5000;
const COIN = /^[A-Z0-9]{1,20}$/;
const ORDER_ID = /^[0-9]{1,40}$/;
const PROFILE = /^[A-Za-z0-9._-]{1,64}$/;

/** The file-name part for where the data came from: "demo", or the API origin's host (and port). */
export function sourceName(origin: string, demo = false): string {
	return demo ? 'demo' : origin.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9.-]+/g, '_');
}

export interface CachedCoins {
	loan: string[];
	pledge: string[];
	/** Spot pairs: those of the last full list read by the `symbols` command (and the demo's); the app's Symbols
	 * screen keeps its own list (state/symbol-cache.ts). */
	pairs?: string[];
}

const coinsFile = (directory: string, source: string) => join(directory, `coins-${source}.json`);
const PAIR = /^[A-Z0-9]{1,40}$/;
const ordersFile = (directory: string, source: string, profile: string) => join(directory, `orders-${source}-${profile}.json`);

const clean = (names: readonly unknown[], pattern: RegExp): string[] =>
	[...new Set(names.filter((name): name is string => typeof name === 'string' && pattern.test(name)))].slice(0, MAX_NAMES);

/** Remembers the coins of a full coin list (pairs given or, when not, those already kept). Never throws: the cache is
 * a convenience. */
export async function saveCoins(directory: string, source: string, coins: CachedCoins): Promise<void> {
	const pairs = coins.pairs ?? readCachedCoins(directory, source)?.pairs ?? [];
	const text = JSON.stringify({format: FORMAT, loan: clean(coins.loan, COIN), pledge: clean(coins.pledge, COIN), pairs: clean(pairs, PAIR)});
	await writePrivateFile(coinsFile(directory, source), text).catch(() => undefined);
}

/** Remembers the order ids of the last read of the ongoing loans (an empty read leaves none). Never throws. */
/** Remembers the pairs of a full symbol list, keeping the coins already there. Never throws. */
export async function savePairs(directory: string, source: string, pairs: readonly string[]): Promise<void> {
	const kept = readCachedCoins(directory, source) ?? {loan: [], pledge: []};
	await saveCoins(directory, source, {...kept, pairs: [...pairs]});
}

export async function saveOrderIds(directory: string, source: string, profile: string, orderIds: readonly string[]): Promise<void> {
	if (!PROFILE.test(profile)) return;
	const text = JSON.stringify({format: FORMAT, orders: clean(orderIds, ORDER_ID)});
	await writePrivateFile(ordersFile(directory, source, profile), text).catch(() => undefined);
}

export function hasCachedCoins(directory: string, source: string): boolean {
	return readObject(coinsFile(directory, source)) !== undefined;
}

/** The cached coins, or undefined when there are none (no file, or one that cannot be read). */
export function readCachedCoins(directory: string, source: string): CachedCoins | undefined {
	const data = readObject(coinsFile(directory, source));
	if (data === undefined || !Array.isArray(data.loan) || !Array.isArray(data.pledge)) return undefined;
	return {loan: clean(data.loan, COIN), pledge: clean(data.pledge, COIN), pairs: Array.isArray(data.pairs) ? clean(data.pairs, PAIR) : []};
}

export function readCachedOrderIds(directory: string, source: string, profile: string): string[] {
	if (!PROFILE.test(profile)) return [];
	const data = readObject(ordersFile(directory, source, profile));
	return data !== undefined && Array.isArray(data.orders) ? clean(data.orders, ORDER_ID) : [];
}

/** One of our files, read synchronously (completion answers a key press), as state/bounded-file.ts reads: a regular
 * file, not through a symlink, owned by this user, no larger than the bound; else undefined. */
function readObject(path: string): Record<string, unknown> | undefined {
	let fd: number | undefined;
	try {
		fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
		const stat = fstatSync(fd);
		if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return undefined;
		if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return undefined;
		const buffer = Buffer.alloc(stat.size);
		let read = 0;
		while (read < buffer.length) {
			const got = readSync(fd, buffer, read, buffer.length - read, read);
			if (got === 0) break;
			read += got;
		}
		const data = JSON.parse(buffer.subarray(0, read).toString('utf8')) as unknown;
		if (typeof data !== 'object' || data === null || (data as {format?: unknown}).format !== FORMAT) return undefined;
		return data as Record<string, unknown>;
	} catch {
		return undefined;
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}
