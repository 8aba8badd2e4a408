// Validation of symbol records, in place: no copy of a 100k-record list is made, null optional fields are
// dropped, and the values that repeat across pairs (fee rates, statuses, precisions, quote coins) are interned,
// so the list costs one string per distinct value instead of one per record.
import type {SymbolRecord} from './types.js';

const DECIMAL = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;
const EPOCH_OR_EMPTY = /^(\d+)?$/;
const WORD = /^[A-Za-z0-9_-]{0,40}$/;
const COIN = /^[A-Za-z0-9_.-]{1,40}$/;
const SYMBOL = /^[A-Za-z0-9_.-]{1,60}$/;

type Rule = [pattern: RegExp, expected: string];

const REQUIRED: Record<string, Rule> = {
	symbol: [SYMBOL, 'a symbol name'],
	baseCoin: [COIN, 'a coin name'],
	quoteCoin: [COIN, 'a coin name'],
};

const OPTIONAL: Record<string, Rule> = {
	minTradeAmount: [DECIMAL, 'a decimal string'],
	maxTradeAmount: [DECIMAL, 'a decimal string'],
	takerFeeRate: [DECIMAL, 'a decimal string'],
	makerFeeRate: [DECIMAL, 'a decimal string'],
	pricePrecision: [INTEGER, 'an integer string'],
	quantityPrecision: [INTEGER, 'an integer string'],
	quotePrecision: [INTEGER, 'an integer string'],
	minTradeUSDT: [DECIMAL, 'a decimal string'],
	status: [WORD, 'a short word'],
	buyLimitPriceRatio: [DECIMAL, 'a decimal string'],
	sellLimitPriceRatio: [DECIMAL, 'a decimal string'],
	orderQuantity: [INTEGER, 'an integer string'],
	areaSymbol: [WORD, 'a short word'],
	openTime: [EPOCH_OR_EMPTY, 'epoch milliseconds or empty'],
	offTime: [EPOCH_OR_EMPTY, 'epoch milliseconds or empty'],
};

/** Fields with few distinct values across a listing. */
const INTERNED = ['quoteCoin', 'minTradeAmount', 'maxTradeAmount', 'takerFeeRate', 'makerFeeRate', 'pricePrecision', 'quantityPrecision', 'quotePrecision', 'minTradeUSDT', 'status', 'buyLimitPriceRatio', 'sellLimitPriceRatio', 'orderQuantity', 'areaSymbol', 'offTime'];

export class RecordProblem extends Error {}

/** Checks one record (at `index` of data) and returns it, trimmed of nulls and interned. Throws RecordProblem. */
export function checkSymbolRecord(value: unknown, index: number, intern: Map<string, string>): SymbolRecord {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new RecordProblem(`symbol list: data.${index} is not an object (got ${shortReceived(value)})`);
	}
	const record = value as Record<string, unknown>;
	// Null means "not given", for the fields this app knows and for any newer ones.
	for (const field in record) if (record[field] === null) delete record[field];
	for (const field in REQUIRED) check(record, field, REQUIRED[field]!, index, false);
	for (const field in OPTIONAL) check(record, field, OPTIONAL[field]!, index, true);
	for (const field of INTERNED) {
		const text = record[field];
		if (typeof text !== 'string') continue;
		const shared = intern.get(text);
		if (shared === undefined) intern.set(text, text);
		else record[field] = shared;
	}
	return record as unknown as SymbolRecord;
}

function check(record: Record<string, unknown>, field: string, [pattern, expected]: Rule, index: number, optional: boolean): void {
	const value = record[field];
	if (optional && (value === undefined || value === null)) {
		if (value === null) delete record[field];
		return;
	}
	if (typeof value !== 'string') {
		throw new RecordProblem(`symbol list: data.${index}.${field} is not ${value === undefined ? expected : 'a string'} (got ${shortReceived(value)})`);
	}
	if (!pattern.test(value)) throw new RecordProblem(`symbol list: data.${index}.${field} is not ${expected} (got ${shortReceived(value)})`);
}

export function shortReceived(value: unknown): string {
	if (value === undefined) return 'nothing';
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * Checks the records of one answer and counts those that cannot be read, instead of failing the whole list on
 * one odd record: the person sees every valid pair and "n unreadable records".
 */
export class RecordTally {
	unreadable = 0;
	/** What was wrong with the first unreadable record. */
	firstProblem: string | undefined;
	private intern = new Map<string, string>();

	/** A fresh count (a retried answer is a new list). */
	reset(): this {
		this.unreadable = 0;
		this.firstProblem = undefined;
		this.intern = new Map();
		return this;
	}

	/** The record, or `skip` when it cannot be read. */
	check<S>(value: unknown, index: number, skip: S): SymbolRecord | S {
		try {
			return checkSymbolRecord(value, index, this.intern);
		} catch (error) {
			if (!(error instanceof RecordProblem)) throw error;
			this.unreadable++;
			this.firstProblem ??= error.message;
			return skip;
		}
	}
}
