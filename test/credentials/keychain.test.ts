import {describe, expect, it, vi} from 'vitest';
import {fakeTimeouts, settleMicrotasks, track, untilReal} from '../helpers/clock.js';
import {KEYCHAIN_SERVICE, openKeychain, parseEntry, serializeEntry, type KeychainOptions, type KeytarApi} from '../../source/credentials/keychain.js';
import {CredentialsError} from '../../source/credentials/types.js';

const credentials = {apiKey: 'bg_unit_key_12345678', secretKey: 'S3cret-unit-9f2a', passphrase: 'Pass-unit-7c1e'};
const ENV_HINT = /BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE/;

/** keytar as a Map, with every call logged; `fail` or `hang` replaces the behaviour of all three functions. */
function fakeKeytar(behaviour: {fail?: Error; hang?: boolean; entries?: Record<string, string>} = {}) {
	const entries = new Map(Object.entries(behaviour.entries ?? {}));
	const calls: string[] = [];
	const act = async <T>(call: string, result: () => T): Promise<T> => {
		calls.push(call);
		if (behaviour.hang) return new Promise<T>(() => {});
		if (behaviour.fail) throw behaviour.fail;
		return result();
	};
	const api: KeytarApi = {
		getPassword: (service, account) => act(`get ${service}/${account}`, () => entries.get(`${service}/${account}`) ?? null),
		setPassword: (service, account, password) => act(`set ${service}/${account}`, () => void entries.set(`${service}/${account}`, password)),
		deletePassword: (service, account) => act(`delete ${service}/${account}`, () => entries.delete(`${service}/${account}`)),
	};
	return {api, entries, calls};
}

