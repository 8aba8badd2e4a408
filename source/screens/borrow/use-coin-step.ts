// The coin steps' list: what the field suggests, and Bitget's loanable (or pledgeable) coins to check the coin
// against when that list is there. An Enter while the list loads waits for it (a failed lookup checks nothing here:
// the review's check and the server do); the keys typed after it wait too (the screen's `loading`).
import {useEffect, useState} from 'react';
import {coinsFromInfos, type CoinInfoState} from '../../services/coin-info-store.js';
import {createStore} from '../../services/store.js';
import {useCoinSuggestions} from '../../ui/fields/use-coin-suggestions.js';
import type {CoinLike} from '../../ui/fields/coin-rules.js';
import {useServices} from '../../ui/services.js';
import {useStore} from '../../ui/use-store.js';
import type {WizardState} from './reducer.js';

const NO_COIN_INFOS = createStore<CoinInfoState>({status: 'idle'});

export interface CoinStep {
	/** The step's text field, when it has one. */
	textField?: 'loanCoin' | 'pledgeCoin' | 'amount';
	coinField: boolean;
	/** The coins the field matches (the highlighted one is taken at Enter), and those shown. */
	coins: readonly CoinLike[];
	suggestions: ReturnType<typeof useCoinSuggestions>['shown'];
	infos: CoinInfoState;
	/** An Enter waits for the coin list. */
	waiting: boolean;
	/** Enter on a text step: now, or once the coin list is in. */
	submit(): void;
}

export function useCoinStep(state: WizardState, submit: (coins: readonly CoinLike[], allowed?: readonly string[]) => void): CoinStep {
	const {coinInfos} = useServices();
	const textField = state.step === 'loanCoin' || state.step === 'pledgeCoin' || state.step === 'amount' ? state.step : undefined;
	const coinField = textField === 'loanCoin' || textField === 'pledgeCoin';
	const kind = textField === 'pledgeCoin' ? 'pledge' : 'loan';
	const {coins, shown: suggestions} = useCoinSuggestions(coinField ? state.values[textField] : undefined, kind);
	const infos = useStore(coinInfos ?? NO_COIN_INFOS);
	const listing = infos.status === 'loading' || infos.status === 'idle';
	const allowed = coinField && infos.status === 'ready' ? coinsFromInfos(infos.infos, kind) : undefined;
	const [waiting, setWaiting] = useState(false);
	// Follows the coin list (a store outside React) while an Enter waits for it.
	useEffect(() => {
		if (!waiting || listing) return;
		setWaiting(false);
		submit(coins, allowed);
	}, [waiting, listing, coins, allowed, submit]);
	return {
		textField,
		coinField,
		coins,
		suggestions,
		infos,
		waiting,
		submit: () => (coinField && coinInfos && listing ? setWaiting(true) : submit(coins, allowed)),
	};
}
