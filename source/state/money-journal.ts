// The money record: every money POST (borrow, repay, collateral) is written here before it is sent, then its outcome
// and what the check found (operations/money-pipeline.ts). Read by the Loans screen and `loan-tui history --local`.
//
// Format: $XDG_STATE_HOME/loan-tui/history.jsonl, append-only JSON lines. Each write is one whole record with its
// `id` and a `seq` that grows with each update; reading folds the lines by id (the highest seq wins, the first line's
// time is kept). Lines of the older format (one line per event, no id) read as records of their own.
//
// Why nothing is lost:
// - A line is written with ONE write() on a descriptor opened O_APPEND (lines stay under 4 KiB: text is capped), so
//   concurrent writers never overwrite or split each other, and each line starts with "\n" so one torn by a crash
//   never swallows the next.
// - Compaction (when the file passes `compactBytes`) runs under an exclusive lock file (state/lock-file.ts: broken only
//   when its holder is gone or it is older than LOCK_STALE_MS), writes the kept records to a temporary file and renames it
//   over the journal. Writers take no lock: the compactor carries over every complete line appended to the old file
//   after its read (re-reading from the start of its last, possibly partial, line), and a writer that finds after its
//   write that the path is no longer the file it wrote to writes its line again. Either the line was in the old file
//   when the compactor read its tail (carried over), or it went in later, after the rename, and the writer's own check
//   sees the new file. A line that lands twice reads once; `seq`, not the order of lines, says which write is latest.
//   The compactor checks that it still holds the lock just before its rename.
// - Compaction keeps every record still "sending" or "unknown", and the newest `limit` others.
// - Nothing is followed through a symlink (O_NOFOLLOW, the directory checked with lstat and owned by this user); modes
//   are tightened to 0600/0700 on every write; reads are bounded (state/bounded-file.ts) and a file that cannot be read
//   is said so (JournalError), never taken for an empty one.
import {createHash, randomUUID} from 'node:crypto';
import {constants} from 'node:fs';
import * as fsp from 'node:fs/promises';
import type {FileHandle} from 'node:fs/promises';
import {join} from 'node:path';
import * as v from 'valibot';
import {sanitize} from '../format/sanitize.js';
import {FileRefusedError, openBoundedFile, readBoundedFile} from './bounded-file.js';
import {isLeftover, takeLock} from './lock-file.js';

export type MoneyOperation = 'borrow' | 'repay' | 'collateral';
/** 'refused': the server answered that it did not act; 'not-sent': the request never left (no connection was made,
 * or it was stopped before the send); 'unknown': it may have acted. */
export type JournalOutcome = 'sending' | 'done' | 'refused' | 'not-sent' | 'unknown';
export type FindingStatus = 'found' | 'ambiguous' | 'unclear' | 'not-found' | 'unchecked';
export interface JournalFinding {
	status: FindingStatus;
	message: string;
	orderId?: string;
	checkedAt: number;
}
export interface MoneyRecord {
	id: string;
	time: number;
	operation: MoneyOperation;
	origin: string;
	values: Record<string, string>;
	outcome: JournalOutcome;
	orderId?: string;
	detail?: string;
	finding?: JournalFinding;
	updated?: number;
	/** Which write of the record this is (0 for open, then one more per update): the highest is the latest. */
	seq?: number;
}
export interface JournalRead {
	/** Newest first. */
	records: MoneyRecord[];
	/** Lines that could not be read (damaged, foreign, too long): skipped. */
	unreadable: number;
}
export class JournalError extends Error {
	constructor(
		message: string,
		readonly hint?: string,
	) {
		super(message);
		this.name = 'JournalError';
	}
}
export interface MoneyJournal {
	readonly location: string;
	open(entry: Omit<MoneyRecord, 'id' | 'outcome' | 'updated'>): Promise<MoneyRecord>;
	update(record: MoneyRecord): Promise<void>;
	read(): Promise<JournalRead>;
}

export const JOURNAL_FILE = 'history.jsonl';
/** Records kept besides those still "sending" or "unknown": years of borrowing. */
export const JOURNAL_LIMIT = 1000;
/** Past this size the file is compacted: about 1,000 records of three lines. */
export const JOURNAL_COMPACT_BYTES = 2 * 1024 * 1024;
/** Never read past this (32 compactions missed in a row): a bigger file is refused with a message. */
export const JOURNAL_READ_BYTES = 64 * 1024 * 1024;
/** Every line is written whole by one write(): well below a page. */
export const MAX_LINE_BYTES = 4000;
/** A lock older than this is a leftover (a compaction takes milliseconds), even if its pid is alive again. */
const LOCK_STALE_MS = 10 * 60_000;
/** Lines longer than this are not ours: skipped as unreadable. */
const MAX_READ_LINE_BYTES = 16 * 1024;
const MAX_VALUES = 8;
const CAP = {origin: 120, value: 80, orderId: 64, detail: 200, message: 300} as const;

