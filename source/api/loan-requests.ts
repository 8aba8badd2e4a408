// Query strings of the loan-management reads, each value checked before anything is sent (the money POSTs' bodies:
// money-bodies.ts).
import {InputError} from './errors.js';
import {HISTORY_MAX_DAYS, HISTORY_MAX_PAGE_SIZE, type HistoryQuery, type OngoingQuery} from './loan-types.js';
import {canonicalQuery} from './sign.js';
import type {AccountFamily} from './types.js';
import {checkCoin, type Checked} from './validate.js';

const DAY_MS = 86_400_000;

/** A loan order id: digits only (about 19 of them; kept as text, it exceeds 2^53). */
export function checkOrderId(input: string, label = 'order id'): Checked<string> {
	const id = input.trim();
	if (id === '') return {ok: false, message: `${label} is required`};
	if (!/^\d{1,30}$/.test(id)) return {ok: false, message: `${label} must be digits only, like 1130000000000000001`};
	return {ok: true, value: id};
}

/** The checked value, or the check's message as an InputError: nothing is sent. */
export function required<T>(checked: Checked<T>): T {
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
