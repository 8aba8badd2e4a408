// The run's configuration (source/runtime/config.ts): each variable's default, a good value and a bad one, with the
// one policy of docs/configuration.md; and the built binary refusing a bad value the same way in a command and in
// the interactive app, before the app draws anything.
import {homedir} from 'node:os';
import {afterEach, describe, expect, it} from 'vitest';
import {readConfig, type Config, type Environment} from '../../source/runtime/config.js';
import type {ParsedArgs} from '../../source/runtime/args.js';
import {UsageError} from '../../source/runtime/exit-codes.js';
import {CLI, runCli} from '../helpers/cli.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const config = (env: Environment, values: ParsedArgs['values'] = {}): Config => readConfig(values, env);

/** The UsageError readConfig throws for `env`, checked to be one. */
function refusal(env: Environment, values: ParsedArgs['values'] = {}): UsageError {
	let caught: unknown;
	try {
		readConfig(values, env);
	} catch (error) {
		caught = error;
	}
	expect(caught).toBeInstanceOf(UsageError);
	return caught as UsageError;
}

describe('readConfig', () => {
	it('with nothing set: every default', () => {
		expect(config({})).toEqual({
			baseUrl: 'https://api.bitget.com',
			demo: false,
			demoAccount: 'unified',
			locale: 'en-US',
			profile: 'default',
			getTimeoutMs: 10_000,
			debug: false,
			json: false,
			allowInsecureHttp: false,
			reconcileMs: 20_000,
			noColor: false,
			// No TERM: treated as a dumb terminal.
			osc52: false,
			v8Tuning: true,
			directories: {
				home: homedir(),
				config: `${homedir()}/.config/loan-tui`,
				cache: `${homedir()}/.cache/loan-tui`,
				state: `${homedir()}/.local/state/loan-tui`,
				accounts: `${homedir()}/.local/state/loan-tui/accounts`,
			},
			credentials: {state: 'absent'},
			sessionBus: {address: undefined, runtimeDir: undefined, display: undefined},
			childEnvironment: {},
		});
	});

	it('a program loan-tui starts (watch --exec) gets the environment without the credentials', () => {
		const env = {PATH: '/bin', LANG: 'C', BITGET_API_KEY: 'k', BITGET_SECRET_KEY: 's', BITGET_PASSPHRASE: 'p'};
		expect(config(env).childEnvironment).toEqual({PATH: '/bin', LANG: 'C'});
	});

	it('an empty value counts as unset, for every variable', () => {
		const names = [
			'LOAN_TUI_BASE_URL',
			'LOAN_TUI_PROFILE',
			'LOAN_TUI_RECONCILE_SECONDS',
			'LOAN_TUI_NO_OSC52',
			'LOAN_TUI_NO_V8_TUNING',
			'NO_COLOR',
			'TERM',
			'LC_ALL',
			'LANG',
			'XDG_CONFIG_HOME',
			'XDG_CACHE_HOME',
			'XDG_STATE_HOME',
			'HOME',
			'BITGET_API_KEY',
			'BITGET_SECRET_KEY',
			'BITGET_PASSPHRASE',
			'DBUS_SESSION_BUS_ADDRESS',
			'XDG_RUNTIME_DIR',
			'DISPLAY',
		];
		// (A program loan-tui starts still sees them set, empty: childEnvironment is the environment as it is.)
		const withoutChild = (values: Record<string, string>) => ({...config(values), childEnvironment: undefined});
		expect(withoutChild(Object.fromEntries(names.map((name) => [name, ''])))).toEqual(withoutChild({}));
	});

	it('LOAN_TUI_BASE_URL: an http(s) origin, below --base-url; anything else is refused naming it', () => {
		expect(config({LOAN_TUI_BASE_URL: 'http://127.0.0.1:8080'}).baseUrl).toBe('http://127.0.0.1:8080');
		expect(config({LOAN_TUI_BASE_URL: 'http://127.0.0.1:8080'}, {'base-url': 'https://example.test'}).baseUrl).toBe('https://example.test');
		expect(refusal({LOAN_TUI_BASE_URL: 'ftp://example.test'}).message).toBe('LOAN_TUI_BASE_URL must be an http:// or https:// URL, not ftp:');
		expect(refusal({LOAN_TUI_BASE_URL: 'https://example.test/v2'}).message).toBe('LOAN_TUI_BASE_URL must be only scheme, host and port');
		// The flag's own bad value names the flag.
		expect(refusal({}, {'base-url': 'nope'}).message).toBe('--base-url "nope" is not a URL');
	});

	it('LOAN_TUI_PROFILE: 1 to 64 letters, digits, dots, dashes, underscores, below --profile', () => {
		expect(config({LOAN_TUI_PROFILE: 'work'}).profile).toBe('work');
		expect(config({LOAN_TUI_PROFILE: 'work'}, {profile: 'home'}).profile).toBe('home');
		expect(refusal({LOAN_TUI_PROFILE: 'my profile'}).message).toBe(
			'LOAN_TUI_PROFILE "my profile" must be 1 to 64 letters, digits, dots, dashes or underscores',
		);
		expect(refusal({}, {profile: 'a/b'}).message).toMatch(/^--profile "a\/b" must be 1 to 64/);
	});

	it('LOAN_TUI_RECONCILE_SECONDS: a whole number of seconds from 0 to 120', () => {
		expect(config({LOAN_TUI_RECONCILE_SECONDS: '0'}).reconcileMs).toBe(0);
		expect(config({LOAN_TUI_RECONCILE_SECONDS: '5'}).reconcileMs).toBe(5_000);
		expect(config({LOAN_TUI_RECONCILE_SECONDS: '120'}).reconcileMs).toBe(120_000);
		for (const bad of ['121', '-1', '1.5', '1e2', ' 5', 'soon', '0x10', '1000']) {
			const error = refusal({LOAN_TUI_RECONCILE_SECONDS: bad});
			expect(error.message).toBe(`LOAN_TUI_RECONCILE_SECONDS ${JSON.stringify(bad)} must be a whole number of seconds from 0 to 120`);
		}
	});

	it('LOAN_TUI_NO_OSC52 and TERM: OSC 52 unless turned off (1) or the terminal is known to ignore it', () => {
		expect(config({TERM: 'xterm-256color'}).osc52).toBe(true);
		expect(config({TERM: 'xterm-256color', LOAN_TUI_NO_OSC52: '0'}).osc52).toBe(true);
		expect(config({TERM: 'xterm-256color', LOAN_TUI_NO_OSC52: '1'}).osc52).toBe(false);
		expect(config({TERM: 'linux'}).osc52).toBe(false);
		expect(refusal({TERM: 'xterm', LOAN_TUI_NO_OSC52: 'yes'}).message).toBe('LOAN_TUI_NO_OSC52 "yes" must be 1 (on) or 0 (off)');
	});

	it('LOAN_TUI_NO_V8_TUNING: 1 leaves V8 as it is, 0 tunes it, anything else is refused', () => {
		expect(config({LOAN_TUI_NO_V8_TUNING: '1'}).v8Tuning).toBe(false);
		expect(config({LOAN_TUI_NO_V8_TUNING: '0'}).v8Tuning).toBe(true);
		expect(refusal({LOAN_TUI_NO_V8_TUNING: 'true'}).message).toBe('LOAN_TUI_NO_V8_TUNING "true" must be 1 (on) or 0 (off)');
	});

	it('NO_COLOR: any non-empty value turns colour off (no-color.org), "0" and "false" included; never refused', () => {
		for (const value of ['1', '0', 'false', 'anything']) expect(config({NO_COLOR: value}).noColor).toBe(true);
	});

	it('LC_ALL, else LANG: the locale header when --locale is not given; one naming no region means en-US', () => {
		expect(config({LANG: 'en_GB.UTF-8'}).locale).toBe('en-GB');
		expect(config({LC_ALL: 'zh_CN.UTF-8', LANG: 'en_GB.UTF-8'}).locale).toBe('zh-CN');
		expect(config({LC_ALL: 'C', LANG: 'en_GB.UTF-8'}).locale).toBe('en-US');
		expect(config({LANG: 'C.UTF-8'}).locale).toBe('en-US');
		expect(config({LANG: 'en_GB.UTF-8'}, {locale: 'zh_CN'}).locale).toBe('zh-CN');
		expect(refusal({}, {locale: 'english'}).message).toBe('--locale "english" is not a language-REGION tag');
	});

	it('XDG_*_HOME and HOME: absolute paths count, anything else is ignored as the XDG spec says', () => {
		expect(config({XDG_CONFIG_HOME: '/x/config', XDG_CACHE_HOME: '/x/cache', XDG_STATE_HOME: '/x/state', HOME: '/home/u'}).directories).toEqual({
			home: '/home/u',
			config: '/x/config/loan-tui',
			cache: '/x/cache/loan-tui',
			state: '/x/state/loan-tui',
			// The account's lock and ledger: under HOME whatever XDG_STATE_HOME says, so every state directory finds them.
			accounts: '/home/u/.local/state/loan-tui/accounts',
		});
		expect(config({XDG_CONFIG_HOME: 'relative', XDG_CACHE_HOME: './c', HOME: '/home/u'}).directories).toEqual({
			home: '/home/u',
			config: '/home/u/.config/loan-tui',
			cache: '/home/u/.cache/loan-tui',
			state: '/home/u/.local/state/loan-tui',
			accounts: '/home/u/.local/state/loan-tui/accounts',
		});
		expect(config({HOME: 'not/absolute'}).directories.cache).toBe(`${homedir()}/.cache/loan-tui`);
		expect(config({HOME: 'not/absolute'}).directories.home).toBe(homedir());
	});

	it('BITGET_*: all three (trimmed) or none; a partial set is refused naming what is missing, never a value', () => {
		const all = {BITGET_API_KEY: ' key-value ', BITGET_SECRET_KEY: 'secret-value', BITGET_PASSPHRASE: 'pass-value'};
		expect(config(all).credentials).toEqual({state: 'complete', credentials: {apiKey: 'key-value', secretKey: 'secret-value', passphrase: 'pass-value'}});
		const cases: Array<[Environment, string[]]> = [
			[{BITGET_API_KEY: 'key-value'}, ['BITGET_SECRET_KEY', 'BITGET_PASSPHRASE']],
			[{BITGET_API_KEY: 'key-value', BITGET_SECRET_KEY: 'secret-value'}, ['BITGET_PASSPHRASE']],
			[{...all, BITGET_API_KEY: '   '}, ['BITGET_API_KEY']],
		];
		for (const [env, missing] of cases) {
			const error = refusal(env);
			expect(error.message).toBe(`incomplete credentials in the environment: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set`);
			expect(error.hint).toBe('Set all three of BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE, or none of them.');
			expect(`${error.message} ${error.hint}`).not.toContain('-value');
		}
	});

	it('the D-Bus variables: carried for the keychain check, never refused', () => {
		expect(config({DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1/bus', XDG_RUNTIME_DIR: '/run/user/1', DISPLAY: ':0'}).sessionBus).toEqual({
			address: 'unix:path=/run/user/1/bus',
			runtimeDir: '/run/user/1',
			display: ':0',
		});
	});
});

describe('one policy for the commands and the app (the built binary)', () => {
	const bad = {LOAN_TUI_RECONCILE_SECONDS: 'soon'};
	const message = 'loan-tui: LOAN_TUI_RECONCILE_SECONDS "soon" must be a whole number of seconds from 0 to 120';

	it('the interactive app refuses a bad LOAN_TUI_RECONCILE_SECONDS with exit 2 before it starts', async () => {
		// Off a terminal the app would refuse to start for want of one (exit 2 too): the variable's message instead
		// shows the configuration is checked first, before the app's path (and Ink) is reached. Nothing is written to
		// stdout, where the app draws.
		const result = await runCli(['--demo'], {env: bad});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(message);
		expect(result.stderr).not.toContain('needs a terminal');
		expect(result.stdout).toBe('');
		// The check can fail: with a good value the same run gets as far as the terminal check.
		const good = await runCli(['--demo'], {env: {LOAN_TUI_RECONCILE_SECONDS: '5'}});
		expect(good.code).toBe(2);
		expect(good.stderr).toContain('needs a terminal');
	});

	it('a command refuses it the same way, whether or not it moves money', async () => {
		for (const args of [
			['symbols', 'BTCUSDT', '--demo'],
			['repay', '1', '--all', '--yes', '--demo'],
		]) {
			const result = await runCli(args, {env: bad});
			expect(result.code).toBe(2);
			expect(result.stderr).toContain(message);
			expect(result.stdout).toBe('');
		}
	});

	describe.skipIf(tmuxMissing)(`in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
		let tmux: Tmux | undefined;
		afterEach(() => tmux?.kill());

		// On a terminal too: exit 2 and the message in the shell, the home menu never reached (the run above proves the
		// order: the check comes before the app's path).
		it('the app exits 2 with the message in the shell', async () => {
			tmux = Tmux.start(`node ${CLI} --demo`, {env: bad});
			const screen = await tmux.waitFor('EXIT=2');
			expect(screen).toContain(message);
			expect(screen).not.toContain('? this help');
		});
	});
});
