// The keychain helper process, with fake keytar modules written to a temporary directory.
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest';
import {keytarInChildProcess, locateKeytar, probeKeytar} from '../../source/credentials/keytar-process.js';
import {CredentialsError} from '../../source/credentials/types.js';
import {fakeTimeouts, settleMicrotasks, track, untilReal} from '../helpers/clock.js';

const dir = mkdtempSync(join(tmpdir(), 'loan-tui-fake-keytar-'));
afterAll(() => rmSync(dir, {recursive: true, force: true, maxRetries: 20, retryDelay: 100}));

/** Writes a fake keytar module; `shape` decides whether its functions are on default (as CommonJS) or named. */
function fakeModule(name: string, shape: 'default' | 'named' | 'throws' | 'empty'): string {
	const functions = `
		const fs = await import('node:fs');
		// Written whole, then renamed: a reader never sees the file created but still empty.
		fs.writeFileSync(${JSON.stringify(join(dir, `${name}.pid.tmp`))}, String(process.pid));
		fs.renameSync(${JSON.stringify(join(dir, `${name}.pid.tmp`))}, ${JSON.stringify(join(dir, `${name}.pid`))});
		const getPassword = async (service, account) => {
			// Kept alive by a timer, as a real stuck native call keeps its process alive.
			if (account === 'hang') return new Promise(() => setInterval(() => {}, 1000));
			if (account === 'locked') throw new Error('Cannot create an item in a locked collection');
			return account === 'missing' ? null : service + '/' + account;
		};
		const setPassword = async (service, account, password) => fs.writeFileSync(${JSON.stringify(join(dir, `${name}.stored`))}, password);
		const deletePassword = async (service, account) => account === 'present';
	`;
	const source = {
		default: `${functions} export default {getPassword, setPassword, deletePassword};`,
		named: `${functions} export {getPassword, setPassword, deletePassword};`,
		throws: `throw new Error('libsecret-1.so.0: cannot open shared object file');`,
		empty: `export default {};`,
	}[shape];
	const path = join(dir, `${name}.mjs`);
	writeFileSync(path, source);
	return pathToFileURL(path).href;
}

