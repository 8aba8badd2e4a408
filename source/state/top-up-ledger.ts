// The watch's top-up ledger: every automatic top-up of an account, written before its POST and after its outcome, and
// every time a loan was read back below the trigger (a new crossing may act). The top-up limits — the cap per coin
// per 24 hours, the spacing, "not after an unknown", once per crossing — are decided from it alone
// (operations/top-up.ts), so they hold across restarts, crashes, `kill -9`, cron's `--once` runs and a second process.
//
// It lives in the account's directory (state/account-state.ts), beside the lock that makes one guardian per account.
// Format: top-ups.jsonl, one JSON object per line, each line written with one write() on a descriptor opened
// O_APPEND (a crash tears at most its own line, which then reads as nothing). A record is written again with a
// higher `seq` when its outcome is known; the first line's place is its place in time. Times are this machine's
// (state/process-identity.ts), never the server's.
import {randomUUID} from 'node:crypto';
import {constants} from 'node:fs';
import {chmod, lstat, mkdir, open, rename, rm} from 'node:fs/promises';
import {join} from 'node:path';
import * as v from 'valibot';
import {FileRefusedError, readBoundedFile} from './bounded-file.js';
import {elapsedSince, type LocalInstant} from './process-identity.js';

/** sending: written, the POST may be leaving; done: the server answered it was done; found: an unknown outcome a
 * check found done; refused: not done (refused, or never sent); unknown: no answer that tells; not-done: an unknown
 * outcome nothing was found of long after — counted toward the cap all the same. */
export type TopUpOutcome = 'sending' | 'done' | 'found' | 'refused' | 'unknown' | 'not-done';

export interface TopUpEntry {
	type: 'top-up';
	id: string;
	seq: number;
	orderId: string;
	coin: string;
	amount: string;
	at: LocalInstant;
	/** The server's time when it was sent: for matching its histories, never for a limit. */
	serverSentAt: number;
	outcome: TopUpOutcome;
}

interface RearmEntry {
	type: 'rearm';
	id: string;
	seq: number;
	orderId: string;
	at: LocalInstant;
}

export type LedgerEntry = TopUpEntry | RearmEntry;

export interface TopUpLedger {
	readonly location: string;
	/** Every record at its latest write, oldest first. */
	read(): Promise<LedgerEntry[]>;
	add(entry: Omit<TopUpEntry, 'id' | 'seq'> | Omit<RearmEntry, 'id' | 'seq'>): Promise<LedgerEntry>;
	settle(entry: TopUpEntry, outcome: TopUpOutcome): Promise<TopUpEntry>;
}

class LedgerError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'LedgerError';
	}
}

const LEDGER_FILE = 'top-ups.jsonl';
/** Far more than years of top-ups; a larger file is refused, never half read. */
const READ_BYTES = 8 * 1024 * 1024;
/** Past this size, records no limit needs any more are dropped (the caller holds the account's lock). */
const PRUNE_BYTES = 256 * 1024;
/** Kept when pruning: what the 24-hour cap and the spacing need, with room for a clock moved back. */
const KEEP_MS = 7 * 86_400_000;

const instant = v.object({wall: v.number(), boot: v.optional(v.pipe(v.string(), v.maxLength(64))), uptimeMs: v.optional(v.number())});
const common = {
	id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/)),
	seq: v.pipe(v.number(), v.integer(), v.minValue(0)),
	orderId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
	at: instant,
};
const entrySchema = v.variant('type', [
	v.object({
		type: v.literal('top-up'),
		...common,
		coin: v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,20}$/)),
		amount: v.pipe(v.string(), v.regex(/^\d{1,20}(\.\d{1,20})?$/)),
		serverSentAt: v.number(),
		outcome: v.picklist(['sending', 'done', 'found', 'refused', 'unknown', 'not-done']),
	}),
	v.object({type: v.literal('rearm'), ...common}),
]);

/** The records of the file's text, each at its highest seq, in the order of their first line. */
function fold(text: string): LedgerEntry[] {
	const byId = new Map<string, LedgerEntry>();
	for (const line of text.split('\n')) {
		if (line.trim() === '' || line.length > 4096) continue;
		let json: unknown;
		try {
			json = JSON.parse(line);
		} catch {
			continue;
		}
		const parsed = v.safeParse(entrySchema, json);
		if (!parsed.success) continue;
		const entry = parsed.output as LedgerEntry;
		const first = byId.get(entry.id);
		if (!first || entry.seq >= first.seq) byId.set(entry.id, entry);
	}
	return [...byId.values()];
}

