// A private, throw-away Secret Service for tests: its own D-Bus session bus plus gnome-keyring-daemon with an
// unlocked login keyring, all state in a fresh temporary directory, so the real keyring is never touched.
//
// The bus runs from a minimal config of our own: no service directories, so nothing is ever D-Bus-activated
// (not even the system's gnome-keyring); the Secret Service is exactly the daemon started here, or none at all.
// Both daemons run in the foreground as children of the test process, so stop() kills them by pid and reaps them.
import {type ChildProcess, execFile, spawn} from 'node:child_process';
import {accessSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {delimiter, join} from 'node:path';
import {promisify} from 'node:util';

const run = promisify(execFile);

function onPath(command: string): boolean {
	return (process.env.PATH ?? '').split(delimiter).some((dir) => {
		try {
			accessSync(join(dir, command), constants.X_OK);
			return true;
		} catch {
			return false;
		}
	});
}

const REQUIRED = ['dbus-daemon', 'dbus-send', 'gnome-keyring-daemon', 'secret-tool'];
const missing = REQUIRED.filter((command) => !onPath(command));

/** The keychain binding cannot be loaded here (installed with --omit=optional, or no binary for this system). */
function bindingMissing(): string | undefined {
	try {
		createRequire(import.meta.url)('@napi-rs/keyring');
		return undefined;
	} catch (error) {
		return `@napi-rs/keyring cannot be loaded (${(error instanceof Error ? error.message : String(error)).split('\n')[0]}): run npm ci`;
	}
}

/**
 * A keychain test's skip reason where it cannot run here, or undefined when it runs. Outside CI a machine without the
 * tools skips with the reason (one line, in the test's name); under CI (CI set) nothing is skipped, so a missing
 * keychain there fails the run instead of passing it quietly.
 */
export function keychainSkip(reason: string | undefined): string | undefined {
	const ci = process.env.CI;
	return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0' ? undefined : reason;
}

/** Why a test of the installed binding cannot run here, or undefined (always undefined under CI). */
export const KEYRING_BINDING_MISSING: string | undefined = keychainSkip(bindingMissing());

/** Why Secret Service tests cannot run here, or undefined when they can (always undefined under CI). */
export const SECRET_SERVICE_UNAVAILABLE: string | undefined = keychainSkip(
	process.platform !== 'linux'
		? 'no Secret Service: these tests need Linux'
		: missing.length > 0
			? `no Secret Service: ${missing.join(', ')} not installed (apt-get install dbus gnome-keyring libsecret-tools)`
			: bindingMissing(),
);

export interface SecretService {
	/** The bus for a client: DBUS_SESSION_BUS_ADDRESS. */
	readonly env: {DBUS_SESSION_BUS_ADDRESS: string};
	/** Holds the bus socket and the keyring's files (outside any directory a test scans). */
	readonly root: string;
	/** `secret-tool lookup service loan-tui username <profile>`: the entry as @napi-rs/keyring stores it, or undefined. */
	lookup(profile: string): Promise<string | undefined>;
	/** `secret-tool lookup service loan-tui account <profile>`: an item as keytar stored it, or undefined. */
	lookupKeytar(profile: string): Promise<string | undefined>;
	/** `secret-tool store`: writes an entry as another program could (the value goes over stdin), with the attributes
	 * @napi-rs/keyring looks up (service, username). */
	store(profile: string, value: string): Promise<void>;
	/** Writes an item exactly as keytar 7.9 did (an older loan-tui): label loan-tui/<profile>, keytar's schema
	 * (org.freedesktop.Secret.Generic), attributes service=loan-tui and account=<profile>. */
	storeKeytar(profile: string, value: string): Promise<void>;
	/** How many items have all these attributes (`secret-tool search --all`). */
	count(attributes: Record<string, string>): Promise<number>;
	/** SIGSTOP / SIGCONT the keyring daemon, to play a Secret Service that never answers. */
	freeze(): void;
	thaw(): void;
	stop(): Promise<void>;
}

export interface SecretServiceOptions {
	/** false: the bus only, no Secret Service on it. Default true. */
	keyring?: boolean;
}

export async function startSecretService(options: SecretServiceOptions = {}): Promise<SecretService> {
	const root = mkdtempSync(join(tmpdir(), 'loan-tui-secret-service-'));
	for (const dir of ['home', 'data', 'config', 'cache', 'run']) mkdirSync(join(root, dir), {mode: 0o700});
	const socket = join(root, 'run', 'bus');
	const config = join(root, 'bus.conf');
	writeFileSync(
		config,
		`<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
`,
	);
	// The daemons' own environment: everything they write (the keyring file, the control socket) stays under root.
	const daemonEnv: NodeJS.ProcessEnv = {
		PATH: process.env.PATH,
		HOME: join(root, 'home'),
		XDG_DATA_HOME: join(root, 'data'),
		XDG_CONFIG_HOME: join(root, 'config'),
		XDG_CACHE_HOME: join(root, 'cache'),
		XDG_RUNTIME_DIR: join(root, 'run'),
	};
	const children: ChildProcess[] = [];
	const stop = async () => {
		await Promise.all(children.splice(0).reverse().map(kill));
		rmSync(root, {recursive: true, force: true, maxRetries: 20, retryDelay: 100});
	};
	try {
		const bus = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--nopidfile', '--print-address=1'], {
			env: daemonEnv,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		children.push(bus);
		const address = await firstLine(bus, 'dbus-daemon');
		daemonEnv.DBUS_SESSION_BUS_ADDRESS = address;
		let keyring: ChildProcess | undefined;
		if (options.keyring !== false) {
			// --unlock reads the login keyring's password from stdin: an empty line creates it unlocked (its file,
			// under root/data, is then protected by an empty password only, hence kept out of any scanned HOME).
			keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {env: daemonEnv, stdio: ['pipe', 'ignore', 'pipe']});
			children.push(keyring);
			keyring.stdin!.end('\n');
			// Not installed (under CI a keychain test runs regardless): a clear failure, not an unhandled 'error' event.
			const notStarted = new Promise<never>((_, reject) =>
				keyring!.once('error', (error) => reject(new Error(`could not start gnome-keyring-daemon (${error.message}): apt-get install gnome-keyring`))),
			);
			await Promise.race([waitForName(daemonEnv, 'org.freedesktop.secrets', keyring), notStarted]);
		}
		const signal = (name: NodeJS.Signals) => {
			if (keyring?.pid !== undefined) process.kill(keyring.pid, name);
		};
		return {
			env: {DBUS_SESSION_BUS_ADDRESS: address},
			root,
			lookup: (profile) => lookup(daemonEnv, ['service', 'loan-tui', 'username', profile]),
			lookupKeytar: (profile) => lookup(daemonEnv, ['service', 'loan-tui', 'account', profile]),
			store: (profile, value) => store(daemonEnv, `loan-tui/${profile}`, ['service', 'loan-tui', 'username', profile], value),
			storeKeytar: (profile, value) =>
				store(daemonEnv, `loan-tui/${profile}`, ['xdg:schema', 'org.freedesktop.Secret.Generic', 'service', 'loan-tui', 'account', profile], value),
			async count(attributes) {
				const pairs = Object.entries(attributes).flat();
				const {stdout} = await run('secret-tool', ['search', '--all', ...pairs], {env: daemonEnv, timeout: 5_000}).catch(
					(error: {code?: unknown; stdout?: string}) => {
						// secret-tool exits 1 when nothing matches.
						if (error.code === 1) return {stdout: ''};
						throw error;
					},
				);
				// Each item starts with its object path in brackets ("[/1]" or the full path) on stdout; its attributes go to stderr.
				return stdout.split('\n').filter((line) => /^\[\//.test(line)).length;
			},
			freeze: () => signal('SIGSTOP'),
			thaw: () => signal('SIGCONT'),
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}

async function lookup(env: NodeJS.ProcessEnv, attributes: string[]): Promise<string | undefined> {
	try {
		const {stdout} = await run('secret-tool', ['lookup', ...attributes], {env, timeout: 5_000});
		return stdout === '' ? undefined : stdout;
	} catch (error) {
		// secret-tool exits 1 when there is no such item.
		if ((error as {code?: unknown}).code === 1) return undefined;
		throw error;
	}
}

function store(env: NodeJS.ProcessEnv, label: string, attributes: string[], value: string): Promise<void> {
	return new Promise<void>((resolve, reject) => {
		const child = execFile('secret-tool', ['store', '--label', label, ...attributes], {env, timeout: 5_000}, (error) => (error ? reject(error) : resolve()));
		child.stdin!.end(value);
	});
}

function firstLine(child: ChildProcess, name: string): Promise<string> {
	return new Promise((resolve, reject) => {
		let out = '';
		let err = '';
		child.stdout!.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const end = out.indexOf('\n');
			if (end >= 0) resolve(out.slice(0, end).trim());
		});
		child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
		child.once('error', reject);
		child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready: ${err.trim()}`)));
	});
}

/** Polls the bus until `name` has an owner: gnome-keyring registers org.freedesktop.secrets once it is ready. */
async function waitForName(env: NodeJS.ProcessEnv, name: string, owner: ChildProcess): Promise<void> {
	let stderr = '';
	owner.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const deadline = Date.now() + 10_000;
	while (Date.now() < deadline) {
		if (owner.exitCode !== null) throw new Error(`gnome-keyring-daemon exited (${owner.exitCode}): ${stderr.trim()}`);
		const {stdout} = await run(
			'dbus-send',
			['--session', '--dest=org.freedesktop.DBus', '--print-reply', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', `string:${name}`],
			{env},
		);
		if (/boolean true/.test(stdout)) return;
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
	throw new Error(`${name} did not appear on the test bus within 10 s: ${stderr.trim()}`);
}

function kill(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
	return new Promise((resolve) => {
		child.once('exit', () => resolve());
		// A frozen (SIGSTOPped) daemon would not act on SIGTERM; SIGKILL ends it regardless.
		child.kill('SIGKILL');
	});
}
