// Where no keychain can be used, the credentials commands of the built CLI fail clearly (exit 2, the reason, the
// environment variables as the alternative) and write nothing anywhere: there is no fallback file.
import {spawn, spawnSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {existsSync, realpathSync, rmSync} from 'node:fs';
import {createServer} from 'node:net';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, beforeEach, describe, expect, it} from 'vitest';
import {CLI, type CliResult} from '../helpers/cli.js';
import {cliSandbox, listTree, type CliSandbox} from '../helpers/cli-sandbox.js';
import {keychainSkip, KEYRING_BINDING_MISSING, SECRET_SERVICE_UNAVAILABLE, startSecretService, type SecretService} from '../helpers/secret-service.js';

const HOOK = fileURLToPath(new URL('../helpers/keyring-hook.mjs', import.meta.url));
const secret = `S3cret-${randomBytes(6).toString('hex')}`;
const passphrase = `Pass-${randomBytes(6).toString('hex')}`;
const input = `bg_nokeychain_0123456789\n${secret}\n${passphrase}\n`;
const notLinux = process.platform !== 'linux' ? 'the D-Bus checks are Linux-only' : undefined;
/** The D-Bus reasons are the binding's to find: without it loadable, every keychain says only that. */
const noDbusChecks = notLinux ?? KEYRING_BINDING_MISSING;
const DBUS_RUN_SESSION_MISSING = keychainSkip(
	['dbus-run-session', 'gnome-keyring-daemon'].some((command) => spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0)
		? 'no Secret Service: gnome-keyring/dbus-run-session not installed (apt-get install dbus gnome-keyring)'
		: undefined,
);

/** A command other than the CLI, with the sandbox's environment, its output kept. */
function runCommand(command: string, args: string[], options: {env: NodeJS.ProcessEnv; input: string}): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, {env: {PATH: process.env.PATH, ...options.env}, stdio: ['pipe', 'pipe', 'pipe']});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
		child.on('error', reject);
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			resolve({code, stdout, stderr, signal});
		});
		child.stdin.end(options.input);
	});
}

function expectClearFailure(result: CliResult, reason: RegExp): void {
	expect(result.code).toBe(2);
	expect(result.stdout).toBe('');
	// login and logout name the keychain; commands that needed credentials (whoami, borrow) say that first.
	expect(result.stderr).toMatch(/^loan-tui: (no credentials for profile "default": none in the environment, and )?the OS keychain is not available: /);
	expect(result.stderr).toMatch(reason);
	expect(result.stderr).toContain('BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE');
	expect(result.stderr).not.toMatch(/\n\s+at /);
	expect(result.stderr + result.stdout).not.toContain(secret);
	expect(result.stderr + result.stdout).not.toContain(passphrase);
}

