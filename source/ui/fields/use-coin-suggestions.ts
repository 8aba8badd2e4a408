import {shownSuggestions, type CoinLike} from './coin-rules.js';
import {useCoins} from './use-coins.js';

/** The coin field's hook: every known coin (for the reducer's completion) and the suggestions to show for `typed`. */
export function useCoinSuggestions(typed: string | undefined): {coins: CoinLike[]; shown: string[]} {
	const coins = useCoins();
	return {coins, shown: typed === undefined ? [] : shownSuggestions(coins, typed)};
}
