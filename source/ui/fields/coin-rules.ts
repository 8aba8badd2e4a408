// Completion for coin fields from the coins of the symbol list (base and quote coins).

/** Known coins starting with what was typed (exact match first), at most `limit`. */
export function suggestCoins(coins: readonly string[], typed: string, limit = 5): string[] {
	const prefix = typed.trim().toUpperCase();
	if (prefix === '') return [];
	const matches = coins.filter((coin) => coin.startsWith(prefix));
	matches.sort((a, b) => Number(b === prefix) - Number(a === prefix) || a.length - b.length || (a < b ? -1 : 1));
	return matches.slice(0, limit);
}