/** The fs calls the journal makes (tests pass one that fails a write). */
export type JournalFs = Pick<typeof fsp, 'open' | 'lstat' | 'mkdir' | 'chmod' | 'rename' | 'link' | 'unlink' | 'readdir'>;

export interface JournalOptions {
	/** Records kept besides those still "sending" or "unknown". */
	limit?: number;
	/** Compaction starts when the file is larger than this. */
	compactBytes?: number;
	/** A larger file is not read (JournalError). */
	readBytes?: number;
	/** Stamps `updated` when an update has none. */
	now?: () => number;
	fs?: JournalFs;
}

const {O_WRONLY, O_APPEND, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK} = constants;
const APPEND_FLAGS = O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK;
const CREATE_FLAGS = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

// ---------------------------------------------------------------------------------------------------------------
// What a record may hold: the request's own fields and short texts, made inert and bounded; never a credential.

/** Names of credentials and of Bitget's signing headers: such a value is never kept, whatever the caller passed. */
const CREDENTIAL_NAME =
	/^(?:access[-_]?(?:sign|key|passphrase|timestamp)|sign(?:ature)?|secret(?:[-_]?key)?|pass(?:[-_]?phrase|word)|api[-_]?(?:key|secret)|token|authorization)$/i;
/** "ACCESS-SIGN: …", "passphrase=…", "\"apiKey\":\"…\"" inside a text (a header echoed in an error): the value goes. */
const CREDENTIAL_ECHO = /\b(ACCESS[-_](?:SIGN|KEY|PASSPHRASE)|secret[-_]?key|pass[-_]?phrase|api[-_]?key)(\\?["']?\s*[:=]\s*\\?["']?)[^\s"'\\,;}\]]+/gi;
const VALUE_NAME = /^[A-Za-z][A-Za-z0-9]{0,31}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Inert (no control characters), without a credential's value, at most `max` UTF-16 units (no half surrogate). */
function text(value: string, max: number): string {
	let cleaned = sanitize(value).replace(CREDENTIAL_ECHO, '$1$2[redacted]');
	if (cleaned.length > max) {
		cleaned = cleaned.slice(0, max);
		if (/[\ud800-\udbff]$/.test(cleaned)) cleaned = cleaned.slice(0, -1);
	}
	return cleaned;
}

function cleanValues(values: Record<string, string>): Record<string, string> {
	const kept: Record<string, string> = {};
	let count = 0;
	for (const [name, value] of Object.entries(values)) {
		if (!VALUE_NAME.test(name) || CREDENTIAL_NAME.test(name) || typeof value !== 'string') continue;
		// A money body has at most six fields; the bound keeps a line under MAX_LINE_BYTES.
		if (++count > MAX_VALUES) break;
		kept[name] = text(value, CAP.value);
	}
	return kept;
}

/** The record as it is written: known fields only, in a fixed order, each checked and bounded. */
function cleanRecord(record: MoneyRecord, seq: number, caps: {detail: number; message: number} = CAP): MoneyRecord {
	const clean: MoneyRecord = {
		id: record.id,
		seq,
		time: record.time,
		operation: record.operation,
		origin: text(record.origin, CAP.origin),
		values: cleanValues(record.values),
		outcome: record.outcome,
	};
	if (record.orderId !== undefined) clean.orderId = text(record.orderId, CAP.orderId);
	if (record.detail !== undefined) clean.detail = text(record.detail, caps.detail);
	if (record.finding) {
		const {status, message, orderId, checkedAt} = record.finding;
		clean.finding = {status, message: text(message, caps.message), ...(orderId !== undefined ? {orderId: text(orderId, CAP.orderId)} : {}), checkedAt};
	}
	if (record.updated !== undefined) clean.updated = record.updated;
	return clean;
}

