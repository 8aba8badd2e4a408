// The coin rules, in one place: completion from the coins of the symbol list (base and quote coins), which
// suggestions are worth showing, and the pair check (a loan coin and a pledge coin must differ).

/** Known coins starting with what was typed (exact match first), at most `limit`. */
export function suggestCoins(coins: readonly string[], typed: string, limit = 5): string[] {
	const prefix = typed.trim().toUpperCase();
	if (prefix === '') return [];
	const matches = coins.filter((coin) => coin.startsWith(prefix));
	matches.sort((a, b) => Number(b === prefix) - Number(a === prefix) || a.length - b.length || (a < b ? -1 : 1));
	return matches.slice(0, limit);
}

/** The suggestions to show under a coin field: none when the only one is what is already typed. */
export function shownSuggestions(coins: readonly string[], typed: string): string[] {
	const suggestions = suggestCoins(coins, typed);
	return suggestions.length === 1 && suggestions[0] === typed.trim().toUpperCase() ? [] : suggestions;
}

/** Enter on a coin field: the highlighted suggestion (the exact coin comes first, so a coin typed in full stays). */
export function completeCoin(coins: readonly string[], typed: string, highlighted: number): string | undefined {
	const suggestions = suggestCoins(coins, typed);
	return suggestions[highlighted] ?? suggestions[0];
}

export const SAME_COIN_MESSAGE = 'pledge coin must differ from the loan coin';

/** Why a loan coin and a pledge coin (both already checked) cannot go together, if they cannot. */
export function pairProblem(loanCoin: string, pledgeCoin: string): string | undefined {
	return loanCoin === pledgeCoin ? SAME_COIN_MESSAGE : undefined;
}
