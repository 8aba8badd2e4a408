// The money record (source/state/money-journal.ts): nothing it holds is lost — not to concurrent writers (real
// processes), not to compaction, not to a symlink, a full disk or a file it cannot read — and it never holds a secret.
import {spawn, spawnSync, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {
	constants,
	chmodSync,
	existsSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	symlinkSync,
	truncateSync,
	utimesSync,
	writeFileSync,
} from 'node:fs';
import * as fsp from 'node:fs/promises';
import type {FileHandle} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {afterAll, describe, expect, it} from 'vitest';
import {readDirectories} from '../../source/runtime/config.js';
import {JournalError, MAX_LINE_BYTES, moneyJournalAt, type JournalFs, type MoneyJournal, type MoneyRecord} from '../../source/state/money-journal.js';

const scratches: string[] = [];
afterAll(() => {
	for (const directory of scratches) rmSync(directory, {recursive: true, force: true, maxRetries: 20, retryDelay: 100});
});
/** A new state directory (not yet made: the journal makes it). */
const scratch = () => {
	const root = mkdtempSync(join(tmpdir(), 'loan-tui-journal-test-'));
	scratches.push(root);
	return join(root, 'loan-tui');
};
const T0 = 1_700_000_000_000;
const entry = (n: number, more: Partial<MoneyRecord> = {}) => ({
	time: T0 + n,
	operation: 'borrow' as const,
	origin: 'https://api.bitget.com',
	values: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: String(n)},
	...more,
});
const lines = (directory: string) =>
	readFileSync(join(directory, 'history.jsonl'), 'utf8')
		.split('\n')
		.filter((line) => line.trim() !== '');
const leftovers = (directory: string) => readdirSync(directory).filter((name) => name !== 'history.jsonl');

/** Records `n` with the given outcome (open, then one update). */
async function recordAs(journal: MoneyJournal, n: number, outcome: MoneyRecord['outcome'], more: Partial<MoneyRecord> = {}) {
	const record = await journal.open(entry(n));
	if (outcome !== 'sending') await journal.update({...record, outcome, ...more});
	return record;
}

/** Node's fs/promises with one call of a FileHandle replaced where `when` says (a full disk, a race). */
function faultyFs(
	when: (path: string, flags: number) => Partial<Record<'write', (handle: FileHandle) => Promise<unknown>>> | undefined,
	more: Partial<JournalFs> = {},
): JournalFs {
	return {
		...fsp,
		...more,
		async open(path, flags, mode) {
			const handle = await fsp.open(path, flags, mode);
			const fault = when(String(path), Number(flags));
			if (!fault) return handle;
			return new Proxy(handle, {
				get(target, property) {
					if (property === 'write' && fault.write)
						return (...args: unknown[]) => fault.write!(target).then(() => (target.write as (...a: unknown[]) => unknown).apply(target, args));
					const value = Reflect.get(target, property, target) as unknown;
					return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
				},
			});
		},
	} as JournalFs;
}
const enospc = () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), {code: 'ENOSPC'}));

