// The symbol list on disk (XDG cache directory), so a second start shows pairs before the network answers.
// Read and written as a stream: a 100k-pair list never exists as one string. A cache that is unreadable, from
// another server or of another format is ignored (and replaced by the next successful fetch). No secrets here.
import {createReadStream, createWriteStream} from 'node:fs';
import {mkdir, rename, rm} from 'node:fs/promises';
import {homedir} from 'node:os';
import {join} from 'node:path';
import {pipeline} from 'node:stream/promises';
import {ArrayEnvelopeParser} from '../api/array-stream.js';
import {checkSymbolRecord} from '../api/symbol-records.js';
import type {SymbolRecord} from '../api/types.js';

const FORMAT = 1;
const RECORDS_PER_WRITE = 1000;

export interface CachedSymbols {
	records: SymbolRecord[];
	fetchedAt: number;
}

export interface SymbolCache {
	read(): Promise<CachedSymbols | undefined>;
	write(list: CachedSymbols): Promise<void>;
}

export function cacheDirectory(env: NodeJS.ProcessEnv): string {
	const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(env.HOME ?? homedir(), '.cache');
	return join(base, 'loan-tui');
}

export function fileSymbolCache(directory: string, origin: string): SymbolCache {
	const file = join(directory, `symbols-${origin.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9.-]+/g, '_')}.json`);
	return {
		async read() {
			const intern = new Map<string, string>();
			const parser = new ArrayEnvelopeParser((value, index) => checkSymbolRecord(value, index, intern));
			try {
				await pipeline(createReadStream(file), async (source: AsyncIterable<Buffer>) => {
					for await (const chunk of source) parser.feed(chunk);
				});
				const {skeleton, elements} = parser.end();
				const header = JSON.parse(skeleton) as {format?: unknown; origin?: unknown; fetchedAt?: unknown};
				if (header.format !== FORMAT || header.origin !== origin || typeof header.fetchedAt !== 'number' || !elements) return undefined;
				return {records: elements as SymbolRecord[], fetchedAt: header.fetchedAt};
			} catch {
				return undefined;
			}
		},
		async write({records, fetchedAt}) {
			await mkdir(directory, {recursive: true, mode: 0o700});
			const temporary = `${file}.${process.pid}.tmp`;
			const out = createWriteStream(temporary, {mode: 0o600});
			try {
				await pipeline(async function* () {
					yield `{"format":${FORMAT},"origin":${JSON.stringify(origin)},"fetchedAt":${fetchedAt},"data":[`;
					for (let start = 0; start < records.length; start += RECORDS_PER_WRITE) {
						const part = records.slice(start, start + RECORDS_PER_WRITE).map((record) => JSON.stringify(record)).join(',');
						yield start === 0 ? part : `,${part}`;
						// Give keystrokes a turn between parts: a large list is written while the user types.
						await new Promise((resolve) => setImmediate(resolve));
					}
					yield ']}';
				}, out);
				await rename(temporary, file);
			} catch (error) {
				await rm(temporary, {force: true});
				throw error;
			}
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