/** What pruning keeps: the young, every top-up whose outcome is not settled, and each loan's last record of each kind
 * (a crossing's state). */
function kept(entries: LedgerEntry[], now: LocalInstant): LedgerEntry[] {
	const last = new Map<string, LedgerEntry>();
	for (const entry of entries) last.set(`${entry.type}:${entry.orderId}`, entry);
	const lasts = new Set(last.values());
	return entries.filter(
		(entry) =>
			lasts.has(entry) || (entry.type === 'top-up' && (entry.outcome === 'sending' || entry.outcome === 'unknown')) || elapsedSince(entry.at, now) < KEEP_MS,
	);
}

const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** The ledger in `directory` (the account's, made 0700 if missing). `now` stamps pruning. */
export function topUpLedgerAt(directory: string, now: () => LocalInstant): TopUpLedger {
	const file = join(directory, LEDGER_FILE);
	const refused = (why: string) => new LedgerError(`the top-up ledger ${file} ${why}: no top-up is sent without it`);

	async function ready(): Promise<void> {
		await mkdir(directory, {recursive: true, mode: 0o700});
		const stat = await lstat(directory);
		if (!stat.isDirectory()) throw refused('is not in a directory');
		const uid = process.getuid?.();
		if (uid !== undefined && stat.uid !== uid) throw refused(`is in a directory of another user (uid ${stat.uid})`);
		if ((stat.mode & 0o777) !== 0o700) await chmod(directory, 0o700);
	}

	async function append(entry: LedgerEntry): Promise<void> {
		await ready();
		let handle;
		try {
			handle = await open(file, APPEND, 0o600);
		} catch (error) {
			throw refused(`could not be opened (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
		}
		try {
			const stat = await handle.stat();
			if (!stat.isFile()) throw refused('is not a regular file');
			// One write of one line: under O_APPEND it lands whole, after every line written before it.
			const line = Buffer.from(`\n${JSON.stringify(entry)}`);
			const {bytesWritten} = await handle.write(line, 0, line.length, null);
			if (bytesWritten !== line.length) throw refused('took only part of a record');
			await handle.sync();
			if (stat.size > PRUNE_BYTES) await prune();
		} finally {
			await handle.close();
		}
	}

	async function read(): Promise<LedgerEntry[]> {
		let text: string | undefined;
		try {
			text = await readBoundedFile(file, READ_BYTES, {owner: true});
		} catch (error) {
			throw refused(`cannot be read (${error instanceof FileRefusedError ? error.message : String(error)})`);
		}
		return text === undefined ? [] : fold(text);
	}

	/** Rewrites the file with what the limits still need (the account's lock is held: no other writer). */
	async function prune(): Promise<void> {
		const entries = kept(await read(), now());
		const temporary = `${file}.${process.pid}.tmp`;
		await rm(temporary, {force: true});
		const handle = await open(temporary, CREATE, 0o600);
		try {
			await handle.writeFile(entries.map((entry) => `\n${JSON.stringify(entry)}`).join(''));
			await handle.sync();
		} finally {
			await handle.close();
		}
		await rename(temporary, file);
	}

	return {
		location: file,
		read,
		async add(fields) {
			const entry = {...fields, id: randomUUID(), seq: 0} as LedgerEntry;
			await append(entry);
			return entry;
		},
		async settle(entry, outcome) {
			const next = {...entry, seq: entry.seq + 1, outcome};
			await append(next);
			return next;
		},
	};
}

/** A ledger held in memory: the demo's, whose simulator's loans end with the run. */
export function memoryTopUpLedger(): TopUpLedger {
	const entries: LedgerEntry[] = [];
	return {
		location: '(memory)',
		read: () => Promise.resolve(entries.map((entry) => ({...entry}))),
		add(fields) {
			const entry = {...fields, id: randomUUID(), seq: 0} as LedgerEntry;
			entries.push(entry);
			return Promise.resolve(entry);
		},
		settle(entry, outcome) {
			const next = {...entry, seq: entry.seq + 1, outcome};
			const index = entries.findIndex((one) => one.id === entry.id);
			if (index >= 0) entries[index] = next;
			return Promise.resolve(next);
		},
	};
}
