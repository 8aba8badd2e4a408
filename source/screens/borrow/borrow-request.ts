// What the wizard's values become on the wire: the request and its exact JSON body.
import {borrowBody} from '../../api/money-bodies.js';
import type {BorrowRequest} from '../../api/types.js';
import type {WizardValues} from './reducer.js';

export function borrowRequestOf(values: WizardValues): BorrowRequest {
	const base = {loanCoin: values.loanCoin, pledgeCoin: values.pledgeCoin, daily: values.daily};
	return values.amountMode === 'pledge' ? {...base, pledgeAmount: values.amount} : {...base, loanAmount: values.amount};
}

/** The exact JSON that would be posted: what "the same values" means. */
export function requestBody(values: WizardValues): string {
	return borrowBody(borrowRequestOf(values));
}
