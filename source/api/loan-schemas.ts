// Runtime shapes of the loan-management answers (reference Part C), with the units normalised here and only
// here: percentages from the order endpoints become fractions (see loan-types.ts). Same rules as schemas.ts:
// extra fields tolerated, a missing or null optional field is "not given", a wrong type is a protocol error.
// The lists (ongoing loans, the four histories) are read record by record: one record of the wrong shape is left out
// and counted (ListPage), so it cannot lose the page; a record that is merely odd (an hourRate of "59.1" percent, a
// daily of "7") is kept as sent.
import Big from 'big.js';
import * as v from 'valibot';
import type {
	BorrowRecord,
	CoinInfos,
	Debts,
	ListPage,
	LoanCoinInfo,
	OngoingLoan,
	PledgeCoinInfo,
	ReduceRecord,
	RepayRecord,
	RepayResult,
	ReviseRecord,
	RevisePledgeResult,
} from './loan-types.js';
import {validateWith, type Validated} from './schemas.js';
import {shortReceived} from './symbol-records.js';
import {EPOCH_MS_DIGITS} from './types.js';

const DECIMAL = /^\d+(\.\d+)?$/;
const decimal = v.pipe(v.string(), v.regex(DECIMAL, 'a decimal string'));
const optionalDecimal = v.pipe(
	v.nullish(v.union([v.literal(''), decimal])),
	v.transform((value) => (value === '' || value === null ? undefined : value)),
);
const text = v.pipe(v.string(), v.maxLength(64, 'at most 64 characters'));
const coin = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,20}$/, 'a coin'));
const orderId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'an order id'));
const epochMs = v.pipe(v.string(), v.regex(EPOCH_MS_DIGITS, 'epoch milliseconds'));

/** "65" (percent) → "0.65" (fraction); exact, no float. */
export function percentToFraction(percent: string): string {
	return plain(new Big(percent).div(100));
}

