import {shownSuggestions, type CoinLike} from './coin-rules.js';
import {useCoins, type CoinKind} from './use-coins.js';

/** The coin field's hook: every known coin (for the reducer's completion) and the suggestions to show for `typed`.
 * `kind` takes the coins from Bitget's loanable or pledgeable coins (the symbol list is the fallback). */
export function useCoinSuggestions(typed: string | undefined, kind?: CoinKind): {coins: CoinLike[]; shown: string[]} {
	const coins = useCoins(kind);
	return {coins, shown: typed === undefined ? [] : shownSuggestions(coins, typed)};
}
