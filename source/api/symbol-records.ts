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

interface Rule {
	pattern: RegExp;
	expected: string;
	/** This rule's bit in InternedValue.passed. */
	bit: number;
}

const rule = (pattern: RegExp, expected: string, bit: number): Rule => ({pattern, expected, bit});
const SYMBOL_NAME = rule(SYMBOL, 'a symbol name', 1);
const COIN_NAME = rule(COIN, 'a coin name', 2);
const DECIMAL_TEXT = rule(DECIMAL, 'a decimal string', 4);
const INTEGER_TEXT = rule(INTEGER, 'an integer string', 8);
const EPOCH_TEXT = rule(EPOCH_OR_EMPTY, 'epoch milliseconds or empty', 16);
const SHORT_WORD = rule(WORD, 'a short word', 32);

/** The fields this app reads, as they arrive (JSON.parse's objects, before any check). */
interface RawSymbolRecord {
	symbol?: unknown;
	baseCoin?: unknown;
	quoteCoin?: unknown;
	minTradeAmount?: unknown;
	maxTradeAmount?: unknown;
	takerFeeRate?: unknown;
	makerFeeRate?: unknown;
	pricePrecision?: unknown;
	quantityPrecision?: unknown;
	quotePrecision?: unknown;
	minTradeUSDT?: unknown;
	status?: unknown;
	buyLimitPriceRatio?: unknown;
	sellLimitPriceRatio?: unknown;
	orderQuantity?: unknown;
	areaSymbol?: unknown;
	openTime?: unknown;
	offTime?: unknown;
}

/** A repeated value's one shared copy, and the patterns it has already passed (a bit each): a fee rate seen on
 * 100k pairs is tested once, not 100k times. */
interface InternedValue {
	text: string;
	passed: number;
}

/** One per list being read. */
export type InternTable = Map<string, InternedValue>;

export class RecordProblem extends Error {}

/**
 * Checks one record (at `index` of data) and returns it, trimmed of nulls and interned. Throws RecordProblem.
 * One statement per field, each naming its property: every record of a list has the same shape, so each read and
 * write stays on V8's fast path (a loop over field names took twice as long at 100k pairs). The values that repeat
 * (quote coins, rates, precisions, statuses) are replaced by one shared copy.
 */
function checkSymbolRecord(value: unknown, index: number, intern: InternTable): SymbolRecord {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new RecordProblem(`symbol list: data.${index} is not an object (got ${shortReceived(value)})`);
	}
	const record = value as Record<string, unknown>;
	// Null means "not given", for the fields this app knows and for any newer ones.
	for (const field in record) if (record[field] === null) delete record[field];
	const r = value as RawSymbolRecord;
	own(r.symbol, 'symbol', SYMBOL_NAME, index);
	own(r.baseCoin, 'baseCoin', COIN_NAME, index);
	r.quoteCoin = shared(r.quoteCoin, 'quoteCoin', COIN_NAME, index, intern);
	if (r.minTradeAmount !== undefined) r.minTradeAmount = shared(r.minTradeAmount, 'minTradeAmount', DECIMAL_TEXT, index, intern);
	if (r.maxTradeAmount !== undefined) r.maxTradeAmount = shared(r.maxTradeAmount, 'maxTradeAmount', DECIMAL_TEXT, index, intern);
	if (r.takerFeeRate !== undefined) r.takerFeeRate = shared(r.takerFeeRate, 'takerFeeRate', DECIMAL_TEXT, index, intern);
	if (r.makerFeeRate !== undefined) r.makerFeeRate = shared(r.makerFeeRate, 'makerFeeRate', DECIMAL_TEXT, index, intern);
	if (r.pricePrecision !== undefined) r.pricePrecision = shared(r.pricePrecision, 'pricePrecision', INTEGER_TEXT, index, intern);
	if (r.quantityPrecision !== undefined) r.quantityPrecision = shared(r.quantityPrecision, 'quantityPrecision', INTEGER_TEXT, index, intern);
	if (r.quotePrecision !== undefined) r.quotePrecision = shared(r.quotePrecision, 'quotePrecision', INTEGER_TEXT, index, intern);
	if (r.minTradeUSDT !== undefined) r.minTradeUSDT = shared(r.minTradeUSDT, 'minTradeUSDT', DECIMAL_TEXT, index, intern);
	if (r.status !== undefined) r.status = shared(r.status, 'status', SHORT_WORD, index, intern);
	if (r.buyLimitPriceRatio !== undefined) r.buyLimitPriceRatio = shared(r.buyLimitPriceRatio, 'buyLimitPriceRatio', DECIMAL_TEXT, index, intern);
	if (r.sellLimitPriceRatio !== undefined) r.sellLimitPriceRatio = shared(r.sellLimitPriceRatio, 'sellLimitPriceRatio', DECIMAL_TEXT, index, intern);
	if (r.orderQuantity !== undefined) r.orderQuantity = shared(r.orderQuantity, 'orderQuantity', INTEGER_TEXT, index, intern);
	if (r.areaSymbol !== undefined) r.areaSymbol = shared(r.areaSymbol, 'areaSymbol', SHORT_WORD, index, intern);
	if (r.openTime !== undefined) own(r.openTime, 'openTime', EPOCH_TEXT, index);
	if (r.offTime !== undefined) r.offTime = shared(r.offTime, 'offTime', EPOCH_TEXT, index, intern);
	return record as unknown as SymbolRecord;
}

/** A value of its own (symbol names, open times): tested every time. */
function own(text: unknown, field: string, check: Rule, index: number): void {
	if (typeof text !== 'string') throw notString(text, field, check, index);
	if (!check.pattern.test(text)) throw problem(index, field, check, text);
}

/** A value that repeats across the list: its shared copy, tested once per rule. */
function shared(text: unknown, field: string, check: Rule, index: number, intern: InternTable): string {
	if (typeof text !== 'string') throw notString(text, field, check, index);
	let value = intern.get(text);
	if (value === undefined) {
		value = {text, passed: 0};
		intern.set(text, value);
	}
	if ((value.passed & check.bit) === 0) {
		if (!check.pattern.test(text)) throw problem(index, field, check, text);
		value.passed |= check.bit;
	}
	return value.text;
}

function notString(text: unknown, field: string, check: Rule, index: number): RecordProblem {
	return new RecordProblem(`symbol list: data.${index}.${field} is not ${text === undefined ? check.expected : 'a string'} (got ${shortReceived(text)})`);
}

function problem(index: number, field: string, check: Rule, text: string): RecordProblem {
	return new RecordProblem(`symbol list: data.${index}.${field} is not ${check.expected} (got ${shortReceived(text)})`);
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
