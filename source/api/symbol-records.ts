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

/** A field whose values repeat across the list: its name (for messages), its rule, and its slot in InternTable.last. */
interface SharedField {
	name: string;
	rule: Rule;
	slot: number;
}

let slots = 0;
const sharedField = (name: string, check: Rule): SharedField => ({name, rule: check, slot: slots++});
const QUOTE_COIN = sharedField('quoteCoin', COIN_NAME);
const MIN_TRADE_AMOUNT = sharedField('minTradeAmount', DECIMAL_TEXT);
const MAX_TRADE_AMOUNT = sharedField('maxTradeAmount', DECIMAL_TEXT);
const TAKER_FEE_RATE = sharedField('takerFeeRate', DECIMAL_TEXT);
const MAKER_FEE_RATE = sharedField('makerFeeRate', DECIMAL_TEXT);
const PRICE_PRECISION = sharedField('pricePrecision', INTEGER_TEXT);
const QUANTITY_PRECISION = sharedField('quantityPrecision', INTEGER_TEXT);
const QUOTE_PRECISION = sharedField('quotePrecision', INTEGER_TEXT);
const MIN_TRADE_USDT = sharedField('minTradeUSDT', DECIMAL_TEXT);
const STATUS = sharedField('status', SHORT_WORD);
const BUY_LIMIT_PRICE_RATIO = sharedField('buyLimitPriceRatio', DECIMAL_TEXT);
const SELL_LIMIT_PRICE_RATIO = sharedField('sellLimitPriceRatio', DECIMAL_TEXT);
const ORDER_QUANTITY = sharedField('orderQuantity', INTEGER_TEXT);
const AREA_SYMBOL = sharedField('areaSymbol', SHORT_WORD);
const OFF_TIME = sharedField('offTime', EPOCH_TEXT);

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

/** One per list being read: each value's shared copy, and each field's last value. Most records repeat the previous
 * one's (rates, precisions, status): then one comparison stands for the lookup (the 100k list's parse and checks
 * took ~1.3% fewer instructions under valgrind). */
class InternTable {
	readonly values = new Map<string, InternedValue>();
	readonly last: Array<InternedValue | undefined> = Array.from({length: slots}, () => undefined);
}

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
	r.quoteCoin = shared(r.quoteCoin, QUOTE_COIN, index, intern);
	if (r.minTradeAmount !== undefined) r.minTradeAmount = shared(r.minTradeAmount, MIN_TRADE_AMOUNT, index, intern);
	if (r.maxTradeAmount !== undefined) r.maxTradeAmount = shared(r.maxTradeAmount, MAX_TRADE_AMOUNT, index, intern);
	if (r.takerFeeRate !== undefined) r.takerFeeRate = shared(r.takerFeeRate, TAKER_FEE_RATE, index, intern);
	if (r.makerFeeRate !== undefined) r.makerFeeRate = shared(r.makerFeeRate, MAKER_FEE_RATE, index, intern);
	if (r.pricePrecision !== undefined) r.pricePrecision = shared(r.pricePrecision, PRICE_PRECISION, index, intern);
	if (r.quantityPrecision !== undefined) r.quantityPrecision = shared(r.quantityPrecision, QUANTITY_PRECISION, index, intern);
	if (r.quotePrecision !== undefined) r.quotePrecision = shared(r.quotePrecision, QUOTE_PRECISION, index, intern);
	if (r.minTradeUSDT !== undefined) r.minTradeUSDT = shared(r.minTradeUSDT, MIN_TRADE_USDT, index, intern);
	if (r.status !== undefined) r.status = shared(r.status, STATUS, index, intern);
	if (r.buyLimitPriceRatio !== undefined) r.buyLimitPriceRatio = shared(r.buyLimitPriceRatio, BUY_LIMIT_PRICE_RATIO, index, intern);
	if (r.sellLimitPriceRatio !== undefined) r.sellLimitPriceRatio = shared(r.sellLimitPriceRatio, SELL_LIMIT_PRICE_RATIO, index, intern);
	if (r.orderQuantity !== undefined) r.orderQuantity = shared(r.orderQuantity, ORDER_QUANTITY, index, intern);
	if (r.areaSymbol !== undefined) r.areaSymbol = shared(r.areaSymbol, AREA_SYMBOL, index, intern);
	if (r.openTime !== undefined) own(r.openTime, 'openTime', EPOCH_TEXT, index);
	if (r.offTime !== undefined) r.offTime = shared(r.offTime, OFF_TIME, index, intern);
	return record as unknown as SymbolRecord;
}

/** A value of its own (symbol names, open times): tested every time. */
function own(text: unknown, field: string, check: Rule, index: number): void {
	if (typeof text !== 'string') throw notString(text, field, check, index);
	if (!check.pattern.test(text)) throw problem(index, field, check, text);
}

/** A value that repeats across the list: its shared copy, tested once per rule. */
function shared(text: unknown, field: SharedField, index: number, intern: InternTable): string {
	if (typeof text !== 'string') throw notString(text, field.name, field.rule, index);
	const last = intern.last[field.slot];
	if (last !== undefined && last.text === text) return last.text;
	let value = intern.values.get(text);
	if (value === undefined) {
		value = {text, passed: 0};
		intern.values.set(text, value);
	}
	if ((value.passed & field.rule.bit) === 0) {
		if (!field.rule.pattern.test(text)) throw problem(index, field.name, field.rule, text);
		value.passed |= field.rule.bit;
	}
	intern.last[field.slot] = value;
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
	private intern = new InternTable();

	/** A fresh count (a retried answer is a new list). */
	reset(): this {
		this.unreadable = 0;
		this.firstProblem = undefined;
		this.intern = new InternTable();
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
