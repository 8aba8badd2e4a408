// The `locale` header: --locale, else LC_ALL / LANG (en_US.UTF-8 -> en-US), else en-US (runtime/config.ts picks).
export const DEFAULT_LOCALE = 'en-US';

const TAG = /^([a-z]{2,3})[-_]([a-z]{2})$/i;

/** A language-REGION tag in the canonical shape, or undefined when the text is not one. */
export function normaliseLocale(text: string): string | undefined {
	const withoutCharset = text.trim().split(/[.@]/)[0] ?? '';
	const match = TAG.exec(withoutCharset);
	if (!match) return undefined;
	return `${match[1]!.toLowerCase()}-${match[2]!.toUpperCase()}`;
}