function plain(value: Big): string {
	const fixed = value.toFixed();
	return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

const percent = v.pipe(decimal, v.transform(percentToFraction));

// coinInfos: both the older shape (hourRate7D, rate7D, min, max) and the newer one (…Flexible, min/maxBorrowAmount).
const loanInfoSchema = v.pipe(
	v.looseObject({
		coin,
		hourRate7D: optionalDecimal,
		rate7D: optionalDecimal,
		hourRate30D: optionalDecimal,
		rate30D: optionalDecimal,
		hourRateFlexible: optionalDecimal,
		rateFlexible: optionalDecimal,
		min: optionalDecimal,
		max: optionalDecimal,
		minBorrowAmount: optionalDecimal,
		maxBorrowAmount: optionalDecimal,
		minUsdt: optionalDecimal,
		maxUsdt: optionalDecimal,
	}),
	v.transform((raw): LoanCoinInfo => {
		const info: LoanCoinInfo = {coin: raw.coin, hourRate: {}, annualRate: {}};
		if (raw.hourRate7D !== undefined) info.hourRate.SEVEN = raw.hourRate7D;
		if (raw.hourRate30D !== undefined) info.hourRate.THIRTY = raw.hourRate30D;
		if (raw.hourRateFlexible !== undefined) info.hourRate.FLEXIBLE = raw.hourRateFlexible;
		if (raw.rate7D !== undefined) info.annualRate.SEVEN = raw.rate7D;
		if (raw.rate30D !== undefined) info.annualRate.THIRTY = raw.rate30D;
		if (raw.rateFlexible !== undefined) info.annualRate.FLEXIBLE = raw.rateFlexible;
		const min = raw.minBorrowAmount ?? raw.min;
		const max = raw.maxBorrowAmount ?? raw.max;
		if (min !== undefined) info.minAmount = min;
		if (max !== undefined) info.maxAmount = max;
		if (raw.minUsdt !== undefined) info.minUsdt = raw.minUsdt;
		if (raw.maxUsdt !== undefined) info.maxUsdt = raw.maxUsdt;
		return info;
	}),
);

const pledgeInfoSchema = v.pipe(
	v.looseObject({coin, initRate: decimal, supRate: decimal, forceRate: decimal, minUsdt: optionalDecimal, maxUsdt: optionalDecimal}),
	v.transform((raw): PledgeCoinInfo => {
		const info: PledgeCoinInfo = {coin: raw.coin, initRate: raw.initRate, supRate: raw.supRate, forceRate: raw.forceRate};
		if (raw.minUsdt !== undefined) info.minUsdt = raw.minUsdt;
		if (raw.maxUsdt !== undefined) info.maxUsdt = raw.maxUsdt;
		return info;
	}),
);

// A list key that is missing or null is an empty list (reference D.2: `debts` without `pledgeInfos`). The default
// must sit on the nullish itself: valibot runs no transform for a key that is absent.
const list = <T extends v.GenericSchema>(item: T) => v.nullish(v.array(item), () => []);

// coinInfos is not `debts`: both lists are always part of its answer (reference B.5 and Part C), and a missing one
// cannot mean "Bitget lends nothing" or "takes nothing as collateral" — read as empty, it would have loan-tui say a
// coin is not loanable when the answer merely did not say. So a list that is missing or null (one or both) makes
// the whole list unreadable; an empty array sent as such is a list, and is read as one.
const coinInfosSchema = v.object({loanInfos: v.array(loanInfoSchema), pledgeInfos: v.array(pledgeInfoSchema)});

/** The coin list's lists that are not there (missing, null or not an array), in the answer's words. */
function missingCoinLists(data: unknown): string[] {
	const record = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
	return ['loanInfos', 'pledgeInfos'].filter((key) => !Array.isArray(record[key]));
}

const ongoingSchema = v.looseObject({
	orderId,
	loanCoin: coin,
	loanAmount: decimal,
	interestAmount: decimal,
	hourInterestRate: percent,
	pledgeCoin: coin,
	pledgeAmount: decimal,
	pledgeRate: percent,
	supRate: percent,
	forceRate: percent,
	borrowTime: epochMs,
	// "0" for a flexible loan (kept as sent); an empty, null or missing value is "not given" (undefined), never flexible.
	expireTime: v.pipe(
		v.nullish(v.union([v.literal(''), epochMs])),
		v.transform((value) => value || undefined),
	),
});

const repaySchema = v.looseObject({
	loanCoin: coin,
	pledgeCoin: coin,
	repayAmount: decimal,
	payInterest: decimal,
	repayLoanAmount: decimal,
	repayUnlockAmount: decimal,
});

const revisePledgeSchema = v.looseObject({loanCoin: coin, pledgeCoin: coin, afterPledgeRate: percent});

const reviseRecordSchema = v.looseObject({
	loanCoin: coin,
	pledgeCoin: coin,
	orderId,
	reviseTime: epochMs,
	reviseSide: text,
	reviseAmount: decimal,
	afterPledgeRate: percent,
	beforePledgeRate: percent,
});

// The v3 page's table names the period `pledgeDays` where its example (and v2) say `daily` (reference E.1): either.
const borrowRecordSchema = v.pipe(
	v.looseObject({
		orderId,
		loanCoin: coin,
		pledgeCoin: coin,
		initPledgeAmount: decimal,
		initLoanAmount: decimal,
		hourRate: percent,
		daily: v.optional(text),
		pledgeDays: v.optional(text),
		borrowTime: epochMs,
		status: text,
	}),
	v.check((record) => record.daily !== undefined || record.pledgeDays !== undefined, 'a period (daily or pledgeDays)'),
	v.transform(({pledgeDays, ...record}) => ({...record, daily: (record.daily ?? pledgeDays)!})),
);

const repayRecordSchema = v.looseObject({...repaySchema.entries, orderId, repayTime: epochMs});

// Bitget's v2 `reduces` example sends reduceTime "0.757" and reduceFee "REPAY" (reference D.2). Such a record is
// left out and counted rather than read as it is: a time that is not a time and a fee that is not an amount would be
// drawn as figures a person trusts. The v3 page's sane record (epoch-ms time, fee "0.00030606") reads whole.
const reduceRecordSchema = v.looseObject({
	orderId,
	loanCoin: coin,
	pledgeCoin: coin,
	reduceTime: epochMs,
	pledgeRate: percent,
	pledgePrice: decimal,
	status: text,
	pledgeAmount: decimal,
	reduceFee: decimal,
	residueAmount: decimal,
	runlockAmount: decimal,
	repayLoanAmount: decimal,
});

const debtLine = v.looseObject({coin, amount: decimal, amountUsdt: decimal});
const debtsSchema = v.object({pledgeInfos: list(debtLine), loanInfos: list(debtLine)});

/** A list read record by record: `data` must be an array (null or absent is empty); each element that fails `item`
 * is left out and counted, the first one's problem kept (test/api/loan-schemas.test.ts). */
function pageOf<T>(item: v.GenericSchema, describe: string): (data: unknown) => Validated<ListPage<T>> {
	return (data) => {
		if (data === null || data === undefined) return {ok: true, value: {records: [], unreadable: 0}};
		if (!Array.isArray(data)) return {ok: false, problem: `${describe}: data is not an array (got ${shortReceived(data)})`};
		const records: T[] = [];
		let unreadable = 0;
		let firstProblem: string | undefined;
		for (let i = 0; i < data.length; i++) {
			const read = validateWith<T>(item, data[i], `${describe}, record ${i + 1}`);
			if (read.ok) records.push(read.value);
			else {
				unreadable++;
				firstProblem ??= read.problem;
			}
		}
		return {ok: true, value: firstProblem === undefined ? {records, unreadable} : {records, unreadable, firstProblem}};
	};
}

export function validateCoinInfos(data: unknown): Validated<CoinInfos> {
	const missing = missingCoinLists(data);
	if (missing.length > 0) return {ok: false, problem: `coin list: data has no ${missing.join(' and no ')} list (got ${shortReceived(data)})`};
	return validateWith(coinInfosSchema, data, 'coin list');
}
export const validateOngoingPage = pageOf<OngoingLoan>(ongoingSchema, 'ongoing loans');
export const validateRepay = (data: unknown): Validated<RepayResult> => validateWith(repaySchema, data, 'repayment');
export const validateRevisePledge = (data: unknown): Validated<RevisePledgeResult> => validateWith(revisePledgeSchema, data, 'collateral change');
export const validateReviseHistory = pageOf<ReviseRecord>(reviseRecordSchema, 'collateral history');
export const validateBorrowHistory = pageOf<BorrowRecord>(borrowRecordSchema, 'loan history');
export const validateRepayHistory = pageOf<RepayRecord>(repayRecordSchema, 'repayment history');
export const validateReduces = pageOf<ReduceRecord>(reduceRecordSchema, 'liquidation history');
export const validateDebts = (data: unknown): Validated<Debts> => validateWith(debtsSchema, data, 'debts');
