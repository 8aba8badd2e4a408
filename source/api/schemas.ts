// Runtime shapes of every response (reference 2.1-2.4). Extra fields are tolerated (records grow over time);
// a missing or null optional field means "not given", but a present field of the wrong type is a protocol error.
import * as v from 'valibot';
import type {Estimate, LoanOrder, SymbolRecord} from './types.js';

const decimal = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'a decimal string'));
const integer = v.pipe(v.string(), v.regex(/^\d+$/, 'an integer string'));
const epochMsOrEmpty = v.pipe(v.string(), v.regex(/^(\d+)?$/, 'epoch milliseconds or empty'));
const word = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{0,40}$/, 'a short word'));
const coin = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,40}$/, 'a coin name'));

const optional = <T extends v.GenericSchema>(schema: T) => v.nullish(schema);

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

const symbolRecordSchema = v.looseObject({
	symbol: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,60}$/, 'a symbol name')),
	baseCoin: coin,
	quoteCoin: coin,
	minTradeAmount: optional(decimal),
	maxTradeAmount: optional(decimal),
	takerFeeRate: optional(decimal),
	makerFeeRate: optional(decimal),
	pricePrecision: optional(integer),
	quantityPrecision: optional(integer),
	quotePrecision: optional(integer),
	minTradeUSDT: optional(decimal),
	status: optional(word),
	buyLimitPriceRatio: optional(decimal),
	sellLimitPriceRatio: optional(decimal),
	orderQuantity: optional(integer),
	areaSymbol: optional(word),
	openTime: optional(epochMsOrEmpty),
	offTime: optional(epochMsOrEmpty),
});

export const symbolListSchema = v.array(symbolRecordSchema);

export const estimateSchema = v.looseObject({
	hourInterest: decimal,
	loanAmount: decimal,
});

export const loanOrderSchema = v.looseObject({
	orderId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'an order id')),
});

/** Null means "not given": drop such keys so consumers only meet strings or undefined. */
function withoutNulls<T extends object>(record: T): T {
	for (const key of Object.keys(record) as (keyof T)[]) {
		if (record[key] === null) delete record[key];
	}
	return record;
}

export type Validated<T> = {ok: true; value: T} | {ok: false; problem: string};

function validate<T>(schema: v.GenericSchema, input: unknown, describe: string): Validated<T> {
	const result = v.safeParse(schema, input, {abortEarly: true});
	if (result.success) return {ok: true, value: result.output as T};
	const issue = result.issues[0];
	const path = v.getDotPath(issue) ?? '';
	const where = path ? `data.${path}` : 'data';
	const expected = issue.expected === 'string' || issue.expected === 'Array' ? `a ${issue.expected.toLowerCase()}` : issue.expected ?? 'valid';
	return {ok: false, problem: `${describe}: ${where} is not ${expected} (got ${shortReceived(issue.input)})`};
}

function shortReceived(value: unknown): string {
	if (value === undefined) return 'nothing';
	const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
	return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

export function validateSymbols(data: unknown): Validated<SymbolRecord[]> {
	const result = validate<SymbolRecord[]>(symbolListSchema, data, 'symbol list');
	if (result.ok) for (const record of result.value) withoutNulls(record);
	return result;
}

export function validateEstimate(data: unknown): Validated<Estimate> {
	return validate<Estimate>(estimateSchema, data, 'estimate');
}

export function validateLoanOrder(data: unknown): Validated<LoanOrder> {
	return validate<LoanOrder>(loanOrderSchema, data, 'loan order');
}
