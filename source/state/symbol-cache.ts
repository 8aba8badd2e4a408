// The symbol list on disk (XDG cache directory), so a second start shows pairs before the network answers.
// The answer is copied to disk as it streams in (the decoded bytes, as the server sent them), so caching costs
// no serialising and no extra memory; it is committed only when the whole list was valid. Reading streams the
// file (checked first: state/bounded-file.ts) through the same parser and checks as the network path. Public data
// only: no secrets here.
import {closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, write, writeSync} from 'node:fs';
import {rename, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import {pipeline} from 'node:stream/promises';
import {ArrayEnvelopeParser} from '../api/array-stream.js';
import {DECODED_CHUNK_BYTES} from '../api/decode.js';
import {decodedLimit} from '../api/limits.js';
import {RecordTally} from '../api/symbol-records.js';
import {SKIP} from '../api/array-stream.js';
import type {SymbolRecord} from '../api/types.js';
import {openBoundedFile, readBoundedFile, type OpenFile} from './bounded-file.js';
import {sourceName} from './completion-cache.js';
import {isLeftover} from './lock-file.js';

const FORMAT = 2;
/** The cache never holds more than the client reads from the network for the list. */
const MAX_CACHE_BYTES = decodedLimit('symbols');
/** The meta file is one small object. */
const MAX_META_BYTES = 4096;
/** Copied bytes handed to the disk's thread pool but not yet written: past this, a chunk is written at once on the
 * app's thread, so a slow disk never piles the list up in memory. */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
/** Overlapping fetches (a reload during a load) each get their own temporary file. */
let writers = 0;

interface CachedSymbols {
	records: SymbolRecord[];
	fetchedAt: number;
	/** Records of the cached answer that could not be read (left out, as on the network path). */
	unreadable: number;
}

/** One fetch being copied to disk. */
interface CacheWriter {
	chunk(bytes: Buffer): void;
	/** The list was valid: make the copy the cache. */
	commit(fetchedAt: number): Promise<void>;
	/** The fetch failed: drop the copy. */
	abort(): void;
}

export interface SymbolCache {
	read(): Promise<CachedSymbols | undefined>;
	begin(): CacheWriter;
}

/** `open` is for tests (to see what is read); node:fs/promises' by default. */
export function fileSymbolCache(directory: string, origin: string, options: {open?: OpenFile} = {}): SymbolCache {
	const name = `symbols-${sourceName(origin)}`;
	const listFile = join(directory, `${name}.json`);
	const metaFile = join(directory, `${name}.meta.json`);
	removeStaleTemporaries(directory);
	return {
		async read() {
			let list: Awaited<ReturnType<typeof openBoundedFile>> | undefined;
			try {
				const meta = JSON.parse((await readBoundedFile(metaFile, MAX_META_BYTES, options)) ?? 'null') as {
					format?: unknown;
					origin?: unknown;
					fetchedAt?: unknown;
				} | null;
				if (meta?.format !== FORMAT || meta.origin !== origin || typeof meta.fetchedAt !== 'number') return undefined;
				// Checked before a byte is parsed: a regular file, no symlink, no larger than the network's own bound (a
				// planted 200 MB file is ignored, and the next fetch replaces it).
				list = await openBoundedFile(listFile, MAX_CACHE_BYTES, options);
				if (!list) return undefined;
				// The same tally as the network path: an odd record is left out and counted, never the whole list.
				const tally = new RecordTally();
				const parser = new ArrayEnvelopeParser((value, index) => tally.check(value, index, SKIP));
				// Read in the network path's decoded chunk size: a quarter of the default 64 KiB reads.
				await pipeline(list.handle.createReadStream({highWaterMark: DECODED_CHUNK_BYTES, autoClose: false}), async (source: AsyncIterable<Buffer>) => {
					for await (const chunk of source) parser.feed(chunk);
				});
				const {skeleton, elements} = parser.end();
				if ((JSON.parse(skeleton) as {code?: unknown}).code !== '00000' || !elements) return undefined;
				if (elements.length === 0 && tally.unreadable > 0) return undefined;
				return {records: elements as SymbolRecord[], fetchedAt: meta.fetchedAt, unreadable: tally.unreadable};
			} catch {
				return undefined;
			} finally {
				await list?.handle.close().catch(() => undefined);
			}
		},
		begin() {
			const temporary = `${listFile}.${process.pid}.${++writers}.tmp`;
			let fd: number | undefined;
			let failed = false;
			let written = 0;
			// Writes go to the thread pool (each at its own offset), off the thread that parses the list; commit waits
			// for them.
			let queued = 0;
			let inFlight = 0;
			/** Who waits for the queued writes (commit, or abort's close), each woken once they are done. */
			const waiting: Array<() => void> = [];
			const close = () => {
				if (fd !== undefined) closeSync(fd);
				fd = undefined;
			};
			try {
				mkdirSync(directory, {recursive: true, mode: 0o700});
				fd = openSync(temporary, 'w', 0o600);
			} catch {
				failed = true;
			}
			const settled = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)));
			return {
				chunk(bytes) {
					if (failed || fd === undefined) return;
					const at = written;
					written += bytes.length;
					if (written > MAX_CACHE_BYTES) {
						// Past the cap: drop the copy now rather than let the disk fill; commit will refuse it.
						failed = true;
						if (inFlight === 0) close();
						rmSync(temporary, {force: true});
						return;
					}
					if (queued + bytes.length > MAX_QUEUED_BYTES) {
						try {
							writeSync(fd, bytes, 0, bytes.length, at);
						} catch {
							failed = true;
						}
						return;
					}
					queued += bytes.length;
					inFlight++;
					write(fd, bytes, 0, bytes.length, at, (error) => {
						queued -= bytes.length;
						inFlight--;
						if (error) failed = true;
						if (inFlight === 0) for (const wake of waiting.splice(0)) wake();
					});
				},
				async commit(fetchedAt) {
					await settled();
					close();
					if (failed) {
						rmSync(temporary, {force: true});
						throw new Error('could not write the symbol cache');
					}
					renameSync(temporary, listFile);
					const metaTemporary = `${metaFile}.${process.pid}.tmp`;
					await writeFile(metaTemporary, JSON.stringify({format: FORMAT, origin, fetchedAt}), {mode: 0o600});
					await rename(metaTemporary, metaFile);
				},
				abort() {
					failed = true;
					// Gone at once; writes still queued land in the unlinked file, closed once they are done.
					rmSync(temporary, {force: true});
					void settled().then(close);
				},
			};
		},
	};
}

/** Temporary copies left by a run that was killed (SIGKILL, power loss): removed at the next start. A copy whose
 * writer is still running (another instance of the app) is left alone. */
function removeStaleTemporaries(directory: string): void {
	let names: string[];
	try {
		names = readdirSync(directory);
	} catch {
		return;
	}
	for (const name of names) {
		// "<list>.json.<pid>.<n>.tmp" and "<list>.meta.json.<pid>.tmp", as begin() and commit() name them.
		const match = /^symbols-.+?\.json\.(\d+)(?:\.\d+)?\.tmp$/.exec(name);
		if (!match) continue;
		if (!isLeftover(Number(match[1]))) continue;
		rmSync(join(directory, name), {force: true});
	}
}
