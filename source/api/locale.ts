// The `locale` header: --locale, else LC_ALL / LANG (en_US.UTF-8 -> en-US), else en-US.
export const DEFAULT_LOCALE = 'en-US';

const TAG = /^([a-z]{2,3})[-_]([a-z]{2})$/i;

/** A language-REGION tag in the canonical shape, or undefined when the text is not one. */
export function normaliseLocale(text: string): string | undefined {
	const withoutCharset = text.trim().split(/[.@]/)[0] ?? '';
	const match = TAG.exec(withoutCharset);
	if (!match) return undefined;
	return `${match[1]!.toLowerCase()}-${match[2]!.toUpperCase()}`;
}

export function localeFromEnvironment(env: NodeJS.ProcessEnv): string {
	for (const name of ['LC_ALL', 'LANG'] as const) {
		const value = env[name];
		if (value) return normaliseLocale(value) ?? DEFAULT_LOCALE;
	}
	return DEFAULT_LOCALE;
}
