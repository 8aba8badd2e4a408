// The keychain helper process, with fake @napi-rs/keyring modules written to a temporary directory.
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest';
import {keyringInChildProcess, locateKeyring, probeKeyring} from '../../source/credentials/keyring-process.js';
import {CredentialsError} from '../../source/credentials/types.js';
import {fakeTimeouts, settleMicrotasks, track, untilReal} from '../helpers/clock.js';
import {KEYRING_BINDING_MISSING} from '../helpers/secret-service.js';

const dir = mkdtempSync(join(tmpdir(), 'loan-tui-fake-keyring-'));
afterAll(() => rmSync(dir, {recursive: true, force: true, maxRetries: 20, retryDelay: 100}));

/** Writes a fake @napi-rs/keyring module; `shape` decides whether AsyncEntry is on default (as CommonJS) or named. */
function fakeModule(name: string, shape: 'default' | 'named' | 'throws' | 'empty'): string {
	const functions = `
		const fs = await import('node:fs');
		// Written whole, then renamed: a reader never sees the file created but still empty.
		fs.writeFileSync(${JSON.stringify(join(dir, `${name}.pid.tmp`))}, String(process.pid));
		fs.renameSync(${JSON.stringify(join(dir, `${name}.pid.tmp`))}, ${JSON.stringify(join(dir, `${name}.pid`))});
		class AsyncEntry {
			constructor(service, account, options) {
				this.service = service;
				this.account = account;
				fs.writeFileSync(${JSON.stringify(join(dir, `${name}.options`))}, JSON.stringify(options));
			}
			async getPassword() {
				// Kept alive by a timer, as a real stuck native call keeps its process alive.
				if (this.account === 'hang') return new Promise(() => setInterval(() => {}, 1000));
				if (this.account === 'locked') throw new Error('Cannot create an item in a locked collection');
				return this.account === 'missing' ? null : this.service + '/' + this.account;
			}
			async setPassword(password) {
				fs.writeFileSync(${JSON.stringify(join(dir, `${name}.stored`))}, password);
			}
			async deletePassword() {
				return this.account === 'present';
			}
		}
	`;
	const source = {
		default: `${functions} export default {AsyncEntry};`,
		named: `${functions} export {AsyncEntry};`,
		throws: `throw new Error('Cannot find native binding. npm has a bug related to optional dependencies');`,
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

describe('@napi-rs/keyring in a child process', () => {
	afterEach(() => void vi.useRealTimers());

	it.skipIf(KEYRING_BINDING_MISSING)(`finds the installed @napi-rs/keyring${KEYRING_BINDING_MISSING ? ` — skipped: ${KEYRING_BINDING_MISSING}` : ''}`, () => {
		expect(locateKeyring()).toMatch(/\/node_modules\/@napi-rs\/keyring\/.+\.js$/);
	});

	it('makes each call in the helper, with AsyncEntry on default or as a named export, pinned to the Secret Service', async () => {
		for (const shape of ['default', 'named'] as const) {
			const keyring = keyringInChildProcess({timeoutMs: 5_000, keyringUrl: fakeModule(shape, shape)});
			expect(await keyring.getPassword('loan-tui', 'work')).toBe('loan-tui/work');
			expect(await keyring.getPassword('loan-tui', 'missing')).toBeNull();
			await keyring.setPassword('loan-tui', 'work', '{"secretKey":"S3cret-stdin"}');
			// The value went over the helper's stdin and arrived whole.
			expect(readFileSync(join(dir, `${shape}.stored`), 'utf8')).toBe('{"secretKey":"S3cret-stdin"}');
			expect(await keyring.deletePassword('loan-tui', 'present')).toBe(true);
			expect(await keyring.deletePassword('loan-tui', 'absent')).toBe(false);
			expect(JSON.parse(readFileSync(join(dir, `${shape}.options`), 'utf8'))).toEqual({linux: {store: 'secret-service'}});
		}
	});

	it("passes the binding's errors on as errors, to be explained by the store", async () => {
		const keyring = keyringInChildProcess({timeoutMs: 5_000, keyringUrl: fakeModule('errors', 'default')});
		await expect(keyring.getPassword('loan-tui', 'locked')).rejects.toThrow('Cannot create an item in a locked collection');
	});

	it('a helper that ends without answering is an error that says so', async () => {
		const path = join(dir, 'exits.mjs');
		writeFileSync(path, `export default {AsyncEntry: class { getPassword() { process.exit(7); } }};`);
		const keyring = keyringInChildProcess({timeoutMs: 5_000, keyringUrl: pathToFileURL(path).href});
		await expect(keyring.getPassword('loan-tui', 'x')).rejects.toThrow(/helper process ended without an answer \(exit 7\)/);
	});

	it('the binding missing, without its binary, or without AsyncEntry: a CredentialsError saying which', async () => {
		const missing = await credentialsFailure(
			keyringInChildProcess({timeoutMs: 5_000, keyringUrl: pathToFileURL(join(dir, 'nowhere.mjs')).href}).getPassword('s', 'a'),
		);
		expect(missing.message).toMatch(/keychain module \(@napi-rs\/keyring\) is not installed/);
		const broken = await credentialsFailure(keyringInChildProcess({timeoutMs: 5_000, keyringUrl: fakeModule('throws', 'throws')}).getPassword('s', 'a'));
		expect(broken.message).toMatch(/has no binary for this system/);
		const empty = await credentialsFailure(keyringInChildProcess({timeoutMs: 5_000, keyringUrl: fakeModule('empty', 'empty')}).getPassword('s', 'a'));
		expect(empty.message).toMatch(/lacks AsyncEntry/);
	});

	it('a probe loads the binding and makes no call; one without its binary says where to reinstall it', async () => {
		await probeKeyring({timeoutMs: 5_000, keyringUrl: fakeModule('probe', 'default')});
		expect(existsSync(join(dir, 'probe.pid'))).toBe(true);
		expect(existsSync(join(dir, 'probe.stored'))).toBe(false);
		const bindingDir = join(dir, 'app', 'node_modules', '@napi-rs', 'keyring');
		mkdirSync(bindingDir, {recursive: true});
		writeFileSync(join(bindingDir, 'index.js'), `throw new Error('Cannot find native binding. npm has a bug related to optional dependencies');`);
		const noBinary = await credentialsFailure(probeKeyring({timeoutMs: 5_000, keyringUrl: pathToFileURL(join(bindingDir, 'index.js')).href}));
		expect(noBinary).toMatchObject({problem: 'keyring-unloadable'});
		expect(noBinary.message).toMatch(/has no binary for this system/);
		expect(noBinary.hint).toContain(`(in ${join(dir, 'app')}: npm install @napi-rs/keyring)`);
	});

	it('a call that never returns: a CredentialsError at the deadline, and the helper is killed', async () => {
		const keyring = keyringInChildProcess({timeoutMs: 1_000, keyringUrl: fakeModule('hang', 'default')});
		// On a faked clock (the helper process is real): the deadline fires when the test moves time, not before.
		fakeTimeouts();
		const outcome = track(keyring.getPassword('loan-tui', 'hang'));
		const pidFile = join(dir, 'hang.pid');
		await untilReal(() => existsSync(pidFile) && vi.getTimerCount() > 0, 'the helper to load the binding, and the deadline');
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
