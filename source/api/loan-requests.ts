// Query strings and bodies of the loan-management requests, each value checked before anything is sent.
import {InputError} from './errors.js';
import {
	HISTORY_MAX_DAYS,
	HISTORY_MAX_PAGE_SIZE,
	REVISE_TYPES,
	type HistoryQuery,
	type OngoingQuery,
	type RepayRequest,
	type RevisePledgeRequest,
} from './loan-types.js';
import {canonicalQuery} from './sign.js';
import type {AccountFamily} from './types.js';
import {checkAmount, checkCoin, type Checked} from './validate.js';

const DAY_MS = 86_400_000;

/** A loan order id: digits only (about 19 of them; kept as text, it exceeds 2^53). */
export function checkOrderId(input: string, label = 'order id'): Checked<string> {
	const id = input.trim();
	if (id === '') return {ok: false, message: `${label} is required`};
	if (!/^\d{1,30}$/.test(id)) return {ok: false, message: `${label} must be digits only, like 1130000000000000001`};
	return {ok: true, value: id};
}

function required<T>(checked: Checked<T>): T {
	if (!checked.ok) throw new InputError(checked.message);
	return checked.value;
}

export function ongoingQuery(query: OngoingQuery = {}): string {
	const params: Record<string, string> = {};
	if (query.orderId !== undefined) params.orderId = required(checkOrderId(query.orderId));
	if (query.loanCoin !== undefined) params.loanCoin = required(checkCoin(query.loanCoin, 'loan coin'));
	if (query.pledgeCoin !== undefined) params.pledgeCoin = required(checkCoin(query.pledgeCoin, 'pledge coin'));
	return canonicalQuery(params);
}

/** startTime/endTime within the last three months (measured against `now`, the server's time), paging ≤ 100. */
/** A history page's query; unified accounts page with `pageNum`, classic ones with `pageNo` (Part E.1). */
export function historyQuery(query: HistoryQuery, now: number, extra: Record<string, string> = {}, family: AccountFamily = 'classic'): string {
	const {startTime, endTime} = query;
	if (!Number.isSafeInteger(startTime) || !Number.isSafeInteger(endTime) || startTime < 0 || endTime < 0) {
		throw new InputError('history window: start and end must be times in epoch milliseconds');
	}
	if (endTime < startTime) throw new InputError('history window: the end is before the start');
	if (startTime < now - HISTORY_MAX_DAYS * DAY_MS - 60_000) {
		throw new InputError(`history window: the API answers at most ${HISTORY_MAX_DAYS} days back`);
	}
	for (const [name, value] of Object.entries(extra)) {
		// Filters like status=REPAY or reviseSide=down: letters only, so the signed query needs no encoding.
		if (!/^[A-Za-z]{1,20}$/.test(value)) throw new InputError(`history filter ${name} must be a word like REPAY or down`);
	}
	const params: Record<string, string> = {startTime: String(startTime), endTime: String(endTime), ...extra};
	if (query.orderId !== undefined) params.orderId = required(checkOrderId(query.orderId));
	if (query.loanCoin !== undefined) params.loanCoin = required(checkCoin(query.loanCoin, 'loan coin'));
	if (query.pledgeCoin !== undefined) params.pledgeCoin = required(checkCoin(query.pledgeCoin, 'pledge coin'));
	if (query.pageNo !== undefined) {
		if (!Number.isSafeInteger(query.pageNo) || query.pageNo < 1) throw new InputError('page number must be 1 or more');
		params[family === 'unified' ? 'pageNum' : 'pageNo'] = String(query.pageNo);
	}
	if (query.pageSize !== undefined) {
		if (!Number.isSafeInteger(query.pageSize) || query.pageSize < 1 || query.pageSize > HISTORY_MAX_PAGE_SIZE) {
			throw new InputError(`page size must be 1 to ${HISTORY_MAX_PAGE_SIZE}`);
		}
		params.pageSize = String(query.pageSize);
	}
	return canonicalQuery(params);
}

/** The repay body: keys in a fixed order; `amount` only (and always) for a partial repayment; `repayUnlock` always
 * said (the families' defaults differ); for a unified account `method`, which v3 requires. */
export function repayBody(request: RepayRequest, family: AccountFamily = 'classic'): string {
	const body: Record<string, string> = {orderId: required(checkOrderId(request.orderId))};
	if (typeof request.repayAll !== 'boolean') throw new InputError('say whether to repay all (repayAll yes or no)');
	if (request.repayAll && request.amount !== undefined) throw new InputError('give either "repay all" or an amount, not both');
	if (!request.repayAll && request.amount === undefined) throw new InputError('a partial repayment needs an amount');
	body.repayAll = request.repayAll ? 'yes' : 'no';
	if (!request.repayAll) body.amount = required(checkAmount(request.amount!, 'repay amount'));
	body.repayUnlock = request.repayUnlock === false ? 'no' : 'yes';
	if (family === 'unified') body.method = request.method ?? 'borrowed_coin';
	else if (request.method === 'collateral') throw new InputError('repaying out of the collateral needs a unified trading account; this Bitget account is a classic one (repay with the loan coin)');
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