describe('money journal: what it keeps', () => {
	it('records before the send and each outcome after, folded by id, newest first, keeping the first time', async () => {
		const directory = scratch();
		const journal = moneyJournalAt(directory, {now: () => T0 + 500});
		expect(journal.location).toBe(join(directory, 'history.jsonl'));
		expect(await journal.read()).toEqual({records: [], unreadable: 0});
		const first = await journal.open(entry(1));
		expect(first).toMatchObject({outcome: 'sending', time: T0 + 1});
		expect(first.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
		expect((await journal.read()).records).toMatchObject([{id: first.id, outcome: 'sending'}]);
		await journal.update({...first, time: T0 + 999, outcome: 'unknown', detail: 'no answer within 15 s'});
		await journal.update({
			...first,
			time: T0 + 999,
			outcome: 'unknown',
			detail: 'no answer within 15 s',
			finding: {status: 'found', message: 'found order 1130', orderId: '1130', checkedAt: T0 + 30},
		});
		const second = await journal.open(entry(2));
		await journal.update({...second, outcome: 'done', orderId: '1131', updated: T0 + 40});

		const {records, unreadable} = await moneyJournalAt(directory).read();
		expect(unreadable).toBe(0);
		expect(records.map((record) => record.id)).toEqual([second.id, first.id]);
		expect(records[0]).toMatchObject({outcome: 'done', orderId: '1131', updated: T0 + 40, values: {pledgeAmount: '2'}});
		expect(records[1]).toMatchObject({
			time: T0 + 1,
			outcome: 'unknown',
			detail: 'no answer within 15 s',
			updated: T0 + 500,
			finding: {status: 'found', orderId: '1130'},
		});
		// Append-only: every write is a line of its own.
		expect(lines(directory)).toHaveLength(5);
		expect(statSync(journal.location).mode & 0o777).toBe(0o600);
		expect(statSync(directory).mode & 0o777).toBe(0o700);
	});

	it('the highest write of a record wins whatever the order of its lines; damaged lines are skipped and counted', async () => {
		const directory = scratch();
		mkdirSync(directory, {recursive: true});
		const base = {operation: 'repay', origin: 'o', values: {orderId: '7'}};
		writeFileSync(
			join(directory, 'history.jsonl'),
			[
				JSON.stringify({id: 'a', seq: 0, time: T0, ...base, outcome: 'sending'}),
				JSON.stringify({id: 'a', seq: 2, time: T0 + 9, ...base, outcome: 'done', orderId: '7'}),
				'{"id":"b","seq":0,"time":1,"oper',
				JSON.stringify({id: 'a', seq: 1, time: T0 + 5, ...base, outcome: 'unknown'}),
				'not json',
				JSON.stringify({id: 'c', time: T0, ...base, outcome: 'lost'}),
				'',
			].join('\n'),
		);
		const {records, unreadable} = await moneyJournalAt(directory).read();
		expect(records).toHaveLength(1);
		expect(records[0]).toMatchObject({id: 'a', time: T0, outcome: 'done', orderId: '7'});
		expect(unreadable).toBe(3);
	});

	it('reads the older format (one line per event, no id): such a line is a record of its own', async () => {
		const directory = scratch();
		mkdirSync(directory, {recursive: true});
		const old = (n: number, outcome: string) =>
			JSON.stringify({time: T0 + n, operation: 'borrow', origin: 'https://api.bitget.com', values: {pledgeAmount: String(n)}, outcome, orderId: `11${n}`});
		writeFileSync(join(directory, 'history.jsonl'), `${old(1, 'done')}\n${old(2, 'unknown')}\n`);
		const journal = moneyJournalAt(directory);
		const added = await journal.open(entry(3));
		const {records} = await journal.read();
		expect(records.map((record) => [record.time - T0, record.outcome])).toEqual([
			[3, 'sending'],
			[2, 'unknown'],
			[1, 'done'],
		]);
		expect(records[0]!.id).toBe(added.id);
		// The old records keep their ids from one read to the next (named by their content).
		expect((await journal.read()).records.map((record) => record.id)).toEqual(records.map((record) => record.id));
	});
});

describe('money journal: compaction', () => {
	it('keeps every record still "sending" or "unknown" and the newest others, and drops the rest', async () => {
		const directory = scratch();
		const journal = moneyJournalAt(directory, {limit: 3, compactBytes: 10_000_000});
		const unknown = await recordAs(journal, 1, 'unknown');
		const sending = await recordAs(journal, 2, 'sending');
		for (let n = 3; n <= 9; n++) await recordAs(journal, n, n === 4 ? 'refused' : 'done');
		// Now over its size: the next write compacts.
		const compacting = moneyJournalAt(directory, {limit: 3, compactBytes: 1});
		const newest = await recordAs(compacting, 10, 'done');
		const {records} = await journal.read();
		expect(records.map((record) => record.time - T0)).toEqual([10, 9, 8, 2, 1]);
		expect(records.find((record) => record.id === unknown.id)!.outcome).toBe('unknown');
		expect(records.find((record) => record.id === sending.id)!.outcome).toBe('sending');
		expect(records[0]!.id).toBe(newest.id);
		// One line per record kept (the newest's update may follow the compaction of its open).
		expect(lines(directory).length).toBeLessThanOrEqual(6);
		expect(leftovers(directory)).toEqual([]);
		expect(statSync(journal.location).mode & 0o777).toBe(0o600);
	});

	it('with a limit of 0 still keeps the newest record', async () => {
		const directory = scratch();
		const journal = moneyJournalAt(directory, {limit: 0, compactBytes: 1});
		for (let n = 1; n <= 3; n++) await recordAs(journal, n, 'done');
		expect((await journal.read()).records.map((record) => record.time - T0)).toEqual([3]);
	});

	it('a line appended between the compaction read and its rename is carried over', async () => {
		const directory = scratch();
		const other = moneyJournalAt(directory);
		let late: MoneyRecord | undefined;
		const compacting = moneyJournalAt(directory, {
			limit: 1,
			compactBytes: 1,
			fs: {
				...fsp,
				async rename(from, to) {
					// Another writer's record lands in the old file after it was read, just before it is replaced.
					if (!late) late = await other.open(entry(99));
					return fsp.rename(from, to);
				},
			},
		});
		await recordAs(other, 1, 'done');
		await recordAs(compacting, 2, 'done');
		const {records} = await other.read();
		expect(late).toBeDefined();
		expect(records.map((record) => record.id)).toContain(late!.id);
		expect(records.find((record) => record.id === late!.id)!.outcome).toBe('sending');
	});

	it('a writer whose file was replaced under it writes its line again to the new file', async () => {
		const directory = scratch();
		const compacting = moneyJournalAt(directory, {limit: 1, compactBytes: 1});
		await recordAs(compacting, 1, 'done');
		let raced = false;
		const writer = moneyJournalAt(directory, {
			fs: faultyFs((path, flags) =>
				path.endsWith('history.jsonl') && (flags & constants.O_APPEND) !== 0 && !raced
					? {
							write: async () => {
								// Opened the old file; a compaction replaces it before this write goes in.
								raced = true;
								await recordAs(compacting, 2, 'done');
							},
						}
					: undefined,
			),
		});
		const record = await writer.open(entry(3));
		expect(raced).toBe(true);
		const {records} = await writer.read();
		expect(records.filter((found) => found.id === record.id)).toHaveLength(1);
		expect(records.map((found) => found.time - T0)).toContain(2);
	});

	it('a full disk during compaction leaves no temporary file, the lock released and every record in place', async () => {
		const directory = scratch();
		const full = faultyFs((path) => (path.endsWith('.tmp') ? {write: enospc} : undefined));
		const journal = moneyJournalAt(directory, {limit: 1, compactBytes: 1, fs: full});
		for (let n = 1; n <= 4; n++) await recordAs(journal, n, 'done');
		expect(leftovers(directory)).toEqual([]);
		expect((await journal.read()).records).toHaveLength(4);
	});

	it('a full disk on the append itself is a JournalError: the record is not taken as written', async () => {
		const directory = scratch();
		const full = faultyFs((path, flags) => (path.endsWith('history.jsonl') && (flags & constants.O_APPEND) !== 0 ? {write: enospc} : undefined));
		const journal = moneyJournalAt(directory, {fs: full});
		await expect(journal.open(entry(1))).rejects.toThrow(/could not be written \(ENOSPC\)/);
		await expect(journal.open(entry(1))).rejects.toBeInstanceOf(JournalError);
	});

	it('a lock left by a process that is gone is broken; one held by a live process is respected until it is stale', async () => {
		const directory = scratch();
		const journal = moneyJournalAt(directory, {limit: 1, compactBytes: 1});
		await recordAs(moneyJournalAt(directory), 1, 'done');
		const lock = join(directory, 'history.jsonl.lock');
		const gone = spawnSync(process.execPath, ['-e', '']).pid;
		writeFileSync(lock, `${gone}\n`);
		await recordAs(journal, 2, 'done');
		expect((await journal.read()).records.map((record) => record.time - T0)).toEqual([2]);
		expect(existsSync(lock)).toBe(false);

		// A live holder (this very process): no compaction, but the records are written all the same.
		writeFileSync(lock, `${process.pid}\n`);
		await recordAs(journal, 3, 'done');
		await recordAs(journal, 4, 'done');
		expect((await journal.read()).records.map((record) => record.time - T0)).toEqual([4, 3, 2]);
		expect(readFileSync(lock, 'utf8')).toBe(`${process.pid}\n`);
		// The same lock an hour old: a leftover whatever its pid says.
		const hourAgo = new Date(Date.now() - 3_600_000);
		utimesSync(lock, hourAgo, hourAgo);
		await recordAs(journal, 5, 'done');
		expect((await journal.read()).records.map((record) => record.time - T0)).toEqual([5]);
		expect(existsSync(lock)).toBe(false);
	});
});

describe('money journal: concurrent processes', () => {
	it('ten processes writing at once into a file at its size limit lose nothing', async () => {
		const root = mkdtempSync(join(tmpdir(), 'loan-tui-journal-processes-'));
		scratches.push(root);
		const directory = join(root, 'loan-tui');
		// The journal as the CLI runs it: bundled by esbuild, run by plain node.
		const bundle = join(root, 'journal.mjs');
		await build({
			entryPoints: [fileURLToPath(new URL('../../source/state/money-journal.ts', import.meta.url))],
			bundle: true,
			platform: 'node',
			format: 'esm',
			target: 'node20',
			outfile: bundle,
			logLevel: 'error',
		});
		const script = join(root, 'writer.mjs');
		writeFileSync(
			script,
			`import {moneyJournalAt} from ${JSON.stringify(bundle)};
const [directory, name, count, compactBytes, limit] = process.argv.slice(2);
const journal = moneyJournalAt(directory, {compactBytes: Number(compactBytes), limit: Number(limit)});
process.stdout.write('ready\\n');
process.stdin.once('data', async () => {
	for (let i = 0; i < Number(count); i++) {
		const record = await journal.open({time: Date.now(), operation: 'borrow', origin: name, values: {pledgeAmount: String(i)}});
		await journal.update({...record, outcome: 'done', orderId: name + '-' + i});
	}
	process.stdout.write('done\\n');
	process.stdin.destroy();
});
`,
		);
		// At its size limit: 100 done records, the oldest of them an unknown outcome that must survive every compaction.
		const prefill = moneyJournalAt(directory, {compactBytes: 10_000_000});
		const unknown = await recordAs(prefill, 0, 'unknown');
		for (let n = 1; n < 100; n++) await recordAs(prefill, n, 'done');
		const limitBytes = 4096;
		expect(statSync(join(directory, 'history.jsonl')).size).toBeGreaterThan(limitBytes);

		const WRITERS = 10;
		const EACH = 5;
		const children: ChildProcessWithoutNullStreams[] = [];
		const outputs: string[] = [];
		const exits: Array<Promise<number | null>> = [];
		for (let w = 0; w < WRITERS; w++) {
			const child = spawn(process.execPath, [script, directory, `w${w}`, String(EACH), String(limitBytes), '60'], {stdio: ['pipe', 'pipe', 'pipe']});
			children.push(child);
			outputs[w] = '';
			child.stdout.on('data', (chunk) => (outputs[w] += chunk));
			child.stderr.on('data', (chunk) => (outputs[w] += chunk));
			exits.push(new Promise((resolve) => child.on('close', resolve)));
		}
		try {
			// All started and waiting, then released together.
			await expect.poll(() => outputs.filter((output) => output.includes('ready')).length, {timeout: 20_000}).toBe(WRITERS);
			for (const child of children) child.stdin.write('go\n');
			const codes = await Promise.race([
				Promise.all(exits),
				new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`writers did not finish within 60 s: ${JSON.stringify(outputs)}`)), 60_000)),
			]);
			expect(codes, JSON.stringify(outputs)).toEqual(Array(WRITERS).fill(0));
		} finally {
			for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
		}

		const {records, unreadable} = await moneyJournalAt(directory).read();
		expect(unreadable).toBe(0);
		for (let w = 0; w < WRITERS; w++) {
			const mine = records.filter((record) => record.origin === `w${w}`);
			expect(mine.map((record) => record.orderId).sort()).toEqual(Array.from({length: EACH}, (_, i) => `w${w}-${i}`).sort());
			expect(mine.every((record) => record.outcome === 'done')).toBe(true);
		}
		expect(records.find((record) => record.id === unknown.id)?.outcome).toBe('unknown');
		// Compaction ran (most of the 100 old records are gone) and left nothing behind.
		expect(records.length).toBeLessThan(100);
		expect(leftovers(directory)).toEqual([]);
	}, 120_000);
});

