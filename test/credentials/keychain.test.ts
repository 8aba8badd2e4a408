import {describe, expect, it, vi} from 'vitest';
import {fakeTimeouts, settleMicrotasks, track, untilReal} from '../helpers/clock.js';
import {KEYCHAIN_SERVICE, openKeychain, parseEntry, serializeEntry, type KeychainOptions} from '../../source/credentials/keychain.js';
import {SecretToolMissing, type KeytarItemsAccess} from '../../source/credentials/keytar-items.js';
import {CredentialsError} from '../../source/credentials/types.js';

const credentials = {apiKey: 'bg_unit_key_12345678', secretKey: 'S3cret-unit-9f2a', passphrase: 'Pass-unit-7c1e'};
const ENV_HINT = /BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE/;

/** @napi-rs/keyring as a Map, with every call logged; `fail` or `hang` replaces the behaviour of all three calls. */
function fakeKeyring(behaviour: {fail?: Error; hang?: boolean; entries?: Record<string, string>} = {}) {
	const entries = new Map(Object.entries(behaviour.entries ?? {}));
	const calls: string[] = [];
	const options: unknown[] = [];
	const act = async <T>(call: string, result: () => T): Promise<T> => {
		calls.push(call);
		if (behaviour.hang) return new Promise<T>(() => {});
		if (behaviour.fail) throw behaviour.fail;
		return result();
	};
	class AsyncEntry {
		readonly key: string;
		constructor(service: string, username: string, entryOptions?: unknown) {
			this.key = `${service}/${username}`;
			options.push(entryOptions);
		}
		getPassword = () => act(`get ${this.key}`, () => entries.get(this.key) ?? null);
		setPassword = (password: string) => act(`set ${this.key}`, () => void entries.set(this.key, password));
		deletePassword = () => act(`delete ${this.key}`, () => entries.delete(this.key));
	}
	return {api: {AsyncEntry}, entries, calls, options};
}

/** A keychain over a fake binding (shaped as ESM sees CommonJS: exports on `default`), off Linux by default. */
function open(keyringModule: unknown, options: Partial<KeychainOptions> = {}) {
	return openKeychain({platform: 'darwin', sessionBus: {}, loadKeyring: async () => keyringModule, ...options});
}