/** One line, under MAX_LINE_BYTES: the free texts are shortened further in the (unlikely) case of wide characters. */
function lineOf(record: MoneyRecord): string {
	const seq = record.seq ?? 0;
	let caps: {detail: number; message: number} = CAP;
	for (;;) {
		const line = JSON.stringify(cleanRecord(record, seq, caps));
		if (Buffer.byteLength(line) <= MAX_LINE_BYTES) return line;
		if (caps.detail === 0 && caps.message === 0) throw new JournalError('a money record would not fit on one line: not written');
		caps = {detail: Math.floor(caps.detail / 2), message: Math.floor(caps.message / 2)};
	}
}

const wholeNumber = v.pipe(v.number(), v.integer(), v.minValue(0));
const lineSchema = v.object({
	id: v.optional(v.pipe(v.string(), v.regex(ID))),
	seq: v.optional(wholeNumber),
	time: wholeNumber,
	operation: v.picklist(['borrow', 'repay', 'collateral']),
	origin: v.string(),
	values: v.record(v.string(), v.string()),
	outcome: v.picklist(['sending', 'done', 'refused', 'not-sent', 'unknown']),
	orderId: v.optional(v.string()),
	detail: v.optional(v.string()),
	finding: v.optional(
		v.object({
			status: v.picklist(['found', 'ambiguous', 'unclear', 'not-found', 'unchecked']),
			message: v.string(),
			orderId: v.optional(v.string()),
			checkedAt: wholeNumber,
		}),
	),
	updated: v.optional(wholeNumber),
});

/** A line as a record (cleaned as on the way in), or undefined when it is not one. */
function parseLine(line: string): MoneyRecord | undefined {
	if (line.length > MAX_READ_LINE_BYTES) return undefined;
	let json: unknown;
	try {
		json = JSON.parse(line);
	} catch {
		return undefined;
	}
	const parsed = v.safeParse(lineSchema, json);
	if (!parsed.success) return undefined;
	// A line of the older format (no id): its own record, named by its content so that it keeps its id.
	const id = parsed.output.id ?? `legacy-${createHash('sha256').update(line).digest('hex').slice(0, 20)}`;
	return cleanRecord({...parsed.output, id}, parsed.output.seq ?? 0);
}

/** The records of the journal's text, oldest first (by their first line), each at its latest write. */
function fold(content: string): JournalRead {
	const byId = new Map<string, MoneyRecord>();
	let unreadable = 0;
	for (const raw of content.split('\n')) {
		const line = raw.trim();
		if (line === '') continue;
		const record = parseLine(line);
		if (!record) {
			unreadable++;
			continue;
		}
		const first = byId.get(record.id);
		if (!first) byId.set(record.id, record);
		else if ((record.seq ?? 0) >= (first.seq ?? 0)) byId.set(record.id, {...record, time: first.time});
	}
	return {records: [...byId.values()], unreadable};
}

/** Oldest first: every record still "sending" or "unknown", and the newest `limit` others (the newest always). */
export function compactedRecords(records: MoneyRecord[], limit: number): MoneyRecord[] {
	const keep = new Set<MoneyRecord>();
	let others = 0;
	for (let i = records.length - 1; i >= 0; i--) {
		const record = records[i]!;
		if (record.outcome === 'sending' || record.outcome === 'unknown') keep.add(record);
		else if (others++ < Math.max(1, limit)) keep.add(record);
	}
	return records.filter((record) => keep.has(record));
}

// ---------------------------------------------------------------------------------------------------------------

const codeOf = (error: unknown) => (error as {code?: string}).code;
const reasonOf = (error: unknown) => codeOf(error) ?? sanitize(error instanceof Error ? error.message : String(error));

