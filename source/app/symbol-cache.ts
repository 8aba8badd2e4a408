// The symbol list on disk (XDG cache directory), so a second start shows pairs before the network answers.
// The answer is copied to disk as it streams in (the decoded bytes, as the server sent them), so caching costs
// no serialising and no extra memory; it is committed only when the whole list was valid. Reading streams the
// file through the same parser and checks as the network path. Public data only: no secrets here.
import {closeSync, createReadStream, mkdirSync, openSync, renameSync, rmSync, writeSync} from 'node:fs';
import {readFile, rename, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import {pipeline} from 'node:stream/promises';
import {ArrayEnvelopeParser} from '../api/array-stream.js';
import {checkSymbolRecord} from '../api/symbol-records.js';
import type {SymbolRecord} from '../api/types.js';

const FORMAT = 2;
/** Overlapping fetches (a reload during a load) each get their own temporary file. */
let writers = 0;

export interface CachedSymbols {
	records: SymbolRecord[];
	fetchedAt: number;
}

/** One fetch being copied to disk. */
export interface CacheWriter {
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

export {cacheDirectory} from '../cli/cache-directory.js';

export function fileSymbolCache(directory: string, origin: string): SymbolCache {
	const name = `symbols-${origin.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9.-]+/g, '_')}`;
	const listFile = join(directory, `${name}.json`);
	const metaFile = join(directory, `${name}.meta.json`);
	return {
		async read() {
			try {
				const meta = JSON.parse(await readFile(metaFile, 'utf8')) as {format?: unknown; origin?: unknown; fetchedAt?: unknown};
				if (meta.format !== FORMAT || meta.origin !== origin || typeof meta.fetchedAt !== 'number') return undefined;
				const intern = new Map<string, string>();
				const parser = new ArrayEnvelopeParser((value, index) => checkSymbolRecord(value, index, intern));
				await pipeline(createReadStream(listFile), async (source: AsyncIterable<Buffer>) => {
					for await (const chunk of source) parser.feed(chunk);
				});
				const {skeleton, elements} = parser.end();
				if ((JSON.parse(skeleton) as {code?: unknown}).code !== '00000' || !elements) return undefined;
				return {records: elements as SymbolRecord[], fetchedAt: meta.fetchedAt};
			} catch {
				return undefined;
			}
		},
		begin() {
			const temporary = `${listFile}.${process.pid}.${++writers}.tmp`;
			let fd: number | undefined;
			let failed = false;
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
			return {
				chunk(bytes) {
					if (failed || fd === undefined) return;
					try {
						// Synchronous: the bytes go to the page cache now, no buffers pile up in memory.
						writeSync(fd, bytes);
					} catch {
						failed = true;
					}
				},
				async commit(fetchedAt) {
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
					close();
					rmSync(temporary, {force: true});
				},
			};
		},
	};
}

/** "just now", "3 min ago", "5 h ago", "2 days ago". */
export function age(sinceMs: number): string {
	const minutes = Math.floor(sinceMs / 60_000);
	if (minutes < 1) return 'just now';
	if (minutes < 60) return `${minutes} min ago`;
	const hours = Math.floor(minutes / 60);
	if (hours < 48) return `${hours} h ago`;
	return `${Math.floor(hours / 24)} days ago`;
}
