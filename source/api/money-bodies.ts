// The exact JSON text of each money POST (borrow, repay, add or withdraw collateral): keys in a fixed order, every
// value checked and canonical. The one place they are built: operations/money-pipeline.ts builds the body once the
// account's family is known, and the client posts that very string (api/client.ts postMoney).
import {InputError} from './errors.js';
import {REVISE_TYPES, type RepayRequest, type RevisePledgeRequest} from './loan-types.js';
import {checkOrderId, required} from './loan-requests.js';
import type {AccountFamily, BorrowRequest} from './types.js';
import {checkAmount, checkCoin, checkPeriod} from './validate.js';

export const SAME_COIN = 'the loan coin and the pledge coin must differ';

/** The borrow body: exactly one amount. */
export function borrowBody(request: BorrowRequest): string {
	const hasPledge = request.pledgeAmount !== undefined;
	const hasLoan = request.loanAmount !== undefined;
	if (hasPledge === hasLoan) throw new InputError('give exactly one of pledge amount and loan amount');
	const body: Record<string, string> = {
		loanCoin: required(checkCoin(request.loanCoin, 'loan coin')),
		pledgeCoin: required(checkCoin(request.pledgeCoin, 'pledge coin')),
		daily: required(checkPeriod(request.daily)),
	};
	if (body.loanCoin === body.pledgeCoin) throw new InputError(SAME_COIN);
	if (hasPledge) body.pledgeAmount = required(checkAmount(request.pledgeAmount!, 'pledge amount'));
	else body.loanAmount = required(checkAmount(request.loanAmount!, 'loan amount'));
	return JSON.stringify(body);
}

/** The repay body: `amount` only (and always) for a partial repayment; `repayUnlock` always said (the families'
 * defaults differ); for a unified account `method`, which v3 requires. */
export function repayBody(request: RepayRequest, family: AccountFamily = 'classic'): string {
	const body: Record<string, string> = {orderId: required(checkOrderId(request.orderId))};
	if (typeof request.repayAll !== 'boolean') throw new InputError('say whether to repay all (repayAll yes or no)');
	if (request.repayAll && request.amount !== undefined) throw new InputError('give either "repay all" or an amount, not both');
	if (!request.repayAll && request.amount === undefined) throw new InputError('a partial repayment needs an amount');
	body.repayAll = request.repayAll ? 'yes' : 'no';
	if (!request.repayAll) body.amount = required(checkAmount(request.amount!, 'repay amount'));
	body.repayUnlock = request.repayUnlock === false ? 'no' : 'yes';
	if (family === 'unified') body.method = request.method ?? 'borrowed_coin';
	else if (request.method === 'collateral')
		throw new InputError('repaying out of the collateral needs a unified trading account; this Bitget account is a classic one (repay with the loan coin)');
	return JSON.stringify(body);
}

export function revisePledgeBody(request: RevisePledgeRequest): string {
	if (!(REVISE_TYPES as readonly string[]).includes(request.reviseType)) {
		throw new InputError('collateral change must be IN (add) or OUT (withdraw)');
	}
	return JSON.stringify({
		orderId: required(checkOrderId(request.orderId)),
		amount: required(checkAmount(request.amount, 'collateral amount')),
		pledgeCoin: required(checkCoin(request.pledgeCoin, 'pledge coin')),
		reviseType: request.reviseType,
	});
}

/** A money POST's request, by kind (loans/evidence.ts MoneyRequest has this shape). */
export type MoneyBodyRequest =
	{kind: 'borrow'; request: BorrowRequest} | {kind: 'repay'; request: RepayRequest} | {kind: 'revisePledge'; request: RevisePledgeRequest};

/** The exact JSON text that is posted (and signed) for a request to an account of this family. */
export function moneyBody(request: MoneyBodyRequest, family: AccountFamily): string {
	switch (request.kind) {
		case 'borrow':
			return borrowBody(request.request);
		case 'repay':
			return repayBody(request.request, family);
		case 'revisePledge':
			return revisePledgeBody(request.request);
	}
}