describe('money journal: what is at the path', () => {
	it('never writes through a symlinked file', async () => {
		const directory = scratch();
		mkdirSync(directory, {recursive: true});
		const elsewhere = join(directory, '..', 'elsewhere.txt');
		writeFileSync(elsewhere, 'untouched\n');
		symlinkSync(elsewhere, join(directory, 'history.jsonl'));
		const journal = moneyJournalAt(directory);
		await expect(journal.open(entry(1))).rejects.toThrow(/history\.jsonl is a symbolic link: the money record is not written through it/);
		await expect(journal.read()).rejects.toThrow(/symbolic link/);
		expect(readFileSync(elsewhere, 'utf8')).toBe('untouched\n');
	});

	it('never writes into a symlinked state directory', async () => {
		const root = mkdtempSync(join(tmpdir(), 'loan-tui-journal-test-'));
		scratches.push(root);
		mkdirSync(join(root, 'real'));
		symlinkSync(join(root, 'real'), join(root, 'loan-tui'));
		const journal = moneyJournalAt(join(root, 'loan-tui'));
		const error = await journal.open(entry(1)).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(JournalError);
		expect((error as Error).message).toMatch(/loan-tui is a symbolic link: the money record is not kept through it/);
		await expect(journal.read()).rejects.toThrow(/symbolic link/);
		expect(readdirSync(join(root, 'real'))).toEqual([]);
	});

	it('tightens an existing 0755 directory and 0644 file to 0700 and 0600 on the next write', async () => {
		const directory = scratch();
		mkdirSync(directory, {recursive: true, mode: 0o755});
		chmodSync(directory, 0o755);
		const file = join(directory, 'history.jsonl');
		writeFileSync(file, `${JSON.stringify({time: T0, operation: 'borrow', origin: 'o', values: {}, outcome: 'done'})}\n`, {mode: 0o644});
		chmodSync(file, 0o644);
		const journal = moneyJournalAt(directory);
		await journal.open(entry(1));
		expect(lstatSync(directory).mode & 0o777).toBe(0o700);
		expect(lstatSync(file).mode & 0o777).toBe(0o600);
		expect((await journal.read()).records).toHaveLength(2);
	});

	it('a file it cannot read is said so, never taken for an empty one; a missing one is empty', async () => {
		const missing = scratch();
		expect(await moneyJournalAt(missing).read()).toEqual({records: [], unreadable: 0});
		mkdirSync(missing, {recursive: true});
		expect(await moneyJournalAt(missing).read()).toEqual({records: [], unreadable: 0});

		const directoryAtPath = scratch();
		mkdirSync(join(directoryAtPath, 'history.jsonl'), {recursive: true});
		await expect(moneyJournalAt(directoryAtPath).read()).rejects.toThrow(/the money record cannot be read: .*history\.jsonl is a directory/);
		await expect(moneyJournalAt(directoryAtPath).open(entry(1))).rejects.toThrow(/is a directory/);

		// A FIFO: neither read nor write may wait for the other end.
		const fifo = scratch();
		mkdirSync(fifo, {recursive: true});
		expect(spawnSync('mkfifo', [join(fifo, 'history.jsonl')]).status).toBe(0);
		await expect(moneyJournalAt(fifo).read()).rejects.toThrow(/not a regular file/);
		await expect(moneyJournalAt(fifo).open(entry(1))).rejects.toThrow(/not a regular file/);

		// 700 MB (sparse): refused from its size, not read.
		const huge = scratch();
		mkdirSync(huge, {recursive: true});
		writeFileSync(join(huge, 'history.jsonl'), '');
		truncateSync(join(huge, 'history.jsonl'), 700 * 1024 * 1024);
		await expect(moneyJournalAt(huge).read()).rejects.toThrow(/history\.jsonl is 700 MB, more than the 64 MB loan-tui reads: not read/);
		rmSync(join(huge, 'history.jsonl'));

		// Permission denied (the tests run as root, who may read anything: the open fails as it would for a user).
		const denied = scratch();
		const journal = moneyJournalAt(denied);
		await journal.open(entry(1));
		const noRead: JournalFs = {
			...fsp,
			open: (async (path: string, flags: number, mode?: number) => {
				if ((flags & 3) === constants.O_RDONLY && path.endsWith('history.jsonl')) throw Object.assign(new Error('EACCES: permission denied'), {code: 'EACCES'});
				return fsp.open(path, flags, mode);
			}) as JournalFs['open'],
		};
		const error = await moneyJournalAt(denied, {fs: noRead})
			.read()
			.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(JournalError);
		expect((error as Error).message).toMatch(/history\.jsonl could not be read: permission denied/);
	});

	it('lives in $XDG_STATE_HOME/loan-tui/history.jsonl, or ~/.local/state', () => {
		const journalFile = (env: Record<string, string>) => moneyJournalAt(readDirectories(env).state).location;
		expect(journalFile({XDG_STATE_HOME: '/s', HOME: '/h'})).toBe('/s/loan-tui/history.jsonl');
		expect(journalFile({HOME: '/h'})).toBe('/h/.local/state/loan-tui/history.jsonl');
	});
});

