// The run's configuration: the flags and the environment, read once at start (cli/main.ts), before anything is
// drawn or sent, into one typed object that is passed down. This is the one file that reads an environment variable
// by name (test/architecture/config.test.ts), and each variable has one policy, the table in docs/configuration.md:
// a bad value of one of loan-tui's own variables is a UsageError (exit 2) for the commands and the app alike;
// the system's variables (LC_ALL, LANG, TERM, NO_COLOR, XDG_*, HOME, the D-Bus ones) are taken as their own
// conventions say and never refused. Every variable set to the empty string counts as unset.
import {homedir} from 'node:os';
import {isAbsolute, join} from 'node:path';
import {DEFAULT_GET_TIMEOUT_MS} from '../api/deadlines.js';
import {DEFAULT_LOCALE, normaliseLocale} from '../api/locale.js';
import {isLoopbackHost} from '../api/transport.js';
import {checkOrigin} from '../api/validate.js';
import type {SessionBus} from '../credentials/dbus.js';
import {CREDENTIAL_VARIABLES, environmentCredentials, type KnownEnvironmentCredentials} from '../credentials/environment.js';
import {DEFAULT_PROFILE} from '../credentials/types.js';
import {sanitize} from '../format/sanitize.js';
import {terminalIgnoresOsc52} from '../format/clipboard.js';
import type {ParsedArgs} from './args.js';
import {UsageError} from './exit-codes.js';

/** The process environment (cli/index.ts hands over process.env), or a test's. */
export type Environment = Readonly<Record<string, string | undefined>>;

const DEFAULT_BASE_URL = 'https://api.bitget.com';
/** Bitget's public ticker stream (reference D.4), for the default API origin. */
const BITGET_TICKER_STREAM_URL = 'wss://ws.bitget.com/v2/ws/public';
const TICKER_STREAM_PATH = '/v2/ws/public';
/** How long a check after an unknown outcome keeps reading the loans, by default: 20 s. */
const DEFAULT_RECONCILE_MS = 20_000;
const MAX_RECONCILE_SECONDS = 120;

/** loan-tui's own files, each directory ending in /loan-tui; and the home directory. */
export interface Directories {
	/** HOME when it is an absolute path, else the account's home from the OS: where History's CSV goes when the working
	 * directory cannot take it (operations/history-export.ts). */
	home: string;
	/** Settings a person would miss if lost (the last inputs): $XDG_CONFIG_HOME/loan-tui. */
	config: string;
	/** What can be fetched again (the symbol lists, Node's compile cache): $XDG_CACHE_HOME/loan-tui. */
	cache: string;
	/** What the app did (the money record): $XDG_STATE_HOME/loan-tui. */
	state: string;
	/** What belongs to a Bitget account (the watch's lock and top-up ledger): ~/.local/state/loan-tui/accounts,
	 * whatever XDG_STATE_HOME says, so every state directory of the user finds it (state/account-state.ts). */
	accounts: string;
}

export interface Config {
	// The flags; where a flag has a variable (LOAN_TUI_BASE_URL, LOAN_TUI_PROFILE, LC_ALL/LANG) the flag wins.
	baseUrl: string;
	demo: boolean;
	/** --demo-account: the simulated account's mode (unified unless asked). */
	demoAccount: 'unified' | 'classic';
	locale: string;
	profile: string;
	getTimeoutMs: number;
	debug: boolean;
	json: boolean;
	/** Signed requests over plain http to a host that is not loopback (refused unless given). */
	allowInsecureHttp: boolean;
	// The environment alone.
	/** LOAN_TUI_RECONCILE_SECONDS in ms: how long a check after an unknown outcome keeps reading the loans (0: once). */
	reconcileMs: number;
	/** COLUMNS: the width the commands' tables fit (a positive whole number; anything else is ignored, as shells set
	 * it). Unset: the terminal's width, or every column into a pipe. */
	columns: number | undefined;
	/** NO_COLOR: no colour anywhere in the app. */
	noColor: boolean;
	/** The copy key may write OSC 52: not under LOAN_TUI_NO_OSC52=1, nor on a TERM known to ignore it. */
	osc52: boolean;
	/** The V8 memory settings of cli/v8-memory.ts; off under LOAN_TUI_NO_V8_TUNING=1. */
	v8Tuning: boolean;
	directories: Directories;
	/** BITGET_API_KEY, BITGET_SECRET_KEY, BITGET_PASSPHRASE: all three or none (a partial set is refused here).
	 * Secret: never printed, logged or put in a message. */
	credentials: KnownEnvironmentCredentials;
	/** Where the Secret Service client would find the D-Bus session bus (credentials/dbus.ts checks it before loading the keychain binding). */
	sessionBus: SessionBus;
	/** The environment a program loan-tui starts gets (`watch --exec`): this one without the credential variables. */
	childEnvironment: Environment;
}

