// The coins an estimate may ask about now. A coin being typed is sent only once it is a coin the list knows, or the
// field is left: "USDTE" on the way to something else asks the server nothing (and puts no "Parameter USDTE does not
// exist" on the top line). Meanwhile the figures of the last coin asked about stay (their header names that coin), so
// the table never jumps.
import {useRef} from 'react';
import type {Checked} from '../../api/validate.js';
import type {CoinOption} from '../../ui/fields/coin-rules.js';
import {useCoins} from '../../ui/fields/use-coins.js';
import type {FormChecks} from './form-checks.js';
import type {EstimateFormState} from './reducer.js';

export interface AskedCoins {
	loanCoin?: string;
	pledgeCoin?: string;
}

/** `settled`: the coin list has answered (the infos, or an error); nothing is asked before. */
export function useAskedCoins(focus: EstimateFormState['focus'], checks: FormChecks, settled: boolean): AskedCoins {
	const loanCoins = useCoins('loan');
	const pledgeCoins = useCoins('pledge');
	const lastAsked = useRef<AskedCoins>({});
	const asked = (name: 'loanCoin' | 'pledgeCoin', coin: Checked<string>, known: readonly CoinOption[]): string | undefined => {
		if (!coin.ok || !settled) return undefined;
		const listed = checks.listProblem[name] === undefined;
		if (listed && (focus !== name || known.some((option) => option.coin === coin.value))) return (lastAsked.current[name] = coin.value);
		// While the coin is being typed the last figures stay; a coin left unlisted asks nothing.
		return focus === name ? lastAsked.current[name] : undefined;
	};
	return {loanCoin: asked('loanCoin', checks.loanCoin, loanCoins), pledgeCoin: asked('pledgeCoin', checks.pledgeCoin, pledgeCoins)};
}