/** The journal in `directory` (the app's state directory, made 0700 if missing). */
export function moneyJournalAt(directory: string, options: JournalOptions = {}): MoneyJournal {
	const fs = options.fs ?? fsp;
	const file = join(directory, JOURNAL_FILE);
	const lockFile = `${file}.lock`;
	const limit = options.limit ?? JOURNAL_LIMIT;
	const compactBytes = options.compactBytes ?? JOURNAL_COMPACT_BYTES;
	const readBytes = options.readBytes ?? JOURNAL_READ_BYTES;
	const now = options.now ?? Date.now;
	const uid = process.getuid?.();
	const HINT = `Fix or move ${file} (a regular file owned by you, in a directory owned by you).`;
	/** The last seq written per record, so that each update of this run outranks the one before. */
	const seqs = new Map<string, number>();

	/** The directory as lstat sees it: a real directory of this user (undefined when missing). */
	async function checkedDirectory(): Promise<'missing' | 'ok'> {
		let stat;
		try {
			stat = await fs.lstat(directory);
		} catch (error) {
			if (codeOf(error) === 'ENOENT') return 'missing';
			throw new JournalError(`the money record's directory ${directory} could not be checked (${reasonOf(error)})`, HINT);
		}
		if (stat.isSymbolicLink())
			throw new JournalError(
				`${directory} is a symbolic link: the money record is not kept through it`,
				`Make ${directory} a real directory owned by you (mode 700).`,
			);
		if (!stat.isDirectory()) throw new JournalError(`${directory} is not a directory: the money record cannot be kept there`, HINT);
		if (uid !== undefined && stat.uid !== uid)
			throw new JournalError(`${directory} belongs to another user (uid ${stat.uid}): the money record is not kept there`, HINT);
		return 'ok';
	}

	/** Before each write: the directory exists, is ours, and is 0700. */
	async function ready(): Promise<void> {
		if ((await checkedDirectory()) === 'missing') {
			try {
				await fs.mkdir(directory, {recursive: true, mode: 0o700});
			} catch (error) {
				throw new JournalError(`the money record's directory ${directory} could not be made (${reasonOf(error)})`, HINT);
			}
			await checkedDirectory();
		}
		try {
			const stat = await fs.lstat(directory);
			if ((stat.mode & 0o777) !== 0o700) await fs.chmod(directory, 0o700);
		} catch (error) {
			throw new JournalError(`the money record's directory ${directory} could not be made private (${reasonOf(error)})`, HINT);
		}
	}

	/** The journal open for appending, checked: a regular file of this user, mode 0600. */
	async function openAppend(): Promise<FileHandle> {
		let handle: FileHandle;
		try {
			handle = await fs.open(file, APPEND_FLAGS, 0o600);
		} catch (error) {
			const code = codeOf(error);
			if (code === 'ELOOP') throw new JournalError(`${file} is a symbolic link: the money record is not written through it`, HINT);
			if (code === 'EISDIR') throw new JournalError(`${file} is a directory, not the money record`, HINT);
			if (code === 'ENXIO') throw new JournalError(`${file} is not a regular file: the money record is not written there`, HINT);
			throw new JournalError(`the money record ${file} could not be opened (${reasonOf(error)})`, HINT);
		}
		try {
			const stat = await handle.stat();
			if (!stat.isFile()) throw new JournalError(`${file} is not a regular file: the money record is not written there`, HINT);
			if (uid !== undefined && stat.uid !== uid)
				throw new JournalError(`${file} belongs to another user (uid ${stat.uid}): the money record is not written there`, HINT);
			if ((stat.mode & 0o777) !== 0o600) await handle.chmod(0o600);
			return handle;
		} catch (error) {
			await handle.close().catch(() => undefined);
			if (error instanceof JournalError) throw error;
			throw new JournalError(`the money record ${file} could not be checked (${reasonOf(error)})`, HINT);
		}
	}

	/** Appends `bytes` (whole lines, each starting with "\n") with one write; returns the file's size after it. */
	async function append(bytes: Buffer): Promise<number> {
		// A compaction can replace the file between open and write: then the line is written again to the new file.
		for (let attempt = 0; attempt < 8; attempt++) {
			const handle = await openAppend();
			try {
				let written: number;
				try {
					({bytesWritten: written} = await handle.write(bytes, 0, bytes.length, null));
					await handle.datasync();
				} catch (error) {
					throw new JournalError(`the money record ${file} could not be written (${reasonOf(error)})`, 'Is the disk full?');
				}
				if (written !== bytes.length) throw new JournalError(`the money record ${file} could not be written whole (the disk may be full)`, 'Is the disk full?');
				const wrote = await handle.stat();
				const there = await fs.lstat(file).catch(() => undefined);
				if (there && there.ino === wrote.ino && there.dev === wrote.dev) return wrote.size;
			} finally {
				await handle.close().catch(() => undefined);
			}
		}
		throw new JournalError(`the money record ${file} kept being replaced while it was written`, HINT);
	}

	async function write(record: MoneyRecord): Promise<void> {
		const line = Buffer.from(`\n${lineOf(record)}`);
		await ready();
		const size = await append(line);
		// The record is on disk; compaction is housekeeping, and a failed one leaves the file as it was.
		if (size > compactBytes) await compact().catch(() => undefined);
	}

	/** The lock for compaction (state/lock-file.ts, broken when its holder is gone or it is older than LOCK_STALE_MS),
	 * or undefined when another live process holds it, or it cannot be taken. */
	async function lock(): Promise<{held(): Promise<boolean>; release(): Promise<void>} | undefined> {
		const taken = await takeLock(lockFile, {staleAfterMs: LOCK_STALE_MS, fs}).catch(() => undefined);
		return taken?.ok ? taken : undefined;
	}

	/** Leftover temporary files (of compactions, of broken locks) whose process is gone. */
	async function removeStaleTemporaries(): Promise<void> {
		const names = await fs.readdir(directory).catch(() => [] as string[]);
		for (const name of names) {
			const match = /^history\.jsonl(?:\.lock)?\.(\d+)\.[0-9a-f]+\.(?:tmp|stale|new)$/.exec(name);
			if (match && isLeftover(Number(match[1]))) await fs.unlink(join(directory, name)).catch(() => undefined);
		}
	}

	async function compact(): Promise<void> {
		const lease = await lock();
		if (!lease) return;
		let source: FileHandle | undefined;
		let temporary: string | undefined;
		try {
			await removeStaleTemporaries();
			const opened = await openBoundedFile(file, readBytes, {open: fs.open, owner: true});
			if (!opened) return;
			source = opened.handle;
			const content = await readFrom(source, 0);
			const kept = compactedRecords(fold(content.toString('utf8')).records, limit);
			const body = Buffer.from(kept.map((record) => `\n${lineOf(record)}`).join(''));
			temporary = `${file}.${process.pid}.${randomUUID().replaceAll('-', '').slice(0, 12)}.tmp`;
			const out = await fs.open(temporary, CREATE_FLAGS, 0o600);
			try {
				let at = 0;
				while (at < body.length) at += (await out.write(body, at, body.length - at, null)).bytesWritten;
				await out.chmod(0o600);
				await out.sync();
			} finally {
				await out.close();
			}
			if (!(await lease.held())) return;
			await fs.rename(temporary, file);
			temporary = undefined;
			// What was appended to the old file after (or during) the read: from the start of its last line, which the
			// read may have caught half-written. Only whole records are carried; a repeated one reads once.
			const lastLine = content.lastIndexOf(0x0a);
			const tail = (await readFrom(source, Math.max(0, lastLine))).toString('utf8');
			const carried = tail
				.split('\n')
				.map((line) => line.trim())
				.filter((line) => line !== '' && parseLine(line) !== undefined);
			if (carried.length > 0) await append(Buffer.from(carried.map((line) => `\n${line}`).join('')));
		} finally {
			await source?.close().catch(() => undefined);
			if (temporary !== undefined) await fs.unlink(temporary).catch(() => undefined);
			await lease.release();
		}
	}

	/** The rest of an open file from `position`, at most the read bound. */
	async function readFrom(handle: FileHandle, position: number): Promise<Buffer> {
		const chunks: Buffer[] = [];
		let total = 0;
		for (;;) {
			const buffer = Buffer.allocUnsafe(256 * 1024);
			const {bytesRead} = await handle.read(buffer, 0, buffer.length, position + total);
			if (bytesRead === 0) break;
			total += bytesRead;
			if (total > readBytes) throw new JournalError(`${file} grew past what loan-tui reads`);
			chunks.push(buffer.subarray(0, bytesRead));
		}
		return Buffer.concat(chunks, total);
	}

	return {
		location: file,
		async open(entry) {
			const record = cleanRecord({...entry, id: randomUUID(), outcome: 'sending'}, 0);
			await write(record);
			seqs.set(record.id, 0);
			return record;
		},
		async update(record) {
			if (!ID.test(record.id)) throw new JournalError('a money record without a valid id cannot be updated');
			const seq = Math.max(record.seq ?? 0, seqs.get(record.id) ?? 0) + 1;
			seqs.set(record.id, seq);
			await write({...record, seq, updated: record.updated ?? now()});
		},
		async read() {
			if ((await checkedDirectory()) === 'missing') return {records: [], unreadable: 0};
			let content: string | undefined;
			try {
				content = await readBoundedFile(file, readBytes, {open: fs.open, owner: true});
			} catch (error) {
				const why = error instanceof FileRefusedError ? error.message : `${file} could not be read (${reasonOf(error)})`;
				throw new JournalError(`the money record cannot be read: ${why}`, HINT);
			}
			if (content === undefined) return {records: [], unreadable: 0};
			const {records, unreadable} = fold(content);
			return {records: records.reverse(), unreadable};
		},
	};
}
