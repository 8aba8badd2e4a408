// Thousands of generated answers: the parser only ever returns data or a typed error, accepts every valid
// payload and names the field of an invalid one.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {isFailure, parseEnvelope} from '../../source/api/envelope.js';
import {ApiError, ProtocolError} from '../../source/api/errors.js';
import {validateEstimate, validateLoanOrder, validateSymbols} from '../../source/api/schemas.js';
import {RecordTally} from '../../source/api/symbol-records.js';

const decimal = fc
	.tuple(fc.nat({max: 10 ** 9}), fc.option(fc.stringMatching(/^\d{1,12}$/), {nil: undefined}))
	.map(([i, f]) => (f === undefined ? String(i) : `${i}.${f}`));
const integer = fc.nat({max: 10 ** 6}).map(String);
const word = fc.stringMatching(/^[A-Z0-9]{1,10}$/);
const validators = [validateEstimate, validateLoanOrder, validateSymbols];

const symbolRecord = fc.record(
	{
		symbol: word.map((base) => `${base}USDT`),
		baseCoin: word,
		quoteCoin: fc.constant('USDT'),
		takerFeeRate: fc.oneof(decimal, fc.constant(null)),
		makerFeeRate: decimal,
		pricePrecision: integer,
		quantityPrecision: integer,
		quotePrecision: integer,
		minTradeUSDT: decimal,
		status: fc.constantFrom('online', 'gray', 'halt', 'offline', 'pre_online'),
		areaSymbol: fc.constantFrom('yes', 'no'),
		openTime: integer,
		offTime: fc.oneof(fc.constant(''), integer),
		maxMarketOrderValue: fc.anything(),
	},
	{requiredKeys: ['symbol', 'baseCoin', 'quoteCoin']},
);

const envelope = (data: unknown, code = '00000', requestTime: unknown = 1700000000000) => JSON.stringify({code, msg: 'success', requestTime, data});

describe('envelope parser (property-based)', () => {
	it('never throws on arbitrary bytes, JSON or envelope-like objects: data or a typed error', () => {
		const body = fc.oneof(
			fc.string({unit: 'binary', maxLength: 200}),
			fc.json(),
			fc.anything().map((value) => JSON.stringify(value) ?? ''),
			fc
				.record(
					{code: fc.oneof(fc.constant('00000'), fc.string(), fc.integer()), msg: fc.anything(), requestTime: fc.anything(), data: fc.anything()},
					{requiredKeys: []},
				)
				.map((value) => JSON.stringify(value)),
		);
		fc.assert(
			fc.property(fc.integer({min: 100, max: 599}), body, fc.constantFrom(...validators), (status, text, validate) => {
				const result = parseEnvelope(status, text, validate as (data: unknown) => ReturnType<typeof validateEstimate>);
				if (isFailure(result)) {
					expect(result.error instanceof ApiError || result.error instanceof ProtocolError).toBe(true);
					expect(result.error.message.length).toBeGreaterThan(0);
				} else {
					expect(status).toBeGreaterThanOrEqual(200);
					expect(status).toBeLessThan(300);
					expect(result).toHaveProperty('data');
				}
			}),
			{numRuns: 5000},
		);
	});

	it('accepts every valid estimate, with requestTime as a number or a numeric string, extra fields tolerated', () => {
		fc.assert(
			fc.property(
				decimal,
				decimal,
				fc.oneof(fc.nat(), fc.nat().map(String)),
				fc.dictionary(fc.string(), fc.anything()),
				(hourInterest, loanAmount, requestTime, extra) => {
					const data = {...extra, hourInterest, loanAmount};
					const result = parseEnvelope(200, envelope(data, '00000', requestTime), validateEstimate);
					if (isFailure(result)) throw result.error;
					expect(result.data).toMatchObject({hourInterest, loanAmount});
					expect(result.serverTime).toBe(Number(requestTime));
				},
			),
			{numRuns: 2000},
		);
	});

	it('accepts every valid symbol list, dropping null optional fields', () => {
		fc.assert(
			fc.property(fc.array(symbolRecord, {maxLength: 20}), (records) => {
				const result = parseEnvelope(200, envelope(records), validateSymbols);
				if (isFailure(result)) throw result.error;
				expect(result.data).toHaveLength(records.length);
				for (const record of result.data) expect(Object.values(record)).not.toContain(null);
			}),
			{numRuns: 1000},
		);
	});

	it('leaves out a record whose field has the wrong type, naming the field, and keeps every other record', () => {
		const fields = ['symbol', 'baseCoin', 'takerFeeRate', 'pricePrecision', 'status', 'offTime'] as const;
		fc.assert(
			fc.property(
				fc.array(symbolRecord, {minLength: 1, maxLength: 5}),
				fc.nat(),
				fc.constantFrom(...fields),
				fc.oneof(fc.integer(), fc.boolean(), fc.constant([]), fc.constant({})),
				(records, at, field, wrong) => {
					const index = at % records.length;
					const broken = records.map((record, i) => (i === index ? {...record, [field]: wrong} : record));
					const tally = new RecordTally();
					const result = parseEnvelope(200, envelope(broken), (data) => validateSymbols(data, tally));
					if (isFailure(result)) throw result.error;
					expect(result.data.map((record) => record.symbol)).toEqual(records.filter((_, i) => i !== index).map((record) => record.symbol));
					expect(tally.unreadable).toBe(1);
					expect(tally.firstProblem).toContain(`data.${index}.${field}`);
				},
			),
			{numRuns: 1000},
		);
	});

	it('turns every non-success code into an ApiError with that code and message', () => {
		fc.assert(
			fc.property(
				fc.string({minLength: 1, maxLength: 8}).filter((code) => code !== '00000'),
				fc.string(),
				fc.integer({min: 200, max: 599}),
				(code, msg, status) => {
					const result = parseEnvelope(status, JSON.stringify({code, msg, requestTime: 1, data: null}), validateEstimate);
					if (!isFailure(result)) throw new Error('accepted a failure code');
					expect(result.error).toBeInstanceOf(ApiError);
					expect(result.error).toMatchObject({code, serverMessage: msg, httpStatus: status});
				},
			),
			{numRuns: 2000},
		);
	});
});
