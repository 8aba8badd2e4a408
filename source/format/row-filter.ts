// A list filter read like the Symbols filter: terms apart by spaces, and `/`, `-`, `_` part them too (so "eth usdt",
// "eth/usdt" and "ETH-USDT" find the same rows); a row matches when it has every term, case-insensitive.
const SEPARATORS = /[\s/_-]+/;

/** The filter's terms, ready to compare; none for a blank filter. */
export function filterTerms(query: string): string[] {
	return query
		.split(SEPARATORS)
		.map((term) => term.toUpperCase())
		.filter((term) => term !== '');
}

/** Whether a row (its text as shown, and any other words it should be found by) has every term. */
export function rowMatches(text: string, terms: readonly string[]): boolean {
	if (terms.length === 0) return true;
	const row = text.toUpperCase();
	return terms.every((term) => row.includes(term));
}
