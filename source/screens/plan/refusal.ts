// Why the form's values are not planned, before any request: checked as `loan-tui plan` checks them, then against
// Bitget's coin list once it is read.
import {checkAmount, checkCoin} from '../../api/validate.js';
import {InputError} from '../../api/errors.js';
import {planScope} from '../../operations/plan.js';
import type {CoinInfoState} from '../../services/coin-info-store.js';
import type {PlanField, PlanState} from './reducer.js';

/** The first problem, on the field to change; undefined when the values may be planned. */
export function planRefusal(state: PlanState, infos: CoinInfoState): {field: PlanField; message: string} | undefined {
	const coin = checkCoin(state.loanCoin, 'loan coin');
	if (!coin.ok) return {field: 'loanCoin', message: coin.message};
	const amount = checkAmount(state.loanAmount, 'loan amount');
	if (!amount.ok) return {field: 'loanAmount', message: amount.message};
	if (infos.status !== 'ready') return undefined;
	try {
		planScope(infos.infos, coin.value, amount.value);
	} catch (error) {
		if (!(error instanceof InputError)) throw error;
		return {field: infos.infos.loanInfos.some((info) => info.coin === coin.value) ? 'loanAmount' : 'loanCoin', message: error.message};
	}
	return undefined;
}
