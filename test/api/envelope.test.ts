import {describe, expect, it} from 'vitest';
import {isFailure, parseEnvelope} from '../../source/api/envelope.js';
import {ApiError, ProtocolError} from '../../source/api/errors.js';
import {validateEstimate, validateLoanOrder, validateSymbols} from '../../source/api/schemas.js';
import {RecordTally} from '../../source/api/symbol-records.js';

const estimate = {hourInterest: '0.00133436', loanAmount: '216.2654'};

describe('envelope', () => {
	it('accepts requestTime as a number or a numeric string', () => {
		for (const requestTime of [1700000000123, '1700000000123']) {
			const result = parseEnvelope(200, JSON.stringify({code: '00000', msg: 'success', requestTime, data: estimate}), validateEstimate);
			expect(isFailure(result)).toBe(false);
			expect(result).toEqual({data: estimate, serverTime: 1700000000123});
		}
	});

	it.each([
		[400, {code: '40034', msg: 'Parameter XYZ does not exist', requestTime: 1, data: null}, '40034', 'Parameter XYZ does not exist'],
		[429, {code: '429', msg: 'Too Many Requests', requestTime: 1, data: null}, '429', 'Too Many Requests'],
		[200, {code: '80009', msg: 'Loan pool not enough', requestTime: '2', data: null}, '80009', 'Loan pool not enough'],
		[
			500,
			{code: '40015', msg: 'System is abnormal, please try again later', requestTime: 3, data: null},
			'40015',
			'System is abnormal, please try again later',
		],
	])('HTTP %i with code %j is an ApiError carrying code, msg and status', (status, body, code, msg) => {
		const result = parseEnvelope(status, JSON.stringify(body), validateEstimate);
		if (!isFailure(result)) throw new Error('expected a failure');
		expect(result.error).toBeInstanceOf(ApiError);
		expect(result.error).toMatchObject({code, serverMessage: msg, httpStatus: status});
		expect(result.serverTime).toBe(Number(body.requestTime));
	});

	it.each([
		['an HTML page', 502, '<!DOCTYPE html><html><body>Bad gateway</body></html>', /HTML page/],
		['truncated JSON', 200, '{"code":"00000","msg":"success","requestTime":17000', /incomplete JSON/],
		['an empty body', 200, '', /empty body/],
		['plain text', 200, 'OK', /not JSON/],
		['JSON that is not an envelope', 200, '[1,2,3]', /not the API envelope/],
		['data: null on success', 200, '{"code":"00000","msg":"success","requestTime":1,"data":null}', /data is not/],
		[
			'a number where a decimal string belongs',
			200,
			'{"code":"00000","msg":"success","requestTime":1,"data":{"hourInterest":0.1,"loanAmount":"2"}}',
			/data\.hourInterest is not a string \(got 0\.1\)/,
		],
		['an amount that is not decimal', 200, '{"code":"00000","msg":"success","requestTime":1,"data":{"hourInterest":"1,5","loanAmount":"2"}}', /hourInterest/],
		[
			'an exponent too large to print',
			200,
			'{"code":"00000","msg":"success","requestTime":1,"data":{"hourInterest":"1E999","loanAmount":"2"}}',
			/hourInterest/,
		],
		[
			'a requestTime that is not numeric',
			200,
			'{"code":"00000","msg":"success","requestTime":"soon","data":{"hourInterest":"1","loanAmount":"2"}}',
			/not the API envelope/,
		],
		[
			'success code on HTTP 500',
			500,
			'{"code":"00000","msg":"success","requestTime":1,"data":{"hourInterest":"1","loanAmount":"2"}}',
			/HTTP 500 with a success code/,
		],
	])('%s is a ProtocolError', (_name, status, body, message) => {
		const result = parseEnvelope(status, body, validateEstimate);
		if (!isFailure(result)) throw new Error('expected a failure');
		expect(result.error).toBeInstanceOf(ProtocolError);
		expect(result.error.message).toMatch(message);
		expect((result.error as ProtocolError).httpStatus).toBe(status);
	});

	it('tolerates extra fields and treats null optional fields as not given', () => {
		const record = {symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', takerFeeRate: null, status: 'online', maxMarketOrderValue: '5000000', offTime: ''};
		const result = parseEnvelope(200, JSON.stringify({code: '00000', msg: 'success', requestTime: 5, data: [record]}), validateSymbols);
		if (isFailure(result)) throw result.error;
		expect(result.data[0]).not.toHaveProperty('takerFeeRate');
		expect(result.data[0]).toMatchObject({symbol: 'BTCUSDT', status: 'online', offTime: ''});
	});

	it('leaves out a symbol record with a wrong-typed field, naming it, and keeps the others', () => {
		const good = {symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', minTradeUSDT: '1'};
		const odd = {symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', makerFeeRate: 0.001};
		const empty = {symbol: 'SOLUSDT', baseCoin: 'SOL', quoteCoin: 'USDT', minTradeUSDT: ''};
		const tally = new RecordTally();
		const result = parseEnvelope(200, JSON.stringify({code: '00000', msg: 'success', requestTime: 5, data: [good, odd, empty, good]}), (data) =>
			validateSymbols(data, tally),
		);
		if (isFailure(result)) throw result.error;
		expect(result.data.map((record) => record.symbol)).toEqual(['ETHUSDT', 'ETHUSDT']);
		expect(tally.unreadable).toBe(2);
		expect(tally.firstProblem).toContain('data.1.makerFeeRate');
	});

	it('reads an estimate in exponent form as a plain decimal', () => {
		const result = parseEnvelope(
			200,
			'{"code":"00000","msg":"success","requestTime":1,"data":{"hourInterest":"1E-8","loanAmount":"2.5e+3"}}',
			validateEstimate,
		);
		if (isFailure(result)) throw result.error;
		expect(result.data).toEqual({hourInterest: '0.00000001', loanAmount: '2500'});
	});

	it('keeps a long order id as a string', () => {
		const result = parseEnvelope(200, '{"code":"00000","msg":"success","requestTime":1,"data":{"orderId":"1130000000000000001"}}', validateLoanOrder);
		expect(result).toMatchObject({data: {orderId: '1130000000000000001'}});
		const numeric = parseEnvelope(200, '{"code":"00000","msg":"success","requestTime":1,"data":{"orderId":1130000000000000001}}', validateLoanOrder);
		expect(isFailure(numeric)).toBe(true);
	});
});
