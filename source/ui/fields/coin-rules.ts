// The coin rules, in one place: which known coins to suggest for what was typed and in what order, what Enter
// takes, and the pair check (a loan coin and a pledge coin must differ).
import type {SymbolRecord} from '../../api/types.js';

/** A known coin; what is known about it ranks it (online: in a pair that trades now; loanable: the loan API lists it). */
export interface CoinOption {
	coin: string;
	online?: boolean;
	loanable?: boolean;
}

/** A plain name counts as a coin with nothing known about it. */
export type CoinLike = string | CoinOption;

/** No suggestion was moved to: Enter then keeps what was typed (or the coin it names exactly). */
export const NO_SUGGESTION = -1;

export const SUGGESTION_LIMIT = 5;

const option = (coin: CoinLike): CoinOption => (typeof coin === 'string' ? {coin} : coin);

/**
 * Known coins for what was typed, at most `limit`: the exact coin, then coins starting with it, then coins
 * containing it; within each, loanable and online coins first, then the shorter name, then A-Z.
 */
export function suggestCoins(coins: readonly CoinLike[], typed: string, limit = SUGGESTION_LIMIT): string[] {
	const query = typed.trim().toUpperCase();
	if (query === '') return [];
	const ranked: Array<{coin: string; tier: number; preferred: number}> = [];
	for (const entry of coins) {
		const {coin, online, loanable} = option(entry);
		const tier = coin === query ? 0 : coin.startsWith(query) ? 1 : coin.includes(query) ? 2 : -1;
		if (tier >= 0) ranked.push({coin, tier, preferred: (loanable ? 0 : 2) + (online ? 0 : 1)});
	}
	ranked.sort((a, b) => a.tier - b.tier || a.preferred - b.preferred || a.coin.length - b.coin.length || (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0));
	return ranked.slice(0, limit).map((entry) => entry.coin);
}

/** The suggestions to show under a coin field: none when the only one is what is already typed. */
export function shownSuggestions(coins: readonly CoinLike[], typed: string, limit = SUGGESTION_LIMIT): string[] {
	const suggestions = suggestCoins(coins, typed, limit);
	return suggestions.length === 1 && suggestions[0] === typed.trim().toUpperCase() ? [] : suggestions;
}

/**
 * Enter on a coin field: the suggestion the person moved to, or else the known coin typed in full. Never a guess:
 * "x" and Enter stays "x" (the field's check then speaks), it does not become XLM.
 */
export function completeCoin(coins: readonly CoinLike[], typed: string, highlighted: number): string | undefined {
	const suggestions = suggestCoins(coins, typed);
	if (highlighted >= 0) return suggestions[highlighted];
	const exact = typed.trim().toUpperCase();
	return suggestions[0] === exact ? exact : undefined;
}

/** ↑/↓ over `count` suggestions: from none, ↓ goes to the first and ↑ to the last; then they wrap. */
export function moveSuggestion(current: number, by: number, count: number): number {
	if (count === 0) return NO_SUGGESTION;
	if (current < 0) return by > 0 ? 0 : count - 1;
	return (((current + by) % count) + count) % count;
}

const SAME_COIN_MESSAGE = 'pledge coin must differ from the loan coin';

/** Why a loan coin and a pledge coin (both already checked) cannot go together, if they cannot. */
export function pairProblem(loanCoin: string, pledgeCoin: string): string | undefined {
	return loanCoin === pledgeCoin ? SAME_COIN_MESSAGE : undefined;
}

/** Why a coin is not one Bitget lends (or takes as collateral), with the coins to try instead: those like it, else the
 * first listed; undefined when it is listed, or when there is no list to judge by (`allowed` missing or empty). The
 * Borrow wizard and the Estimate screen refuse with these words before asking the server anything. */
export function coinListProblem(coin: string, kind: 'loan' | 'pledge', allowed: readonly string[] | undefined): string | undefined {
	if (!allowed || allowed.length === 0 || allowed.includes(coin)) return undefined;
	const like = suggestCoins(allowed, coin);
	const others =
		like.length > 0
			? `did you mean ${like.join(', ')}?`
			: `Bitget takes ${allowed.slice(0, SUGGESTION_LIMIT).join(', ')}${allowed.length > SUGGESTION_LIMIT ? ', …' : ''}`;
	return kind === 'loan' ? `${coin} is not a coin Bitget lends; ${others}` : `${coin} is not a coin Bitget takes as collateral; ${others}`;
}

/** Every coin of the symbol list with whether it trades now (in at least one online pair): coin fields suggest those first. */
export function coinOptionsOf(records: readonly SymbolRecord[]): CoinOption[] {
	const online = new Map<string, boolean>();
	for (const record of records) {
		for (const coin of [record.baseCoin, record.quoteCoin]) online.set(coin, (online.get(coin) ?? false) || record.status === 'online');
	}
	return [...online].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([coin, isOnline]) => ({coin, online: isOnline}));
}
