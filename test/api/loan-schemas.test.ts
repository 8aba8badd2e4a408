import Big from 'big.js';
import {describe, expect, it} from 'vitest';
import {
	percentToFraction,
	validateBorrowHistory,
	validateCoinInfos,
	validateDebts,
	validateOngoingPage,
	validateReduces,
	validateRepay,
	validateRepayHistory,
	validateReviseHistory,
	validateRevisePledge,
} from '../../source/api/loan-schemas.js';
import {historyQuery, ongoingQuery} from '../../source/api/loan-requests.js';
import {repayBody, revisePledgeBody} from '../../source/api/money-bodies.js';
import {InputError} from '../../source/api/errors.js';

// Bitget's documented example of ongoing-orders (Get-Loan-Orders): ratios in percent.
const documentedLoan = {
	orderId: '1',
	loanCoin: 'ETH',
	loanAmount: '1',
	interestAmount: '0.00000229',
	hourInterestRate: '0.000229',
	pledgeCoin: 'USDT',
	pledgeAmount: '2619.69231032',
	pledgeRate: '65',
	supRate: '75',
	forceRate: '83',
	borrowTime: '1692434472156',
	expireTime: '1693036799999',
};

describe('units are normalised once, at the wire: every ratio a fraction', () => {
	it("divides the order endpoints' percentages by 100, exactly", () => {
		expect(percentToFraction('65')).toBe('0.65');
		expect(percentToFraction('77.97')).toBe('0.7797');
		expect(percentToFraction('0.000229')).toBe('0.00000229');
		expect(percentToFraction('100')).toBe('1');
		const result = validateOngoingPage([documentedLoan]);
		expect(result).toEqual({
			ok: true,
			value: {records: [{...documentedLoan, hourInterestRate: '0.00000229', pledgeRate: '0.65', supRate: '0.75', forceRate: '0.83'}], unreadable: 0},
		});
	});

	it('keeps coinInfos fractions as they are, in the older shape', () => {
		const result = validateCoinInfos({
			loanInfos: [
				{
					coin: 'USDT',
					hourRate7D: '0.00000617',
					rate7D: '0.054',
					hourRate30D: '0.00000879',
					rate30D: '0.077',
					minUsdt: '200',
					maxUsdt: '1000000',
					min: '200',
					max: '1000000',
				},
			],
			pledgeInfos: [{coin: 'MATIC', initRate: '0.6', supRate: '0.75', forceRate: '0.83', minUsdt: '0', maxUsdt: '200000'}],
		});
		expect(result).toEqual({
			ok: true,
			value: {
				loanInfos: [
					{
						coin: 'USDT',
						hourRate: {SEVEN: '0.00000617', THIRTY: '0.00000879'},
						annualRate: {SEVEN: '0.054', THIRTY: '0.077'},
						minAmount: '200',
						maxAmount: '1000000',
						minUsdt: '200',
						maxUsdt: '1000000',
					},
				],
				pledgeInfos: [{coin: 'MATIC', initRate: '0.6', supRate: '0.75', forceRate: '0.83', minUsdt: '0', maxUsdt: '200000'}],
			},
		});
	});

	it('reads the newer coinInfos shape (flexible rates, min/maxBorrowAmount) the same way', () => {
		const result = validateCoinInfos({
			loanInfos: [
				{
					coin: 'USDT',
					hourRateFlexible: '0.00000349',
					rateFlexible: '0.0305',
					hourRate7D: '0.00000366',
					rate7D: '0.032024937',
					minBorrowAmount: '1',
					maxBorrowAmount: '20000000',
					minBorrowLimit: '1',
				},
			],
			pledgeInfos: [{coin: 'BGB', initRate: '0.65', supRate: '0.75', forceRate: '0.91', minPledgeAmount: '0', maxPledgeAmount: '400000'}],
		});
		expect(result.ok && result.value.loanInfos[0]).toEqual({
			coin: 'USDT',
			hourRate: {SEVEN: '0.00000366', FLEXIBLE: '0.00000349'},
			annualRate: {SEVEN: '0.032024937', FLEXIBLE: '0.0305'},
			minAmount: '1',
			maxAmount: '20000000',
		});
		expect(result.ok && result.value.pledgeInfos[0]).toEqual({coin: 'BGB', initRate: '0.65', supRate: '0.75', forceRate: '0.91'});
	});

	it('converts the percentages of every record kind', () => {
		expect(validateRevisePledge({loanCoin: 'ETH', pledgeCoin: 'USDT', afterPledgeRate: '64.75'})).toEqual({
			ok: true,
			value: {loanCoin: 'ETH', pledgeCoin: 'USDT', afterPledgeRate: '0.6475'},
		});
		const revise = validateReviseHistory([
			{
				loanCoin: 'ETH',
				pledgeCoin: 'USDT',
				orderId: '1',
				reviseTime: '1692436102448',
				reviseSide: 'down',
				reviseAmount: '10',
				afterPledgeRate: '64.75',
				beforePledgeRate: '65',
			},
		]);
		expect(revise.ok && revise.value.records[0]).toMatchObject({afterPledgeRate: '0.6475', beforePledgeRate: '0.65'});
		const borrow = validateBorrowHistory([
			{
				orderId: '12121212121',
				loanCoin: 'TRX',
				pledgeCoin: 'USDT',
				initPledgeAmount: '0.757',
				initLoanAmount: '4321321.23820848',
				hourRate: '0.000338',
				daily: '7',
				borrowTime: '1684747528424',
				status: 'REPAY',
			},
		]);
		expect(borrow.ok && borrow.value.records[0]).toMatchObject({hourRate: '0.00000338', daily: '7', status: 'REPAY'});
		const reduce = validateReduces([
			{
				orderId: '1382228549318361088',
				loanCoin: 'ETH',
				pledgeCoin: 'USDT',
				reduceTime: '1765274978412',
				pledgeRate: '60',
				pledgePrice: '0.00016108',
				status: 'complete',
				pledgeAmount: '100',
				reduceFee: '0.00030606',
				residueAmount: '0',
				runlockAmount: '0',
				repayLoanAmount: '0.0096652',
			},
		]);
		expect(reduce.ok && reduce.value.records[0]).toMatchObject({pledgeRate: '0.6', pledgePrice: '0.00016108'});
	});
});

