// Runtime shapes of every response (reference 2.1-2.4); symbol records are checked by symbol-records.ts. Extra fields are tolerated (records grow over time);
// a missing or null optional field means "not given", but a present field of the wrong type is a protocol error.
import * as v from 'valibot';
import type {Estimate, LoanOrder, SymbolRecord} from './types.js';
import {checkSymbolRecord, RecordProblem, shortReceived} from './symbol-records.js';

const decimal = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'a decimal string'));

export const envelopeSchema = v.looseObject({
	code: v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))]),
	msg: v.nullish(v.string()),
	requestTime: v.nullish(
		v.union([
			v.pipe(v.number(), v.integer(), v.minValue(0)),
			v.pipe(v.string(), v.regex(/^\d{1,16}$/, 'epoch milliseconds'), v.transform(Number)),
		]),
	),
	data: v.unknown(),
});

export const estimateSchema = v.looseObject({
	hourInterest: decimal,
	loanAmount: decimal,
});

export const loanOrderSchema = v.looseObject({
	orderId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'an order id')),
});

export type Validated<T> = {ok: true; value: T} | {ok: false; problem: string};

/** Parses `input` with `schema`; the first problem as one readable line (loan-schemas.ts uses it too). */
export function validateWith<T>(schema: v.GenericSchema, input: unknown, describe: string): Validated<T> {
	return validate<T>(schema, input, describe);
}

function validate<T>(schema: v.GenericSchema, input: unknown, describe: string): Validated<T> {
	const result = v.safeParse(schema, input, {abortEarly: true});
	if (result.success) return {ok: true, value: result.output as T};
	const issue = result.issues[0];
	const path = v.getDotPath(issue) ?? '';
	const where = path ? `data.${path}` : 'data';
	const expected = issue.expected === 'string' || issue.expected === 'Array' ? `a ${issue.expected.toLowerCase()}` : issue.expected ?? 'valid';
	return {ok: false, problem: `${describe}: ${where} is not ${expected} (got ${shortReceived(issue.input)})`};
}


/** Every record checked in place (see symbol-records.ts): the list is not copied. */
export function validateSymbols(data: unknown): Validated<SymbolRecord[]> {
	if (!Array.isArray(data)) return {ok: false, problem: `symbol list: data is not an array (got ${shortReceived(data)})`};
	const intern = new Map<string, string>();
	try {
		for (let i = 0; i < data.length; i++) data[i] = checkSymbolRecord(data[i], i, intern);
	} catch (error) {
		if (error instanceof RecordProblem) return {ok: false, problem: error.message};
		throw error;
	}
	return {ok: true, value: data as SymbolRecord[]};
}

export function validateEstimate(data: unknown): Validated<Estimate> {
	return validate<Estimate>(estimateSchema, data, 'estimate');
}

export function validateLoanOrder(data: unknown): Validated<LoanOrder> {
	return validate<LoanOrder>(loanOrderSchema, data, 'loan order');
}