/** Everything, checked: throws a UsageError naming the flag or variable and what it accepts. */
export function readConfig(values: ParsedArgs['values'], env: Environment): Config {
	const demo = values.demo === true;
	if (demo && values['base-url'] !== undefined) throw new UsageError('--demo and --base-url cannot be used together');
	const demoAccount = values['demo-account']?.trim().toLowerCase();
	if (demoAccount !== undefined && !demo) throw new UsageError("--demo-account goes with --demo: a real account's mode is found out, not chosen");
	if (demoAccount !== undefined && demoAccount !== 'unified' && demoAccount !== 'classic')
		throw new UsageError(`--demo-account is unified or classic (got "${sanitize(values['demo-account']!).slice(0, 20)}")`);
	return {
		baseUrl: checkBaseUrl(...fromFlagOrVariable(values['base-url'], '--base-url', env.LOAN_TUI_BASE_URL, 'LOAN_TUI_BASE_URL', DEFAULT_BASE_URL)),
		demo,
		demoAccount: demoAccount === 'classic' ? 'classic' : 'unified',
		locale: values.locale === undefined ? localeFrom(env) : checkLocale(values.locale),
		profile: checkProfile(...fromFlagOrVariable(values.profile, '--profile', env.LOAN_TUI_PROFILE, 'LOAN_TUI_PROFILE', DEFAULT_PROFILE)),
		getTimeoutMs: values.timeout === undefined ? DEFAULT_GET_TIMEOUT_MS : checkTimeout(values.timeout),
		debug: values.debug === true,
		json: values.json === true,
		allowInsecureHttp: values['allow-insecure-http'] === true,
		reconcileMs: reconcileMsFrom(env.LOAN_TUI_RECONCILE_SECONDS),
		columns: columnsFrom(env.COLUMNS),
		noColor: noColorFrom(env.NO_COLOR),
		osc52: !switchFrom(env.LOAN_TUI_NO_OSC52, 'LOAN_TUI_NO_OSC52') && !terminalIgnoresOsc52(given(env.TERM)),
		v8Tuning: !switchFrom(env.LOAN_TUI_NO_V8_TUNING, 'LOAN_TUI_NO_V8_TUNING'),
		directories: readDirectories(env),
		credentials: credentialsFrom(env),
		sessionBus: {address: given(env.DBUS_SESSION_BUS_ADDRESS), runtimeDir: given(env.XDG_RUNTIME_DIR), display: given(env.DISPLAY)},
		childEnvironment: withoutCredentials(env),
	};
}

/** The environment less BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE: a secret never reaches a child. */
function withoutCredentials(env: Environment): Environment {
	const secret = new Set<string>(Object.values(CREDENTIAL_VARIABLES));
	return Object.fromEntries(Object.entries(env).filter(([name]) => !secret.has(name)));
}

/** "demo" or the API host, for status lines; known before any client is made. */
export function connectedTo(config: Pick<Config, 'demo' | 'baseUrl'>): string {
	return config.demo ? 'demo' : new URL(config.baseUrl).host;
}