describe('money journal: no secret, nothing unbounded', () => {
	it('keeps no credential-named value and no echoed signing header; text is inert and capped', async () => {
		const directory = scratch();
		const journal = moneyJournalAt(directory);
		const record = await journal.open({
			...entry(1),
			values: {
				loanCoin: 'USDT',
				secretKey: 'SECRET-VALUE-1',
				passphrase: 'SECRET-VALUE-2',
				apiKey: 'SECRET-VALUE-3',
				signature: 'SECRET-VALUE-4',
				'ACCESS-SIGN': 'SECRET-VALUE-5',
				ACCESS_KEY: 'SECRET-VALUE-6',
			},
		});
		expect(record.values).toEqual({loanCoin: 'USDT'});
		await journal.update({
			...record,
			outcome: 'refused',
			detail: `40012 \u001b]52;c;AAAA\u0007 ACCESS-SIGN: SECRET-VALUE-7 ACCESS-PASSPHRASE=SECRET-VALUE-8 {"ACCESS-KEY":"SECRET-VALUE-9"} ${'x'.repeat(500)}`,
			finding: {status: 'unclear', message: `passphrase: SECRET-VALUE-10 ${'y'.repeat(1000)}`, checkedAt: T0},
		});
		const text = readFileSync(join(directory, 'history.jsonl'), 'utf8');
		expect(text).not.toMatch(/SECRET-VALUE/);
		const [kept] = (await journal.read()).records;
		expect(kept!.detail).not.toMatch(/[\u0000-\u001f]/);
		expect(kept!.detail).toContain('ACCESS-SIGN: [redacted]');
		expect(kept!.detail!.length).toBe(200);
		expect(kept!.finding!.message.length).toBe(300);
	});

	it('every line stays under MAX_LINE_BYTES, whatever the text (one write each)', async () => {
		const directory = scratch();
		const journal = moneyJournalAt(directory);
		const wide = '\u4e00"\\'.repeat(2000);
		const values = Object.fromEntries(Array.from({length: 20}, (_, i) => [`v${String(i).padStart(2, '0')}${'n'.repeat(28)}`, wide]));
		const record = await journal.open({...entry(1), origin: wide, values});
		expect(Object.keys(record.values)).toHaveLength(8);
		await journal.update({
			...record,
			outcome: 'unknown',
			orderId: wide,
			detail: wide,
			finding: {status: 'ambiguous', message: wide, orderId: wide, checkedAt: T0},
		});
		for (const line of lines(directory)) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(MAX_LINE_BYTES);
		expect(MAX_LINE_BYTES).toBeLessThan(4096);
		expect((await journal.read()).records[0]).toMatchObject({outcome: 'unknown'});
	});
});
