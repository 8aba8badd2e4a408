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
const INTERNED = new Set(['quoteCoin', 'minTradeAmount', 'maxTradeAmount', 'takerFeeRate', 'makerFeeRate', 'pricePrecision', 'quantityPrecision', 'quotePrecision', 'minTradeUSDT', 'status', 'buyLimitPriceRatio', 'sellLimitPriceRatio', 'orderQuantity', 'areaSymbol', 'offTime']);

const PATTERNS = [SYMBOL, COIN, DECIMAL, INTEGER, EPOCH_OR_EMPTY, WORD];

interface FieldCheck {
	field: string;
	pattern: RegExp;
	/** This pattern's bit in InternedValue.passed. */
	bit: number;
	expected: string;
	optional: boolean;
	interned: boolean;
}

/** Every field's check in one flat list: one pass per record, no object enumeration. */
const CHECKS: readonly FieldCheck[] = [
	...Object.entries(REQUIRED).map(([field, rule]) => fieldCheck(field, rule, false)),
	...Object.entries(OPTIONAL).map(([field, rule]) => fieldCheck(field, rule, true)),
];

function fieldCheck(field: string, [pattern, expected]: Rule, optional: boolean): FieldCheck {
	return {field, pattern, bit: 1 << PATTERNS.indexOf(pattern), expected, optional, interned: INTERNED.has(field)};
}

/** A repeated value's one shared copy, and the patterns it has already passed (a bit each): a fee rate seen on
 * 100k pairs is tested once, not 100k times. */
export interface InternedValue {
	text: string;
	passed: number;
}

/** One per list being read. */
export type InternTable = Map<string, InternedValue>;

export class RecordProblem extends Error {}

/** Checks one record (at `index` of data) and returns it, trimmed of nulls and interned. Throws RecordProblem. */
export function checkSymbolRecord(value: unknown, index: number, intern: InternTable): SymbolRecord {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new RecordProblem(`symbol list: data.${index} is not an object (got ${shortReceived(value)})`);
	}
	const record = value as Record<string, unknown>;
	// Null means "not given", for the fields this app knows and for any newer ones.
	for (const field in record) if (record[field] === null) delete record[field];
	for (const check of CHECKS) {
		const text = record[check.field];
		if (text === undefined && check.optional) continue;
		if (typeof text !== 'string') {
			throw new RecordProblem(`symbol list: data.${index}.${check.field} is not ${text === undefined ? check.expected : 'a string'} (got ${shortReceived(text)})`);
		}
		if (!check.interned) {
			if (!check.pattern.test(text)) throw problem(index, check, text);
			continue;
		}
		let shared = intern.get(text);
		if (shared === undefined) {
			shared = {text, passed: 0};
			intern.set(text, shared);
		} else record[check.field] = shared.text;
		if ((shared.passed & check.bit) === 0) {
			if (!check.pattern.test(text)) throw problem(index, check, text);
			shared.passed |= check.bit;
		}
	}
	return record as unknown as SymbolRecord;
}

function problem(index: number, check: FieldCheck, text: string): RecordProblem {
	return new RecordProblem(`symbol list: data.${index}.${check.field} is not ${check.expected} (got ${shortReceived(text)})`);
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
	private intern: InternTable = new Map();

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