/** A keychain over a fake keytar module (shaped as ESM sees CommonJS: functions on `default`), off Linux by default. */
function open(keytarModule: unknown, options: Partial<KeychainOptions> = {}) {
	return openKeychain({platform: 'darwin', sessionBus: {}, loadKeytar: async () => keytarModule, ...options});
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

describe('openKeychain (keytar-backed store)', () => {
	it('keeps one JSON entry per profile under service loan-tui, account = profile', async () => {
		const keytar = fakeKeytar();
		const store = await open({default: keytar.api});
		await store.set('default', credentials);
		await store.set('work', {...credentials, apiKey: 'bg_work_key_00000000'});
		expect(KEYCHAIN_SERVICE).toBe('loan-tui');
		expect([...keytar.entries.keys()]).toEqual(['loan-tui/default', 'loan-tui/work']);
		expect(JSON.parse(keytar.entries.get('loan-tui/default')!)).toEqual(credentials);
		expect(await store.get('default')).toEqual(credentials);
		expect((await store.get('work'))?.apiKey).toBe('bg_work_key_00000000');
		expect(await store.get('other')).toBeUndefined();
		expect(await store.delete('work')).toBe(true);
		expect(await store.delete('work')).toBe(false);
		expect(keytar.calls).toEqual([
			'set loan-tui/default',
			'set loan-tui/work',
			'get loan-tui/default',
			'get loan-tui/work',
			'get loan-tui/other',
			'delete loan-tui/work',
			'delete loan-tui/work',
		]);
	});

	it('accepts keytar with named exports as well as on default', async () => {
		const keytar = fakeKeytar();
		const store = await open(keytar.api);
		await store.set('default', credentials);
		expect(await store.get('default')).toEqual(credentials);
	});

	it('keytar not installed, failing to load, or incomplete: says which, names the environment variables', async () => {
		const notFound = Object.assign(new Error("Cannot find package 'keytar' imported from /x/dist/cli.js"), {code: 'ERR_MODULE_NOT_FOUND'});
		expect((await failure(openKeychain({platform: 'darwin', sessionBus: {}, loadKeytar: () => Promise.reject(notFound)}))).message).toMatch(/keytar module is not installed/);
		const broken = new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory');
		const loadFailure = await failure(openKeychain({platform: 'darwin', sessionBus: {}, loadKeytar: () => Promise.reject(broken)}));
		expect(loadFailure.message).toMatch(/keytar module cannot be loaded: libsecret is missing \(libsecret-1\.so\.0: cannot open shared object file/);
		expect(loadFailure.hint).toMatch(/apt-get install libsecret-1-0/);
		expect((await failure(open({default: {getPassword: () => null}}))).message).toMatch(/lacks getPassword/);
	});

	it('a call that never returns fails at the configured timeout', async () => {
		const store = await open({default: fakeKeytar({hang: true}).api}, {timeoutMs: 200});
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
		const store = await open({default: fakeKeytar({entries}).api});
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
			['Object does not exist at path “/org/freedesktop/secrets/collection/login”', /no default keyring/],
			['Something unexpected', /keychain reported an error: Something unexpected/],
		];
		for (const [message, expected] of cases) {
			const store = await open({default: fakeKeytar({fail: new Error(message)}).api});
			expect((await failure(store.get('default'))).message, message).toMatch(expected);
		}
	});

	it('an unexpected keychain error quoting the secret being stored is redacted', async () => {
		const store = await open({default: fakeKeytar({fail: new Error(`cannot store "${credentials.secretKey}" / ${credentials.passphrase}`)}).api});
		const error = await failure(store.set('default', credentials));
		expect(error.message).toContain('[redacted]');
	});

	describe('on Linux, the D-Bus session bus is checked before any keychain call', () => {
		const loads = () => fakeKeytar().api;

		it('no DBUS_SESSION_BUS_ADDRESS (and no fallback): no D-Bus session bus, and how to start one', async () => {
			const error = await failure(openKeychain({platform: 'linux', sessionBus: {runtimeDir: '/nonexistent-run-dir'}, loadKeytar: async () => loads()}));
			expect(error.message).toMatch(/no D-Bus session bus \(DBUS_SESSION_BUS_ADDRESS is not set\)/);
			expect(error).toMatchObject({problem: 'no-bus'});
			expect(error.hint).toContain('dbus-run-session -- ');
		});

		it('but when keytar cannot be loaded either, keytar is named: without it no bus would help', async () => {
			const notFound = Object.assign(new Error("Cannot find package 'keytar' imported from /x/dist/cli.js"), {code: 'ERR_MODULE_NOT_FOUND'});
			const unbuilt = Object.assign(new Error("Cannot find module '../build/Release/keytar.node'"), {code: 'MODULE_NOT_FOUND'});
			const cases: Array<[Error, RegExp, RegExp]> = [
				[notFound, /keytar module is not installed/, /libsecret-1-dev .*reinstall loan-tui/],
				[unbuilt, /keytar module is installed but its native part was not built/, /libsecret-1-dev .*npm rebuild keytar/],
				[new Error('was compiled against a different Node.js version using NODE_MODULE_VERSION 108'), /cannot be loaded \(was compiled against/, /npm rebuild keytar/],
			];
			for (const [thrown, message, hint] of cases) {
				for (const sessionBus of [{}, {address: 'unix:path=/nonexistent/loan-tui-test-bus'}]) {
					const error = await failure(openKeychain({platform: 'linux', sessionBus, loadKeytar: () => Promise.reject(thrown)}));
					expect(error.message).toMatch(message);
					expect(error.message).not.toMatch(/D-Bus/);
					expect(error.hint).toMatch(hint);
				}
			}
		});

		it('an address where nothing listens: cannot connect, naming the address', async () => {
			for (const address of ['unix:path=/nonexistent/loan-tui-test-bus', 'unix:abstract=loan-tui-test-nothing-here,guid=0123']) {
				const error = await failure(openKeychain({platform: 'linux', sessionBus: {address}, loadKeytar: async () => loads()}));
				expect(error.message).toContain('cannot connect to the D-Bus session bus at');
				expect(error.message).toContain(address);
			}
		});

		it('transports it cannot probe are left to libsecret', async () => {
			const keytar = fakeKeytar();
			const store = await openKeychain({platform: 'linux', sessionBus: {address: 'tcp:host=localhost,port=1'}, loadKeytar: async () => ({default: keytar.api})});
			expect(await store.get('default')).toBeUndefined();
		});
	});
});
