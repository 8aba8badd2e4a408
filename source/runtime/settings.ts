// Global settings from flags and environment, checked before anything is sent.
import {localeFromEnvironment, normaliseLocale} from '../api/locale.js';
import {checkOrigin} from '../api/validate.js';
import {DEFAULT_GET_TIMEOUT_MS} from '../api/deadlines.js';
import {DEFAULT_PROFILE} from '../credentials/types.js';
import type {ParsedArgs} from './args.js';
import {UsageError} from './exit-codes.js';

const DEFAULT_BASE_URL = 'https://api.bitget.com';

export interface Settings {
	baseUrl: string;
	demo: boolean;
	locale: string;
	profile: string;
	getTimeoutMs: number;
	debug: boolean;
	json: boolean;
	/** Signed requests over plain http to a host that is not loopback (refused unless given). */
	allowInsecureHttp: boolean;
}

export function resolveSettings(values: ParsedArgs['values'], env: NodeJS.ProcessEnv): Settings {
	const demo = values.demo === true;
	if (demo && values['base-url'] !== undefined) throw new UsageError('--demo and --base-url cannot be used together');
	const baseUrl = values['base-url'] ?? env.LOAN_TUI_BASE_URL ?? DEFAULT_BASE_URL;
	checkBaseUrl(baseUrl);
	return {
		baseUrl,
		demo,
		locale: values.locale === undefined ? localeFromEnvironment(env) : checkLocale(values.locale),
		profile: checkProfile(values.profile ?? env.LOAN_TUI_PROFILE ?? DEFAULT_PROFILE),
		getTimeoutMs: values.timeout === undefined ? DEFAULT_GET_TIMEOUT_MS : checkTimeout(values.timeout),
		debug: values.debug === true,
		json: values.json === true,
		allowInsecureHttp: values['allow-insecure-http'] === true,
	};
}

function checkBaseUrl(text: string): void {
	const origin = checkOrigin(text, '--base-url');
	if (!origin.ok) throw new UsageError(origin.message, 'Use an http(s) origin like https://api.bitget.com.');
}

function checkLocale(text: string): string {
	const locale = normaliseLocale(text);
	if (!locale) throw new UsageError(`--locale "${text}" is not a language-REGION tag`, 'Use a tag like en-US or zh-CN.');
	return locale;
}

function checkProfile(text: string): string {
	const profile = text.trim();
	if (!/^[A-Za-z0-9._-]{1,64}$/.test(profile)) {
		throw new UsageError(`profile "${text}" must be 1 to 64 letters, digits, dots, dashes or underscores`);
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

/** "demo" or the API host, for status lines; known before any client is made. */
export function connectedTo(settings: Pick<Settings, 'demo' | 'baseUrl'>): string {
	return settings.demo ? 'demo' : new URL(settings.baseUrl).host;
}
