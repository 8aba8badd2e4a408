// One money-moving POST as a line of the local history (state/local-history.ts): the values are the fields of the
// exact body that was sent (coins, amounts, order ids: never a credential), the outcome is what the app knows.
import {ApiError, OutcomeUnknownError} from '../api/errors.js';
import {sanitize} from '../format/sanitize.js';
import type {LocalHistoryEntry} from './local-history.js';

export type MoneyOperation = LocalHistoryEntry['operation'];

export type RecordedOutcome =
	| {outcome: 'done'; result: unknown}
	| {outcome: 'refused'; error: unknown}
	| {outcome: 'unknown'; error: unknown};

/** The body's own fields as text (booleans and numbers too); anything nested is left out. */
export function bodyValues(body: string): Record<string, string> {
	const values: Record<string, string> = {};
	let parsed: unknown;
	try {
		parsed = JSON.parse(body);
	} catch {
		return values;
	}
	if (typeof parsed !== 'object' || parsed === null) return values;
	for (const [name, value] of Object.entries(parsed)) {
		if (!/^[A-Za-z]{1,32}$/.test(name)) continue;
		if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[name] = String(value);
	}
	return values;
}

/** Which operation a body is, when the caller did not say: repay and revise-pledge bodies have their own fields. */
export function operationOfBody(body: string): MoneyOperation {
	const values = bodyValues(body);
	if ('reviseType' in values) return 'collateral';
	if ('repayAll' in values) return 'repay';
	return 'borrow';
}

const orderIdOf = (value: unknown): string | undefined => {
	const id = typeof value === 'object' && value !== null ? (value as {orderId?: unknown}).orderId : undefined;
	return typeof id === 'string' && id !== '' ? id : undefined;
};

export function moneyRecord(options: {time: number; operation: MoneyOperation; origin: string; body: string} & RecordedOutcome): LocalHistoryEntry {
	const values = bodyValues(options.body);
	const entry: LocalHistoryEntry = {time: options.time, operation: options.operation, origin: options.origin, values, outcome: options.outcome};
	if (options.outcome === 'done') {
		entry.orderId = orderIdOf(options.result) ?? values.orderId;
		return entry;
	}
	const {error} = options;
	if (error instanceof OutcomeUnknownError) {
		entry.orderId = error.orderId ?? values.orderId;
		entry.detail = error.reconciliation ? `${error.what}; ${error.reconciliation.message}` : error.what;
	} else {
		entry.orderId = values.orderId;
		entry.detail = error instanceof ApiError ? `${error.code} ${error.serverMessage} (HTTP ${error.httpStatus})` : error instanceof Error ? error.message : String(error);
	}
	if (entry.orderId === undefined) delete entry.orderId;
	entry.detail = sanitize(entry.detail ?? '').slice(0, 200);
	return entry;
}