describe('no usable keychain (built CLI)', () => {
	let sandbox: CliSandbox;
	let before: string[];
	beforeEach(() => {
		sandbox = cliSandbox();
		before = listTree(sandbox.root);
	});
	afterEach(() => {
		// Nothing written: not a file, not a directory, anywhere under the temporary HOME, XDG dirs or TMPDIR.
		expect(listTree(sandbox.root)).toEqual(before);
		sandbox.remove();
	});

	it.skipIf(noDbusChecks)(`no D-Bus session (DBUS_SESSION_BUS_ADDRESS unset)${noDbusChecks ? ` — skipped: ${noDbusChecks}` : ''}`, async () => {
		// Said at once, from the environment: not the keychain's timeout ("did not answer within 3 s"), and the run ends
		// by itself (no signal from the sandbox's hard kill).
		const login = await sandbox.run(['login', '--stdin'], {input, timeoutMs: 25_000});
		expectClearFailure(login, /no D-Bus session bus \(DBUS_SESSION_BUS_ADDRESS is not set\)/);
		// And how to start one.
		expect(login.stderr).toContain('dbus-run-session -- ');
		expect(login.signal).toBeNull();
		expect(login.stderr).not.toMatch(/did not answer|no answer within/);
		const whoami = await sandbox.run(['whoami']);
		expectClearFailure(whoami, /no D-Bus session bus/);
		expect(whoami.stderr).toMatch(/^loan-tui: no credentials for profile "default": none in the environment, and the OS keychain is not available/);
		expectClearFailure(await sandbox.run(['logout']), /no D-Bus session bus/);
	});

	it.skipIf(noDbusChecks)(`DBUS_SESSION_BUS_ADDRESS pointing to a dead socket${noDbusChecks ? ` — skipped: ${noDbusChecks}` : ''}`, async () => {
		// A socket file left behind by a bus that is gone, and an address whose socket does not exist at all.
		const stale = join(sandbox.root, '..', `loan-tui-dead-bus-${randomBytes(4).toString('hex')}`);
		const server = createServer();
		await new Promise<void>((resolve) => server.listen(stale, resolve));
		await new Promise<void>((resolve) => server.close(() => resolve()));
		try {
			for (const address of [`unix:path=${stale}`, `unix:path=${join(sandbox.root, '..', 'loan-tui-no-such-bus')}`]) {
				const result = await sandbox.run(['login', '--stdin'], {input, env: {DBUS_SESSION_BUS_ADDRESS: address}});
				expectClearFailure(result, /cannot connect to the D-Bus session bus at unix:path=.*\((connection refused|no such socket)/);
				expect(result.stderr).toContain(address);
			}
		} finally {
			rmSync(stale, {force: true});
		}
	});

	it('@napi-rs/keyring not installed', async () => {
		// DISPLAY lets the D-Bus check pass, so the failure is the binding's own.
		const env = {DISPLAY: ':99', NODE_OPTIONS: `--import=${HOOK}`, LOAN_TUI_TEST_KEYRING: 'missing'};
		expectClearFailure(await sandbox.run(['login', '--stdin'], {input, env}), /the keychain module \(@napi-rs\/keyring\) is not installed/);
		const whoami = await sandbox.run(['whoami'], {env});
		expectClearFailure(whoami, /the keychain module \(@napi-rs\/keyring\) is not installed/);
		expect(whoami.stderr).toContain('npm install -g loan-tui, without --omit=optional');
		// Nothing to build any more: no compiler, no libsecret headers.
		expect(whoami.stderr).not.toMatch(/libsecret-1-dev|build-essential|rebuild/);
	});

	it('@napi-rs/keyring not installed and no D-Bus session either: the binding is named first (no bus would help without it)', async () => {
		const env = {NODE_OPTIONS: `--import=${HOOK}`, LOAN_TUI_TEST_KEYRING: 'missing', DBUS_SESSION_BUS_ADDRESS: ''};
		for (const args of [['login', '--stdin'], ['whoami'], ['logout']]) {
			const result = await sandbox.run(args, {input, env});
			expectClearFailure(result, /the keychain module \(@napi-rs\/keyring\) is not installed/);
			expect(result.stderr, args.join(' ')).not.toMatch(/D-Bus|dbus/i);
			expect(result.stderr).toMatch(/Reinstall loan-tui with its optional dependencies/);
		}
	});

	it('@napi-rs/keyring installed without its per-platform binary: says so, and where to reinstall it', async () => {
		const env = {NODE_OPTIONS: `--import=${HOOK}`, LOAN_TUI_TEST_KEYRING: 'nobinary'};
		const result = await sandbox.run(['whoami'], {env});
		expectClearFailure(result, /the keychain module \(@napi-rs\/keyring\) has no binary for this system/);
		expect(result.stderr).not.toMatch(/D-Bus/);
		// The folder whose node_modules holds the binding (node_modules may be a link: its real place).
		const root = dirname(realpathSync(fileURLToPath(new URL('../../node_modules', import.meta.url))));
		expect(result.stderr).toContain(`(in ${root}: npm install @napi-rs/keyring)`);
	});

	describe('a D-Bus session without a Secret Service', () => {
		let bus: SecretService | undefined;
		afterAll(async () => bus?.stop());

		it.skipIf(SECRET_SERVICE_UNAVAILABLE !== undefined)(
			`login fails saying no Secret Service is running${SECRET_SERVICE_UNAVAILABLE ? ` — skipped: ${SECRET_SERVICE_UNAVAILABLE}` : ''}`,
			async () => {
				bus = await startSecretService({keyring: false});
				expectClearFailure(await sandbox.run(['login', '--stdin'], {input, env: bus.env}), /no Secret Service is running on the D-Bus session bus/);
				expectClearFailure(await sandbox.run(['whoami'], {env: bus.env}), /no Secret Service/);
			},
		);
	});
});

describe.skipIf(noDbusChecks ?? DBUS_RUN_SESSION_MISSING)(
	`the way out that "no D-Bus session bus" gives works${(noDbusChecks ?? DBUS_RUN_SESSION_MISSING) ? ` — skipped: ${noDbusChecks ?? DBUS_RUN_SESSION_MISSING}` : ''}`,
	() => {
		const sandbox = cliSandbox();
		afterAll(() => sandbox.remove());

		it('its dbus-run-session command, run as given (the password piped in), lets login store and whoami read', async () => {
			const refused = await sandbox.run(['whoami']);
			expect(refused.code).toBe(2);
			const script = /dbus-run-session -- sh -c '([^']+)'/.exec(refused.stderr)?.[1];
			expect(script, refused.stderr).toMatch(/^gnome-keyring-daemon --unlock --components=secrets >\/dev\/null && loan-tui$/);
			const cli = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`;
			const filled = script!
				.replace('gnome-keyring-daemon', 'printf test-password | gnome-keyring-daemon')
				.replace(/loan-tui$/, `${cli} login --stdin && ${cli} whoami`);
			const result = await runCommand('dbus-run-session', ['--', 'sh', '-c', filled], {env: sandbox.env(), input});
			expect(result.stderr).not.toContain('loan-tui:');
			expect(result.code).toBe(0);
			expect(result.stdout).toContain('Saved credentials for profile default in the OS keychain (key bg_n…6789).');
			expect(result.stdout).toMatch(/source\s+keychain\n/);
			expect(result.stdout + result.stderr).not.toContain(secret);
		});
	},
);

describe('@napi-rs/keyring is loaded only where credentials are needed (built CLI)', () => {
	const sandbox = cliSandbox();
	afterAll(() => sandbox.remove());
	const marker = join(sandbox.root, 'keyring-marker');
	const env = {DISPLAY: ':99', NODE_OPTIONS: `--import=${HOOK}`, LOAN_TUI_TEST_KEYRING: 'spy', LOAN_TUI_TEST_KEYRING_MARKER: marker};
	const credentials = {BITGET_API_KEY: 'bg_env_key_0123456789', BITGET_SECRET_KEY: secret, BITGET_PASSPHRASE: passphrase};

	it('never for --help, --version, symbols, estimate, --demo borrow and whoami, or environment credentials', async () => {
		const runs: Array<[string[], NodeJS.ProcessEnv?]> = [
			[['--help']],
			[['--version']],
			[['symbols', '--demo']],
			[['symbols', 'BTCUSDT', '--demo', '--json']],
			[['estimate', '--demo', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1']],
			[['borrow', '--demo', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '0.1', '--yes']],
			[['whoami', '--demo']],
			[['whoami'], credentials],
		];
		for (const [args, extra] of runs) {
			const result = await sandbox.run(args, {env: {...env, ...extra}});
			expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
			expect(existsSync(marker), args.join(' ')).toBe(false);
		}
	});

	it('but for whoami from the keychain (the control: the spy does see a load)', async () => {
		const result = await sandbox.run(['whoami'], {env});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('the keychain module (@napi-rs/keyring) loaded but lacks AsyncEntry');
		expect(existsSync(marker)).toBe(true);
	});
});
