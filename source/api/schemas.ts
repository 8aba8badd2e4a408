// Runtime shapes of every response (reference 2.1-2.4); symbol records are checked by symbol-records.ts. Extra fields are tolerated (records grow over time);
// a missing or null optional field means "not given", but a present field of the wrong type is a protocol error.
import * as v from 'valibot';
import {EPOCH_MS_DIGITS, type Estimate, type LoanOrder, type SymbolRecord} from './types.js';
import Big from 'big.js';
import {RecordTally, shortReceived} from './symbol-records.js';

/** A decimal that may come in exponent form ("1E-8", as some servers print small values), returned plain
 * ("0.00000001"). The exponent is kept to two digits so a hostile "1E999999" cannot become a huge string. */
const readableDecimal = v.pipe(
	v.string(),
	v.regex(/^\d{1,40}(\.\d{1,40})?([eE][+-]?\d{1,2})?$/, 'a decimal string'),
	v.transform((text) => (/[eE]/.test(text) ? plainDecimal(text) : text)),
);

function plainDecimal(text: string): string {
	const fixed = new Big(text).toFixed();
	return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

export const envelopeSchema = v.looseObject({
	code: v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))]),
	msg: v.nullish(v.string()),
	requestTime: v.nullish(
		v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.regex(EPOCH_MS_DIGITS, 'epoch milliseconds'), v.transform(Number))]),
	),
	data: v.unknown(),
});

const estimateSchema = v.looseObject({
	hourInterest: readableDecimal,
	loanAmount: readableDecimal,
});

const loanOrderSchema = v.looseObject({
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
	// A pattern's or a check's own words ("epoch milliseconds", "a decimal string") read better than the pattern itself.
	const expected =
		issue.type === 'regex' || issue.type === 'check'
			? issue.message
			: issue.expected === 'string' || issue.expected === 'Array'
				? `a ${issue.expected.toLowerCase()}`
				: (issue.expected ?? 'valid');
	return {ok: false, problem: `${describe}: ${where} is not ${expected} (got ${shortReceived(issue.input)})`};
}

/** Every record checked in place (see symbol-records.ts): the list is not copied; unreadable records are left
 * out and counted in `tally`. */
export function validateSymbols(data: unknown, tally = new RecordTally()): Validated<SymbolRecord[]> {
	if (!Array.isArray(data)) return {ok: false, problem: `symbol list: data is not an array (got ${shortReceived(data)})`};
	tally.reset();
	let kept = 0;
	for (let i = 0; i < data.length; i++) {
		const record = tally.check(data[i], i, undefined);
		if (record !== undefined) data[kept++] = record;
	}
	data.length = kept;
	return {ok: true, value: data as SymbolRecord[]};
}

export function validateEstimate(data: unknown): Validated<Estimate> {
	return validate<Estimate>(estimateSchema, data, 'estimate');
}

export function validateLoanOrder(data: unknown): Validated<LoanOrder> {
	return validate<LoanOrder>(loanOrderSchema, data, 'loan order');
}

/** /api/v3/account/settings: any answer means a unified trading account (unified, hybrid, upgrading, switching). */
const accountSettingsSchema = v.looseObject({accountMode: v.nullish(v.pipe(v.string(), v.maxLength(40)))});

export function validateAccountSettings(data: unknown): Validated<{accountMode?: string | null}> {
	return validate(accountSettingsSchema, data, 'account settings');
}

/** /api/v3/account/info: what the key may do. */
const accountInfoSchema = v.looseObject({
	permType: v.optional(v.pipe(v.string(), v.maxLength(40)), ''),
	permissions: v.optional(v.array(v.pipe(v.string(), v.maxLength(40))), []),
});

export function validateAccountInfo(data: unknown): Validated<{permType: string; permissions: string[]}> {
	return validate(accountInfoSchema, data, 'account info');
}
