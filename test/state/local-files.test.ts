// The small private files: recent inputs (settings.json), and the bounded reads every local file goes through
// (settings, the symbol cache; the money record has its own tests: money-journal.test.ts).
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs';
import {open} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {readBoundedFile, type OpenFile} from '../../source/state/bounded-file.js';
import {writePrivateFile} from '../../source/state/private-file.js';
import {readDirectories} from '../../source/runtime/config.js';
import {fileRecentInputs, NO_RECENT_INPUTS, recentInputsFile} from '../../source/state/recent-inputs.js';
import {fileSymbolCache} from '../../source/state/symbol-cache.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'loan-tui-state-'));

describe('recent inputs', () => {
	it('round-trips the last coins, period and amounts through a private file', async () => {
		const file = join(scratch(), 'deep', 'settings.json');
		const store = fileRecentInputs(file);
		expect(await store.load()).toEqual(NO_RECENT_INPUTS);
		const inputs = {
			estimate: {loanCoin: 'USDT', pledgeCoin: 'BTC', pledgeAmount: '0.5'},
			borrow: {loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'THIRTY' as const, amountMode: 'loan' as const, loanAmount: '100'},
		};
		await store.save(inputs);
		expect(await fileRecentInputs(file).load()).toEqual(inputs);
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	it('writes only known, valid fields: never a credential, never a half-typed amount', async () => {
		const file = join(scratch(), 'settings.json');
		const store = fileRecentInputs(file);
		const sneaky = {loanCoin: 'USDT', pledgeAmount: '1e5', secretKey: 'top-secret-value', passphrase: 'hunter2'};
		await store.save({estimate: sneaky, borrow: {pledgeCoin: 'ß'}} as never);
		const text = readFileSync(file, 'utf8');
		expect(text).not.toContain('top-secret-value');
		expect(text).not.toContain('hunter2');
		expect(await store.load()).toEqual({estimate: {loanCoin: 'USDT'}, borrow: {}});
	});

	it('gives defaults for a damaged or foreign file instead of failing', async () => {
		const directory = scratch();
		const file = join(directory, 'settings.json');
		for (const text of ['{not json', '[]', '{"version":2}', '{"version":1,"estimate":{"loanCoin":"<script>"}}']) {
			writeFileSync(file, text);
			const loaded = await fileRecentInputs(file).load();
			expect(loaded.borrow).toEqual({});
			expect(loaded.estimate.loanCoin).toBeUndefined();
		}
	});

	it('lives under XDG_CONFIG_HOME, or ~/.config when that is unset or relative', () => {
		expect(recentInputsFile(readDirectories({XDG_CONFIG_HOME: '/x/cfg', HOME: '/home/a'}).config)).toBe('/x/cfg/loan-tui/settings.json');
		expect(recentInputsFile(readDirectories({XDG_CONFIG_HOME: 'rel', HOME: '/home/a'}).config)).toBe('/home/a/.config/loan-tui/settings.json');
	});
});

describe('bounded reads of settings and caches (state/bounded-file.ts)', () => {
	it('a 600 MB settings.json is refused with a message, not read; a symlinked or FIFO one too', async () => {
		const directory = scratch();
		const file = join(directory, 'settings.json');
		writeFileSync(file, '');
		truncateSync(file, 600 * 1024 * 1024);
		const loaded = await fileRecentInputs(file).load();
		expect(loaded).toMatchObject({estimate: {}, borrow: {}});
		expect(loaded.note).toMatch(/settings\.json is 600 MB, more than the 1 MB loan-tui reads: not read/);
		rmSync(file);

		writeFileSync(join(directory, 'elsewhere.json'), JSON.stringify({version: 1, estimate: {loanCoin: 'USDT'}}));
		symlinkSync(join(directory, 'elsewhere.json'), file);
		expect((await fileRecentInputs(file).load()).note).toMatch(/is a symbolic link: not followed/);
		rmSync(file);

		expect(spawnSync('mkfifo', [file]).status).toBe(0);
		expect((await fileRecentInputs(file).load()).note).toMatch(/not a regular file/);
	});

	it('readBoundedFile: missing is undefined, a directory or an oversized file is refused with the reason', async () => {
		const directory = scratch();
		expect(await readBoundedFile(join(directory, 'none'), 10)).toBeUndefined();
		await expect(readBoundedFile(directory, 10)).rejects.toThrow(/is a directory, not a file/);
		writeFileSync(join(directory, 'eleven'), '01234567890');
		await expect(readBoundedFile(join(directory, 'eleven'), 10)).rejects.toMatchObject({
			reason: 'too-large',
			message: expect.stringMatching(/eleven is 11 bytes, more than the 10 bytes loan-tui reads/),
		});
		expect(await readBoundedFile(join(directory, 'eleven'), 11)).toBe('01234567890');
	});

	it('a planted 225 MB symbol cache is ignored without reading a byte of it', async () => {
		const directory = join(scratch(), 'loan-tui');
		const origin = 'https://api.bitget.com';
		const writer = fileSymbolCache(directory, origin).begin();
		writer.chunk(Buffer.from(JSON.stringify({code: '00000', msg: 'success', requestTime: 1, data: []})));
		await writer.commit(1);
		const list = join(directory, 'symbols-api.bitget.com.json');
		truncateSync(list, 225 * 1024 * 1024);
		let reads = 0;
		const counting: OpenFile = async (path, flags, mode) => {
			const handle = await open(path, flags, mode);
			return new Proxy(handle, {
				get(target, property) {
					const value = Reflect.get(target, property, target) as unknown;
					if (typeof value !== 'function') return value;
					return (...args: unknown[]) => {
						if (String(path) === list && (property === 'read' || property === 'createReadStream' || property === 'readFile')) reads++;
						return (value as (...a: unknown[]) => unknown).apply(target, args);
					};
				},
			});
		};
		expect(await fileSymbolCache(directory, origin, {open: counting}).read()).toBeUndefined();
		expect(reads).toBe(0);
		rmSync(list);
	});

	it('writePrivateFile leaves no temporary file when it fails, and never writes through a symlink at the temporary name', async () => {
		const directory = scratch();
		const file = join(directory, 'settings.json');
		// A non-empty directory where the file goes: the rename fails.
		mkdirSync(join(file, 'inside'), {recursive: true});
		await expect(writePrivateFile(file, '{}')).rejects.toThrow();
		expect(readdirSync(directory)).toEqual(['settings.json']);
		rmSync(file, {recursive: true});

		const target = join(directory, 'target');
		writeFileSync(target, 'untouched');
		symlinkSync(target, `${file}.${process.pid}.tmp`);
		await writePrivateFile(file, '{"version":1}');
		expect(readFileSync(target, 'utf8')).toBe('untouched');
		expect(readFileSync(file, 'utf8')).toBe('{"version":1}');
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});
});