describe('every numeric field is a decimal string', () => {
	it.each([
		['a number', {...documentedLoan, loanAmount: 1}],
		['an exponent', {...documentedLoan, pledgeAmount: '1e3'}],
		['a sign', {...documentedLoan, interestAmount: '-0.1'}],
		['a percent sign', {...documentedLoan, pledgeRate: '65%'}],
		['a missing ratio', {...documentedLoan, supRate: undefined}],
		['a non-numeric time', {...documentedLoan, borrowTime: 'yesterday'}],
		['an order id with spaces', {...documentedLoan, orderId: '1 2'}],
	])('leaves out a record with %s, counting it and naming the field', (_name, record) => {
		const result = validateOngoingPage([record]);
		expect(result).toEqual({ok: true, value: {records: [], unreadable: 1, firstProblem: expect.stringMatching(/^ongoing loans, record 1: data\.\w+ is not/)}});
	});

	it('refuses wrong types in the money answers', () => {
		expect(validateRepay({loanCoin: 'USDT', pledgeCoin: 'BTC', repayAmount: 10, payInterest: '0', repayLoanAmount: '10', repayUnlockAmount: '0'}).ok).toBe(
			false,
		);
		expect(
			validateRepayHistory([
				{orderId: '1', loanCoin: 'USDT', pledgeCoin: 'BTC', repayAmount: '1', payInterest: '0', repayLoanAmount: '1', repayUnlockAmount: 'all', repayTime: '1'},
			]),
		).toMatchObject({ok: true, value: {records: [], unreadable: 1}});
		expect(validateDebts({pledgeInfos: [{coin: 'BTC', amount: '1', amountUsdt: 'lots'}], loanInfos: []}).ok).toBe(false);
	});

	it('reads a null list as empty, tolerates extra fields, and reads an empty or missing expiry as not given', () => {
		expect(validateOngoingPage(null)).toEqual({ok: true, value: {records: [], unreadable: 0}});
		expect(validateOngoingPage({})).toMatchObject({ok: false, problem: expect.stringMatching(/^ongoing loans: data is not an array/)});
		const empty = validateOngoingPage([{...documentedLoan, expireTime: '', newField: {x: 1}}]);
		expect(empty.ok && empty.value.records[0]!.expireTime).toBeUndefined();
		const {expireTime: _gone, ...withoutExpiry} = documentedLoan;
		const missing = validateOngoingPage([withoutExpiry]);
		expect(missing.ok && missing.value.records[0]!.expireTime).toBeUndefined();
		const flexible = validateOngoingPage([{...documentedLoan, expireTime: '0'}]);
		expect(flexible.ok && flexible.value.records[0]!.expireTime).toBe('0');
		expect(validateDebts({pledgeInfos: null, loanInfos: [{coin: 'USDT', amount: '1', amountUsdt: '1'}]})).toEqual({
			ok: true,
			value: {pledgeInfos: [], loanInfos: [{coin: 'USDT', amount: '1', amountUsdt: '1'}]},
		});
	});
});