async function failure(promise: Promise<unknown>): Promise<CredentialsError> {
	const error = await promise.then(
		() => undefined,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(CredentialsError);
	const credentialsError = error as CredentialsError;
	expect(credentialsError.exitCode).toBe(2);
	expect(credentialsError.hint).toMatch(ENV_HINT);
	for (const secret of [credentials.secretKey, credentials.passphrase]) {
		expect(credentialsError.message).not.toContain(secret);
		expect(credentialsError.hint).not.toContain(secret);
	}
	return credentialsError;
}

describe('openKeychain (@napi-rs/keyring-backed store)', () => {
	it('keeps one JSON entry per profile under service loan-tui, account = profile', async () => {
		const keyring = fakeKeyring();
		const store = await open({default: keyring.api});
		await store.set('default', credentials);
		await store.set('work', {...credentials, apiKey: 'bg_work_key_00000000'});
		expect(KEYCHAIN_SERVICE).toBe('loan-tui');
		expect([...keyring.entries.keys()]).toEqual(['loan-tui/default', 'loan-tui/work']);
		expect(JSON.parse(keyring.entries.get('loan-tui/default')!)).toEqual(credentials);
		expect(await store.get('default')).toEqual(credentials);
		expect((await store.get('work'))?.apiKey).toBe('bg_work_key_00000000');
		expect(await store.get('other')).toBeUndefined();
		expect(await store.delete('work')).toBe(true);
		expect(await store.delete('work')).toBe(false);
		expect(keyring.calls).toEqual([
			'set loan-tui/default',
			'set loan-tui/work',
			'get loan-tui/default',
			'get loan-tui/work',
			'get loan-tui/other',
			'delete loan-tui/work',
			'delete loan-tui/work',
		]);
	});

	it('accepts the binding with named exports as well as on default, and pins each entry to the Secret Service on Linux', async () => {
		const keyring = fakeKeyring();
		const store = await open(keyring.api);
		await store.set('default', credentials);
		expect(await store.get('default')).toEqual(credentials);
		// Else the Rust keyring falls back to the kernel keyring, which forgets everything at logout.
		expect(keyring.options).toEqual([{linux: {store: 'secret-service'}}, {linux: {store: 'secret-service'}}]);
	});

	it('the binding not installed, without its binary, failing to load, or incomplete: says which, names the environment variables', async () => {
		const notFound = Object.assign(new Error("Cannot find package '@napi-rs/keyring' imported from /x/dist/cli.js"), {code: 'ERR_MODULE_NOT_FOUND'});
		const missing = await failure(openKeychain({platform: 'darwin', sessionBus: {}, loadKeyring: () => Promise.reject(notFound)}));
		expect(missing.message).toMatch(/keychain module \(@napi-rs\/keyring\) is not installed/);
		expect(missing.hint).toMatch(/npm install -g loan-tui, without --omit=optional/);
		const noBinary = await failure(
			openKeychain({
				platform: 'darwin',
				sessionBus: {},
				loadKeyring: () => Promise.reject(new Error('Cannot find native binding. npm has a bug related to optional dependencies')),
			}),
		);
		expect(noBinary.message).toMatch(/has no binary for this system/);
		expect(noBinary.hint).toMatch(/nothing is compiled/);
		const loadFailure = await failure(openKeychain({platform: 'darwin', sessionBus: {}, loadKeyring: () => Promise.reject(new Error('something odd'))}));
		expect(loadFailure.message).toMatch(/installed but cannot be loaded \(something odd\)/);
		for (const failureText of [missing, noBinary, loadFailure].map((error) => error.message + error.hint))
			expect(failureText).not.toMatch(/libsecret-1-dev|build-essential|compiler/);
		expect((await failure(open({default: {getPassword: () => null}}))).message).toMatch(/lacks AsyncEntry/);
	});

	it('a call that never returns fails at the configured timeout', async () => {
		const store = await open({default: fakeKeyring({hang: true}).api}, {timeoutMs: 200});
		// On a faked clock: the call's deadline is the only timer, and it is the test that moves time.
		fakeTimeouts();
		try {
			const outcome = track(store.get('default'));
			await untilReal(() => vi.getTimerCount() > 0, 'the call and its deadline');
			vi.advanceTimersByTime(199);
			await settleMicrotasks();
			expect(outcome.settled).toBe(false);
			vi.advanceTimersByTime(1);
			await untilReal(() => outcome.settled, 'the failure at the deadline');
			expect(outcome.error).toBeInstanceOf(CredentialsError);
		} finally {
			vi.useRealTimers();
		}
		const error = await failure(store.get('default'));
		expect(error.message).toMatch(/did not answer within 200 ms/);
		expect(error.message).toMatch(/locked keyring/);
		await failure(store.set('default', credentials));
		await failure(store.delete('default'));
	});

	it('a malformed stored entry is a clear error that never quotes the entry', async () => {
		const entries = {
			'loan-tui/notjson': `S3cret-unit-9f2a and Pass-unit-7c1e, not JSON`,
			'loan-tui/array': JSON.stringify([credentials.secretKey]),
			'loan-tui/missing': JSON.stringify({apiKey: 'k', secretKey: credentials.secretKey}),
			'loan-tui/wrongtype': JSON.stringify({apiKey: 'k', secretKey: credentials.secretKey, passphrase: 42}),
			'loan-tui/empty': JSON.stringify({apiKey: '', secretKey: credentials.secretKey, passphrase: credentials.passphrase}),
		};
		const store = await open({default: fakeKeyring({entries}).api});
		for (const profile of ['notjson', 'array', 'missing', 'wrongtype', 'empty']) {
			const error = await failure(store.get(profile));
			expect(error.message).toContain(`entry for profile "${profile}"`);
			expect(error.message).toMatch(/malformed/);
			expect(error.hint).toContain(`loan-tui login --profile ${profile}`);
		}
	});

	it('the entry round-trips and ignores fields it does not know', () => {
		expect(parseEntry(serializeEntry(credentials), 'p')).toEqual(credentials);
		expect(parseEntry(JSON.stringify({...credentials, savedAt: 1}), 'p')).toEqual(credentials);
	});

	it('maps libsecret errors to reasons a person can act on', async () => {
		const cases: Array<[string, RegExp]> = [
			['Cannot autolaunch D-Bus without X11 $DISPLAY', /no D-Bus session bus/],
			['Could not connect: No such file or directory', /cannot connect to the D-Bus session bus/],
			['The name org.freedesktop.secrets was not provided by any .service files', /no Secret Service is running/],
			['Cannot create an item in a locked collection', /keyring is locked/],
			// What @napi-rs/keyring says when the Secret Service does not reply (libdbus gives up before our deadline).
			[
				'Platform failure: DBus error: Did not receive a reply. Possible causes include: the remote application did not send a reply, the message bus security policy blocked the reply, the reply timeout expired, or the network connection was broken.',
				/the keychain did not answer \(a locked keyring/,
			],
			['Object does not exist at path “/org/freedesktop/secrets/collection/login”', /no default keyring/],
			['Something unexpected', /keychain reported an error: Something unexpected/],
		];
		for (const [message, expected] of cases) {
			const store = await open({default: fakeKeyring({fail: new Error(message)}).api});
			expect((await failure(store.get('default'))).message, message).toMatch(expected);
		}
	});

	it('an unexpected keychain error quoting the secret being stored is redacted', async () => {
		const store = await open({default: fakeKeyring({fail: new Error(`cannot store "${credentials.secretKey}" / ${credentials.passphrase}`)}).api});
		const error = await failure(store.set('default', credentials));
		expect(error.message).toContain('[redacted]');
	});

	describe('on Linux, the D-Bus session bus is checked before any keychain call', () => {
		const loads = () => fakeKeyring().api;

		it('no DBUS_SESSION_BUS_ADDRESS (and no fallback): no D-Bus session bus, and how to start one', async () => {
			const error = await failure(openKeychain({platform: 'linux', sessionBus: {runtimeDir: '/nonexistent-run-dir'}, loadKeyring: async () => loads()}));
			expect(error.message).toMatch(/no D-Bus session bus \(DBUS_SESSION_BUS_ADDRESS is not set\)/);
			expect(error).toMatchObject({problem: 'no-bus'});
			expect(error.hint).toContain('dbus-run-session -- ');
		});

		it('but when the binding cannot be loaded either, it is named: without it no bus would help', async () => {
			const notFound = Object.assign(new Error("Cannot find package '@napi-rs/keyring' imported from /x/dist/cli.js"), {code: 'ERR_MODULE_NOT_FOUND'});
			const cases: Array<[Error, RegExp, RegExp]> = [
				[notFound, /keychain module \(@napi-rs\/keyring\) is not installed/, /Reinstall loan-tui/],
				[new Error('Cannot find native binding. npm has a bug related to optional dependencies'), /has no binary for this system/, /Reinstall loan-tui/],
			];
			for (const [thrown, message, hint] of cases) {
				for (const sessionBus of [{}, {address: 'unix:path=/nonexistent/loan-tui-test-bus'}]) {
					const error = await failure(openKeychain({platform: 'linux', sessionBus, loadKeyring: () => Promise.reject(thrown)}));
					expect(error.message).toMatch(message);
					expect(error.message).not.toMatch(/D-Bus/);
					expect(error.hint).toMatch(hint);
				}
			}
		});

		it('an address where nothing listens: cannot connect, naming the address', async () => {
			for (const address of ['unix:path=/nonexistent/loan-tui-test-bus', 'unix:abstract=loan-tui-test-nothing-here,guid=0123']) {
				const error = await failure(openKeychain({platform: 'linux', sessionBus: {address}, loadKeyring: async () => loads()}));
				expect(error.message).toContain('cannot connect to the D-Bus session bus at');
				expect(error.message).toContain(address);
			}
		});

		it('transports it cannot probe are left to libsecret', async () => {
			const keyring = fakeKeyring();
			const store = await openKeychain({
				platform: 'linux',
				sessionBus: {address: 'tcp:host=localhost,port=1'},
				loadKeyring: async () => ({default: keyring.api}),
				keytarItems: {kind: 'none'},
			});
			expect(await store.get('default')).toBeUndefined();
		});
	});

	describe('items saved through keytar (service loan-tui, account = profile) are moved on first read', () => {
		/** keytar's old items as a Map, searchable as secret-tool would. */
		function oldItems(entries: Record<string, string>) {
			const items = new Map(Object.entries(entries));
			const calls: string[] = [];
			const access: KeytarItemsAccess = {
				kind: 'searchable',
				items: {
					lookup: async (service, account) => (calls.push(`lookup ${service}/${account}`), items.get(`${service}/${account}`)),
					remove: async (service, account) => (calls.push(`remove ${service}/${account}`), items.delete(`${service}/${account}`)),
				},
			};
			return {access, items, calls};
		}
		const entry = serializeEntry(credentials);

		it('an old item only: moved to the current item, read back, then removed; said once, without the secret', async () => {
			const keyring = fakeKeyring();
			const old = oldItems({'loan-tui/default': entry});
			const notices: string[] = [];
			const store = await open({default: keyring.api}, {keytarItems: old.access, onNotice: (line) => notices.push(line)});
			expect(await store.get('default')).toEqual(credentials);
			expect(keyring.entries.get('loan-tui/default')).toBe(entry);
			expect(old.items.size).toBe(0);
			// Written, read back, and only then the old one removed.
			expect(keyring.calls).toEqual(['get loan-tui/default', 'set loan-tui/default', 'get loan-tui/default']);
			expect(old.calls).toEqual(['lookup loan-tui/default', 'remove loan-tui/default']);
			expect(notices).toEqual([
				'Moved the credentials of profile default from the OS keychain item an older loan-tui saved (through keytar) to the current one, and removed the older item.',
			]);
			// Idempotent: the next read finds the current item, and nothing to move.
			expect(await store.get('default')).toEqual(credentials);
			expect(notices).toHaveLength(1);
			for (const line of notices) for (const secret of [credentials.secretKey, credentials.passphrase, credentials.apiKey]) expect(line).not.toContain(secret);
		});

		it('both: the current item wins, the old one is removed, and that is said', async () => {
			const current = {...credentials, apiKey: 'bg_current_00000000'};
			const keyring = fakeKeyring({entries: {'loan-tui/default': serializeEntry(current)}});
			const old = oldItems({'loan-tui/default': entry});
			const notices: string[] = [];
			const store = await open({default: keyring.api}, {keytarItems: old.access, onNotice: (line) => notices.push(line)});
			expect(await store.get('default')).toEqual(current);
			expect(keyring.entries.get('loan-tui/default')).toBe(serializeEntry(current));
			expect(old.items.size).toBe(0);
			expect(notices).toEqual([
				expect.stringMatching(
					/^Profile default had credentials .* saved by an older loan-tui \(through keytar\) besides the current ones: kept the current ones, removed the older item\.$/,
				),
			]);
		});

		it('a current item that does not read back the same: the old one stays, and the error says what to do', async () => {
			const keyring = fakeKeyring();
			// A keychain that accepts the write but returns something else (never seen; the move must not lose the old item).
			const {AsyncEntry} = keyring.api;
			class Lossy extends AsyncEntry {
				override getPassword = async () => (this.key === 'loan-tui/default' && keyring.entries.has(this.key) ? 'garbled' : null);
			}
			const old = oldItems({'loan-tui/default': entry});
			const store = await open({default: {AsyncEntry: Lossy}}, {keytarItems: old.access});
			const error = await store.get('default').then(
				() => undefined,
				(caught: unknown) => caught as CredentialsError,
			);
			expect(error).toBeInstanceOf(CredentialsError);
			expect(error!.message).toMatch(/could not be moved: the new keychain item did not read back the same/);
			expect(error!.hint).toMatch(/older item is left where it was. Run loan-tui login/);
			expect(error!.message + error!.hint).not.toContain(credentials.secretKey);
			expect(old.items.get('loan-tui/default')).toBe(entry);
		});

		it('logout removes the old item too, and login replaces it', async () => {
			const keyring = fakeKeyring();
			const old = oldItems({'loan-tui/default': entry, 'loan-tui/work': entry});
			const store = await open({default: keyring.api}, {keytarItems: old.access});
			expect(await store.delete('default')).toBe(true);
			expect(old.items.has('loan-tui/default')).toBe(false);
			expect(await store.delete('default')).toBe(false);
			await store.set('work', credentials);
			expect(old.items.has('loan-tui/work')).toBe(false);
		});

		it('where old items cannot be searched (no secret-tool), a missing entry says so once; a found one says nothing', async () => {
			const notices: string[] = [];
			const missingTool = async (): Promise<never> => Promise.reject(new SecretToolMissing());
			const unsearchable: KeytarItemsAccess = {kind: 'searchable', items: {lookup: missingTool, remove: missingTool}};
			const store = await open(
				{default: fakeKeyring({entries: {'loan-tui/work': entry}}).api},
				{keytarItems: unsearchable, onNotice: (line) => notices.push(line)},
			);
			expect(await store.get('work')).toEqual(credentials);
			expect(notices).toEqual([]);
			expect(await store.get('default')).toBeUndefined();
			expect(await store.get('default')).toBeUndefined();
			expect(notices).toEqual([
				'No credentials for profile default in the OS keychain; credentials saved by an older loan-tui (through keytar) cannot be looked for without secret-tool (sudo apt-get install libsecret-tools).',
			]);
			// Logout and login still work: there is simply no old item to remove.
			expect(await store.delete('work')).toBe(true);
			await store.set('work', credentials);
		});
	});
});