async function credentialsFailure(promise: Promise<unknown>): Promise<CredentialsError> {
	const error = await promise.then(
		() => undefined,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(CredentialsError);
	return error as CredentialsError;
}

describe('keytar in a child process', () => {
	afterEach(() => void vi.useRealTimers());

	it('finds the installed keytar', () => {
		expect(locateKeytar()).toMatch(/\/node_modules\/keytar\/.+\.js$/);
	});

	it('makes each call in the helper, with keytar functions on default or as named exports', async () => {
		for (const shape of ['default', 'named'] as const) {
			const keytar = keytarInChildProcess({timeoutMs: 5_000, keytarUrl: fakeModule(shape, shape)});
			expect(await keytar.getPassword('loan-tui', 'work')).toBe('loan-tui/work');
			expect(await keytar.getPassword('loan-tui', 'missing')).toBeNull();
			await keytar.setPassword('loan-tui', 'work', '{"secretKey":"S3cret-stdin"}');
			// The value went over the helper's stdin and arrived whole.
			expect(readFileSync(join(dir, `${shape}.stored`), 'utf8')).toBe('{"secretKey":"S3cret-stdin"}');
			expect(await keytar.deletePassword('loan-tui', 'present')).toBe(true);
			expect(await keytar.deletePassword('loan-tui', 'absent')).toBe(false);
		}
	});

	it('passes keytar errors on as errors, to be explained by the store', async () => {
		const keytar = keytarInChildProcess({timeoutMs: 5_000, keytarUrl: fakeModule('errors', 'default')});
		await expect(keytar.getPassword('loan-tui', 'locked')).rejects.toThrow('Cannot create an item in a locked collection');
	});

	it('a helper that ends without answering is an error that says so', async () => {
		const path = join(dir, 'exits.mjs');
		writeFileSync(path, `export default {getPassword: () => process.exit(7), setPassword() {}, deletePassword() {}};`);
		const keytar = keytarInChildProcess({timeoutMs: 5_000, keytarUrl: pathToFileURL(path).href});
		await expect(keytar.getPassword('loan-tui', 'x')).rejects.toThrow(/helper process ended without an answer \(exit 7\)/);
	});

	it('keytar missing, failing to load, or without its functions: a CredentialsError saying which', async () => {
		const missing = await credentialsFailure(keytarInChildProcess({timeoutMs: 5_000, keytarUrl: pathToFileURL(join(dir, 'nowhere.mjs')).href}).getPassword('s', 'a'));
		expect(missing.message).toMatch(/keytar module is not installed/);
		const broken = await credentialsFailure(keytarInChildProcess({timeoutMs: 5_000, keytarUrl: fakeModule('throws', 'throws')}).getPassword('s', 'a'));
		expect(broken.message).toMatch(/keytar module cannot be loaded: libsecret is missing \(libsecret-1\.so\.0: cannot open shared object file\)/);
		const empty = await credentialsFailure(keytarInChildProcess({timeoutMs: 5_000, keytarUrl: fakeModule('empty', 'empty')}).getPassword('s', 'a'));
		expect(empty.message).toMatch(/lacks getPassword/);
	});

	it('a probe loads keytar and makes no call; a keytar that cannot load says why, and where to rebuild it', async () => {
		await probeKeytar({timeoutMs: 5_000, keytarUrl: fakeModule('probe', 'default')});
		expect(existsSync(join(dir, 'probe.pid'))).toBe(true);
		expect(existsSync(join(dir, 'probe.stored'))).toBe(false);
		const unbuiltDir = join(dir, 'app', 'node_modules', 'keytar', 'lib');
		mkdirSync(unbuiltDir, {recursive: true});
		writeFileSync(join(unbuiltDir, 'keytar.js'), `module.exports = require('../build/Release/keytar.node');`);
		const unbuilt = await credentialsFailure(probeKeytar({timeoutMs: 5_000, keytarUrl: pathToFileURL(join(unbuiltDir, 'keytar.js')).href}));
		expect(unbuilt).toMatchObject({problem: 'keytar-unloadable'});
		expect(unbuilt.message).toMatch(/native part was not built/);
		expect(unbuilt.hint).toContain(`npm rebuild keytar in ${join(dir, 'app')}.`);
	});

	it('a call that never returns: a CredentialsError at the deadline, and the helper is killed', async () => {
		const keytar = keytarInChildProcess({timeoutMs: 1_000, keytarUrl: fakeModule('hang', 'default')});
		// On a faked clock (the helper process is real): the deadline fires when the test moves time, not before.
		fakeTimeouts();
		const outcome = track(keytar.getPassword('loan-tui', 'hang'));
		const pidFile = join(dir, 'hang.pid');
		await untilReal(() => existsSync(pidFile) && vi.getTimerCount() > 0, 'the helper to load keytar, and the deadline');
		const pid = Number(readFileSync(pidFile, 'utf8'));
		expect(pid).toBeGreaterThan(0);
		vi.advanceTimersByTime(999);
		await settleMicrotasks();
		expect(outcome.settled).toBe(false);
		expect(() => process.kill(pid, 0)).not.toThrow();
		vi.advanceTimersByTime(1);
		await untilReal(() => outcome.settled, 'the failure at the deadline');
		const error = await credentialsFailure(Promise.reject(outcome.error));
		expect(error.message).toMatch(/did not answer within 1 s/);
		// Killed (SIGKILL at the deadline): gone once it has been reaped, waited for, not slept on.
		const gone = () => {
			try {
				process.kill(pid, 0);
				return false;
			} catch (caught) {
				return (caught as NodeJS.ErrnoException).code === 'ESRCH';
			}
		};
		await untilReal(gone, `the helper (pid ${pid}) to be gone`);
	});
});