describe('lists are read record by record', () => {
	const good = {
		orderId: '2',
		loanCoin: 'TRX',
		pledgeCoin: 'USDT',
		initPledgeAmount: '0.757',
		initLoanAmount: '4321321.23820848',
		hourRate: '59.1',
		daily: '7',
		borrowTime: '1684747528424',
		status: 'REPAY',
	};

	it('keeps the readable records around an unreadable one, in order, and counts it', () => {
		const result = validateBorrowHistory([good, {...good, orderId: '3', borrowTime: 'soon'}, {...good, orderId: '4', daily: 'SEVEN'}, 'not a record']);
		expect(result).toEqual({
			ok: true,
			value: {
				records: [expect.objectContaining({orderId: '2', hourRate: '0.591', daily: '7'}), expect.objectContaining({orderId: '4', daily: 'SEVEN'})],
				unreadable: 2,
				firstProblem: expect.stringMatching(/^loan history, record 2: data\.borrowTime is not epoch milliseconds \(got "soon"\)/),
			},
		});
	});

	it('keeps an odd record whose fields are fine: daily "7", "30", "SEVEN", "FLEXIBLE", any status', () => {
		const result = validateBorrowHistory(
			['7', '30', 'SEVEN', 'FLEXIBLE'].map((daily, i) => ({...good, orderId: String(i), daily, status: i === 0 ? 'ROLLBACK' : 'BORROWING'})),
		);
		expect(result.ok && result.value.unreadable).toBe(0);
		expect(result.ok && result.value.records.map((record) => record.daily)).toEqual(['7', '30', 'SEVEN', 'FLEXIBLE']);
	});

	it('a list key that is missing is an empty list in debts', () => {
		expect(validateDebts({loanInfos: [{coin: 'USDT', amount: '1', amountUsdt: '1'}]})).toEqual({
			ok: true,
			value: {pledgeInfos: [], loanInfos: [{coin: 'USDT', amount: '1', amountUsdt: '1'}]},
		});
		expect(validateDebts({})).toEqual({ok: true, value: {pledgeInfos: [], loanInfos: []}});
	});

	it('a coin list without either of its lists is unreadable, never empty lists; empty arrays sent as such are read', () => {
		const matic = {coin: 'MATIC', initRate: '0.6', supRate: '0.75', forceRate: '0.83'};
		expect(validateCoinInfos({})).toEqual({ok: false, problem: 'coin list: data has no loanInfos and no pledgeInfos list (got {})'});
		expect(validateCoinInfos({pledgeInfos: [matic]})).toMatchObject({ok: false, problem: expect.stringMatching(/^coin list: data has no loanInfos list/)});
		expect(validateCoinInfos({loanInfos: null, pledgeInfos: [matic]})).toMatchObject({
			ok: false,
			problem: expect.stringMatching(/^coin list: data has no loanInfos list/),
		});
		expect(validateCoinInfos({loanInfos: [{coin: 'USDT'}]})).toMatchObject({
			ok: false,
			problem: expect.stringMatching(/^coin list: data has no pledgeInfos list/),
		});
		expect(validateCoinInfos(null)).toMatchObject({ok: false});
		expect(validateCoinInfos({loanInfos: [], pledgeInfos: []})).toEqual({ok: true, value: {loanInfos: [], pledgeInfos: []}});
	});
});