/**
 * Where the live prices stream from for an API origin (the base URL in effect: the simulator's under --demo):
 * Bitget's public stream for api.bitget.com; the same host and port's /v2/ws/public on loopback (the simulator, for
 * --demo and --base-url http://127.0.0.1:…); none for any other origin, whose stream loan-tui cannot know (the price
 * feed polls the REST tickers there: operations/price-feed.ts).
 */
export function tickerStreamUrl(baseUrl: string): string | undefined {
	const url = new URL(baseUrl);
	if (url.origin === DEFAULT_BASE_URL) return BITGET_TICKER_STREAM_URL;
	if (!isLoopbackHost(url.hostname)) return undefined;
	return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}${TICKER_STREAM_PATH}`;
}

/**
 * XDG base directories: a variable counts only when it is an absolute path (the spec says to ignore any other),
 * else ~/.config, ~/.cache, ~/.local/state. HOME likewise, else the account's home from the OS. Exported on its own
 * for what runs before the flags are parsed (the compile cache in cli/index.ts, shell completion in cli/main.ts).
 */
export function readDirectories(env: Environment): Directories {
	const home = absolute(env.HOME) ?? homedir();
	const directory = (value: string | undefined, fallback: string) => join(absolute(value) ?? join(home, fallback), 'loan-tui');
	return {
		home,
		config: directory(env.XDG_CONFIG_HOME, '.config'),
		cache: directory(env.XDG_CACHE_HOME, '.cache'),
		state: directory(env.XDG_STATE_HOME, join('.local', 'state')),
		accounts: join(home, '.local', 'state', 'loan-tui', 'accounts'),
	};
}

/** What shell completion takes from the environment, never refused (a Tab press shows nothing rather than an error):
 * where the caches are, and the profile and API origin a command would use when the line names neither. */
export interface CompletionContext {
	cache: string;
	profile: string;
	baseUrl: string;
}

export function completionContext(env: Environment): CompletionContext {
	return {
		cache: readDirectories(env).cache,
		profile: given(env.LOAN_TUI_PROFILE)?.trim() ?? DEFAULT_PROFILE,
		baseUrl: given(env.LOAN_TUI_BASE_URL) ?? DEFAULT_BASE_URL,
	};
}

/**
 * Ink draws nothing live when it believes it runs in CI (a CI variable in a developer's shell would leave a blank
 * screen); the interactive app runs only on a terminal, so that belief is wrong there. Called just before Ink loads
 * (it reads them once, from the real process environment).
 */
export function hideCiFromInk(env: NodeJS.ProcessEnv): void {
	delete env.CI;
	delete env.CONTINUOUS_INTEGRATION;
}

/** The value, or undefined when the variable is unset or empty. */
function given(value: string | undefined): string | undefined {
	return value === undefined || value === '' ? undefined : value;
}

function absolute(value: string | undefined): string | undefined {
	return value !== undefined && isAbsolute(value) ? value : undefined;
}

/** A value quoted for a message: control characters shown escaped, long ones cut. */
function quoted(value: string): string {
	const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
	return JSON.stringify(shown);
}

/** The flag, else the variable, else the default; with the name to blame when the value is refused. */
function fromFlagOrVariable(
	flag: string | undefined,
	flagName: string,
	variable: string | undefined,
	variableName: string,
	fallback: string,
): [string, string] {
	if (flag !== undefined) return [flag, flagName];
	const value = given(variable);
	return value === undefined ? [fallback, variableName] : [value, variableName];
}

function checkBaseUrl(text: string, source: string): string {
	const origin = checkOrigin(text, source);
	if (!origin.ok) throw new UsageError(origin.message, 'Use an http(s) origin like https://api.bitget.com.');
	return text;
}

function checkLocale(text: string): string {
	const locale = normaliseLocale(text);
	if (!locale) throw new UsageError(`--locale "${text}" is not a language-REGION tag`, LOCALE_HINT);
	const unknown = unknownLocaleParts(locale);
	if (unknown.length > 0) throw new UsageError(`--locale "${text}" is not a known locale: ${unknown.join(' and ')}`, LOCALE_HINT);
	return locale;
}

const LOCALE_HINT = 'Use a tag like en-US or zh-CN.';

/** What of a language-REGION tag this runtime's Intl does not know: "no language xx", "no region YY". (A node built
 * with English only knows no other language: its languages are not judged then.) */
function unknownLocaleParts(locale: string): string[] {
	const [language = '', region = ''] = locale.split('-');
	const unknown: string[] = [];
	const judgesLanguages = Intl.NumberFormat.supportedLocalesOf(['zh']).length > 0;
	if (judgesLanguages && Intl.NumberFormat.supportedLocalesOf([language]).length === 0) unknown.push(`no language "${language}"`);
	const regionName = new Intl.DisplayNames(['en'], {type: 'region', fallback: 'none'}).of(region);
	if (regionName === undefined || region === 'ZZ') unknown.push(`no region "${region}"`);
	return unknown;
}

/** LC_ALL, else LANG (en_US.UTF-8 -> en-US); a value that names no language and region (C, POSIX) means en-US. */
function localeFrom(env: Environment): string {
	const value = given(env.LC_ALL) ?? given(env.LANG);
	return (value === undefined ? undefined : normaliseLocale(value)) ?? DEFAULT_LOCALE;
}

function checkProfile(text: string, source: string): string {
	const profile = text.trim();
	if (!/^[A-Za-z0-9._-]{1,64}$/.test(profile)) {
		throw new UsageError(`${source} ${quoted(text)} must be 1 to 64 letters, digits, dots, dashes or underscores`);
	}
	return profile;
}

function checkTimeout(text: string): number {
	const seconds = Number(text);
	if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(seconds > 0) || seconds > 600) {
		throw new UsageError(`--timeout "${text}" must be a number of seconds, more than 0 and at most 600 (like 10 or 2.5)`);
	}
	return Math.round(seconds * 1000);
}

/** LOAN_TUI_RECONCILE_SECONDS: a whole number of seconds from 0 to 120 (0 reads the loans once); default 20. */
function reconcileMsFrom(text: string | undefined): number {
	const value = given(text);
	if (value === undefined) return DEFAULT_RECONCILE_MS;
	if (!/^\d{1,3}$/.test(value) || Number(value) > MAX_RECONCILE_SECONDS) {
		throw new UsageError(
			`LOAN_TUI_RECONCILE_SECONDS ${quoted(value)} must be a whole number of seconds from 0 to ${MAX_RECONCILE_SECONDS}`,
			'Unset it for the default of 20, or see docs/configuration.md.',
		);
	}
	return Number(value) * 1000;
}

/** loan-tui's switches (LOAN_TUI_NO_OSC52, LOAN_TUI_NO_V8_TUNING): 1 is on; 0, empty or unset is off; else refused. */
function switchFrom(text: string | undefined, name: string): boolean {
	const value = given(text);
	if (value === undefined || value === '0') return false;
	if (value === '1') return true;
	throw new UsageError(`${name} ${quoted(value)} must be 1 (on) or 0 (off)`, `Set ${name}=1, or unset it.`);
}

/** no-color.org: any value but the empty string turns colour off. */
function columnsFrom(text: string | undefined): number | undefined {
	const value = given(text)?.trim();
	return value !== undefined && /^\d{1,5}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

function noColorFrom(text: string | undefined): boolean {
	return given(text) !== undefined;
}

/** Only which variables are missing is ever said, never a value. */
function credentialsFrom(env: Environment): KnownEnvironmentCredentials {
	const found = environmentCredentials({apiKey: env.BITGET_API_KEY, secretKey: env.BITGET_SECRET_KEY, passphrase: env.BITGET_PASSPHRASE});
	if (found.state !== 'partial') return found;
	const all = Object.values(CREDENTIAL_VARIABLES);
	throw new UsageError(
		`incomplete credentials in the environment: ${found.missing.join(', ')} ${found.missing.length === 1 ? 'is' : 'are'} not set`,
		`Set all three of ${all.slice(0, -1).join(', ')} and ${all.at(-1)}, or none of them.`,
	);
}