describe('requests are checked before they are sent', () => {
	const now = 1_800_000_000_000;
	it('builds canonical bodies and queries', () => {
		expect(repayBody({orderId: '1130000000000000001', repayAll: true, repayUnlock: true})).toBe(
			'{"orderId":"1130000000000000001","repayAll":"yes","repayUnlock":"yes"}',
		);
		expect(repayBody({orderId: '7', repayAll: false, amount: '010.50', repayUnlock: false})).toBe(
			'{"orderId":"7","repayAll":"no","amount":"10.5","repayUnlock":"no"}',
		);
		expect(revisePledgeBody({orderId: '7', amount: '0.10', pledgeCoin: 'btc', reviseType: 'OUT'})).toBe(
			'{"orderId":"7","amount":"0.1","pledgeCoin":"BTC","reviseType":"OUT"}',
		);
		expect(ongoingQuery({orderId: '42', loanCoin: 'usdt'})).toBe('loanCoin=USDT&orderId=42');
		expect(historyQuery({startTime: now - 1000, endTime: now, pageNo: 2, pageSize: 100}, now)).toBe(
			`endTime=${now}&pageNo=2&pageSize=100&startTime=${now - 1000}`,
		);
	});

	it.each([
		['an order id with letters', () => repayBody({orderId: '12ab', repayAll: true, repayUnlock: true})],
		['a partial repayment without an amount', () => repayBody({orderId: '1', repayAll: false, repayUnlock: true})],
		['all and an amount', () => repayBody({orderId: '1', repayAll: true, amount: '1', repayUnlock: true})],
		['a zero amount', () => repayBody({orderId: '1', repayAll: false, amount: '0', repayUnlock: true})],
		['a negative amount', () => revisePledgeBody({orderId: '1', amount: '-1', pledgeCoin: 'BTC', reviseType: 'IN'})],
		['an unknown revise type', () => revisePledgeBody({orderId: '1', amount: '1', pledgeCoin: 'BTC', reviseType: 'UP' as 'IN'})],
		['a window over 90 days', () => historyQuery({startTime: now - 91 * 86_400_000, endTime: now}, now)],
		['an end before the start', () => historyQuery({startTime: now, endTime: now - 1}, now)],
		['a page size over 100', () => historyQuery({startTime: now - 1, endTime: now, pageSize: 101}, now)],
	])('refuses %s with an InputError', (_name, build) => {
		expect(build).toThrow(InputError);
	});
});

describe('the validators never throw, whatever arrives', () => {
	it('answers ok or a problem for any JSON value', async () => {
		const fc = (await import('fast-check')).default;
		const validators = [
			validateCoinInfos,
			validateOngoingPage,
			validateRepay,
			validateRevisePledge,
			validateReviseHistory,
			validateBorrowHistory,
			validateRepayHistory,
			validateReduces,
			validateDebts,
		];
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				for (const check of validators) {
					const result = check(structuredClone(value));
					expect(typeof result.ok).toBe('boolean');
					if (!result.ok) expect(result.problem).toMatch(/^[a-z ]+: data/);
				}
			}),
			{numRuns: 300},
		);
	});

	it('any percentage converts to the exact fraction', async () => {
		const fc = (await import('fast-check')).default;
		fc.assert(
			fc.property(fc.bigInt({min: 0n, max: 10n ** 12n}), fc.integer({min: 0, max: 8}), (digits, scale) => {
				const text = scale === 0 ? String(digits) : `${digits / 10n ** BigInt(scale)}.${String(digits % 10n ** BigInt(scale)).padStart(scale, '0')}`;
				const fraction = percentToFraction(text);
				expect(fraction).toMatch(/^\d+(\.\d*[1-9])?$/);
				// Back to percent: exactly the same number.
				expect(new Big(fraction).times(100).eq(text)).toBe(true);
			}),
		);
	});
});
