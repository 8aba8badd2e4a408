// The loan-management endpoints (reference Part C, and their v3 twins of Part E.1) after auth and rate limiting:
// parameter checks in the order and with the codes the real service uses, then the loan book. Ratios leave here as
// percentages, as Bitget sends them from the order endpoints; coinInfos sends fractions. Where v3 differs (coins'
// field names, repay's method, histories' pageNum, lower-case statuses, pledgeDays) the call's family decides.
import type {IncomingHttpHeaders} from 'node:http';
import Big from 'big.js';
import type {OperationName} from '../api/types.js';
import {COINS, initialLtv} from './coins.js';
import {formatDecimal, isPositiveDecimal} from './decimal.js';
import {LIQUIDATION_LTV, MARGIN_CALL_LTV, type LoanBook, type SimLoan} from './loan-book.js';
import {failure, success, type Reply} from './reply.js';
import type {ApiFamily} from './types.js';

const DAY_MS = 86_400_000;
/** Three months, with a day of slack for month lengths. */
const HISTORY_WINDOW_MS = 92 * DAY_MS;
const HOURS_PER_YEAR = 24 * 365;
/** The desk's limits per loan and per pledge, in USDT. */
const MIN_BORROW_USDT = '10';
const MAX_BORROW_USDT = '10000000000';
const MAX_PLEDGE_USDT = '2000000';

const percent = (fraction: Big | string) => formatDecimal(new Big(fraction).times(100), 2, Big.roundHalfUp);
const amount = (value: Big) => formatDecimal(value, 8, Big.roundHalfUp);

export type LoanOperation = Exclude<OperationName, 'symbols' | 'estimate' | 'borrow' | 'tickers'>;

export interface LoanCall {
	operation: LoanOperation;
	family: ApiFamily;
	params: URLSearchParams;
	headers: IncomingHttpHeaders;
	body: string;
	/** Undefined for the public coinInfos. */
	apiKey?: string;
	now: number;
}

export function handleLoanOperation(call: LoanCall, book: LoanBook): Reply {
	switch (call.operation) {
		case 'coinInfos':
			return call.family === 'v3' ? coinsV3(call.params, book.pledgeCoins) : coinInfos(call.params, book.pledgeCoins);
		case 'ongoingOrders':
			return ongoing(call, book);
		case 'debts':
			return debts(call.apiKey!, book);
		case 'repay':
			return repay(call, book);
		case 'revisePledge':
			return revisePledge(call, book);
		default:
			return history(call, book);
	}
}

function coinInfos(params: URLSearchParams, pledgeable: readonly string[]): Reply {
	const only = params.get('coin');
	if (only && !COINS.has(only)) return failure('40034', `Parameter ${only} does not exist`);
	const coins = [...COINS.entries()].filter(([coin]) => !only || coin === only);
	const loanInfos = coins.map(([coin, info]) => {
		const price = new Big(info.price);
		const annual = (hourly: string) => formatDecimal(new Big(hourly).times(HOURS_PER_YEAR), 8, Big.roundHalfUp);
		return {
			coin,
			hourRate7D: info.hourlyRate.SEVEN,
			rate7D: annual(info.hourlyRate.SEVEN),
			hourRate30D: info.hourlyRate.THIRTY,
			rate30D: annual(info.hourlyRate.THIRTY),
			hourRateFlexible: info.hourlyRate.FLEXIBLE,
			rateFlexible: annual(info.hourlyRate.FLEXIBLE),
			// A generous ceiling: the demo balances (not this limit) are what a large borrow runs into.
			minUsdt: MIN_BORROW_USDT,
			maxUsdt: MAX_BORROW_USDT,
			min: formatDecimal(new Big(MIN_BORROW_USDT).div(price), 8, Big.roundUp),
			max: formatDecimal(new Big(MAX_BORROW_USDT).div(price), 8, Big.roundDown),
		};
	});
	const pledgeInfos = coins
		.filter(([coin]) => pledgeable.includes(coin))
		.map(([coin]) => ({coin, initRate: initialLtv(coin), supRate: MARGIN_CALL_LTV, forceRate: LIQUIDATION_LTV, minUsdt: '0', maxUsdt: MAX_PLEDGE_USDT}));
	return success({loanInfos, pledgeInfos}, () => ({loanInfos: loanInfos.map((info) => ({...info, hourRate7D: Number(info.hourRate7D)})), pledgeInfos}));
}

/** GET /api/v3/loan/coins: the same desk as coinInfos under v3's field names; borrow limits in the coin and in USDT,
 * pledge limits in the coin. */
function coinsV3(params: URLSearchParams, pledgeable: readonly string[]): Reply {
	const only = params.get('coin');
	if (only && !COINS.has(only)) return failure('40034', `Parameter ${only} does not exist`);
	const coins = [...COINS.entries()].filter(([coin]) => !only || coin === only);
	const annual = (hourly: string) => formatDecimal(new Big(hourly).times(HOURS_PER_YEAR), 8, Big.roundHalfUp);
	const inCoin = (usdt: string, price: string, mode: Big.RoundingMode) => formatDecimal(new Big(usdt).div(price), 8, mode);
	const loanInfos = coins.map(([coin, info]) => ({
		coin,
		hourRateFlexible: info.hourlyRate.FLEXIBLE,
		rateFlexible: annual(info.hourlyRate.FLEXIBLE),
		hourRate7D: info.hourlyRate.SEVEN,
		rate7D: annual(info.hourlyRate.SEVEN),
		hourRate30D: info.hourlyRate.THIRTY,
		rate30D: annual(info.hourlyRate.THIRTY),
		minBorrowAmount: inCoin(MIN_BORROW_USDT, info.price, Big.roundUp),
		maxBorrowAmount: inCoin(MAX_BORROW_USDT, info.price, Big.roundDown),
		minBorrowLimit: MIN_BORROW_USDT,
		maxBorrowLimit: MAX_BORROW_USDT,
	}));
	const pledgeInfos = coins
		.filter(([coin]) => pledgeable.includes(coin))
		.map(([coin, info]) => ({
			coin,
			initRate: initialLtv(coin),
			supRate: MARGIN_CALL_LTV,
			forceRate: LIQUIDATION_LTV,
			minPledgeAmount: '0',
			maxPledgeAmount: inCoin(MAX_PLEDGE_USDT, info.price, Big.roundDown),
		}));
	return success({loanInfos, pledgeInfos}, () => ({loanInfos: loanInfos.map((info) => ({...info, hourRate7D: Number(info.hourRate7D)})), pledgeInfos}));
}

function wireLoan(loan: SimLoan, book: LoanBook) {
	return {
		orderId: loan.orderId,
		loanCoin: loan.loanCoin,
		loanAmount: amount(loan.loanAmount),
		interestAmount: amount(loan.interest),
		hourInterestRate: formatDecimal(new Big(loan.hourRate).times(100), 8, Big.roundHalfUp),
		pledgeCoin: loan.pledgeCoin,
		pledgeAmount: amount(loan.pledgeAmount),
		pledgeRate: percent(book.ltvOf(loan)),
		supRate: percent(MARGIN_CALL_LTV),
		forceRate: percent(LIQUIDATION_LTV),
		borrowTime: String(loan.borrowTime),
		expireTime: String(loan.expireTime),
	};
}

function ongoing(call: LoanCall, book: LoanBook): Reply {
	const {params} = call;
	const orderId = params.get('orderId');
	if (orderId !== null && !/^\d{1,30}$/.test(orderId)) return failure('40020', 'Parameter orderId error');
	const loans = book
		.ongoing(call.apiKey)
		.filter((loan) => (!orderId || loan.orderId === orderId) && matches(params, 'loanCoin', loan.loanCoin) && matches(params, 'pledgeCoin', loan.pledgeCoin))
		.sort((a, b) => b.borrowTime - a.borrowTime);
	const data = loans.map((loan) => wireLoan(loan, book));
	return success(data, () => data.map((loan) => ({...loan, loanAmount: Number(loan.loanAmount)})));
}

function matches(params: URLSearchParams, name: string, value: string): boolean {
	const wanted = params.get(name);
	return !wanted || wanted === value;
}

function debts(apiKey: string, book: LoanBook): Reply {
	const totals = (pick: (loan: SimLoan) => [string, Big]) => {
		const sums = new Map<string, Big>();
		for (const loan of book.ongoing(apiKey)) {
			const [coin, value] = pick(loan);
			sums.set(coin, (sums.get(coin) ?? new Big(0)).plus(value));
		}
		return [...sums].map(([coin, sum]) => ({coin, amount: amount(sum), amountUsdt: formatDecimal(sum.times(book.price(coin)), 2, Big.roundHalfUp)}));
	};
	const data = {
		pledgeInfos: totals((loan) => [loan.pledgeCoin, loan.pledgeAmount]),
		loanInfos: totals((loan) => [loan.loanCoin, loan.loanAmount.plus(loan.interest)]),
	};
	return success(data, () => ({...data, loanInfos: data.loanInfos.map((line) => ({...line, amount: Number(line.amount)}))}));
}

type Body = {ok: true; fields: Record<string, unknown>} | {ok: false; reply: Reply};

function jsonBody(call: LoanCall): Body {
	const type = call.headers['content-type'];
	if (typeof type !== 'string' || type.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
		return {ok: false, reply: failure('40007', 'Invalid Content_Type (use application/json)')};
	}
	try {
		const fields: unknown = JSON.parse(call.body);
		if (typeof fields === 'object' && fields !== null && !Array.isArray(fields)) return {ok: true, fields: fields as Record<string, unknown>};
	} catch {
		// answered below
	}
	return {ok: false, reply: failure('40017', 'Parameter verification failed')};
}

/** The first required field that is missing or not a string, as the service reports it. */
function missing(fields: Record<string, unknown>, names: string[]): Reply | undefined {
	for (const name of names) {
		const value = fields[name];
		if (value === undefined || value === null || value === '') return failure('40019', `Parameter ${name} cannot be empty`);
		if (typeof value !== 'string') return failure('40020', `Parameter ${name} error`);
	}
	return undefined;
}

const REPAY_METHODS = ['borrowed_coin', 'collateral'] as const;

function repay(call: LoanCall, book: LoanBook): Reply {
	const body = jsonBody(call);
	if (!body.ok) return body.reply;
	const {fields} = body;
	const v3 = call.family === 'v3';
	// v3 requires the method: pay with the loan coin, or out of the collateral (reference E.1).
	const problem = missing(fields, v3 ? ['orderId', 'repayAll', 'method'] : ['orderId', 'repayAll']);
	if (problem) return problem;
	const orderId = fields.orderId as string;
	const repayAll = fields.repayAll as string;
	if (!/^\d{1,30}$/.test(orderId)) return failure('40020', 'Parameter orderId error');
	if (repayAll !== 'yes' && repayAll !== 'no') return failure('40020', 'Parameter repayAll error');
	const method = v3 ? (fields.method as string) : 'borrowed_coin';
	if (!(REPAY_METHODS as readonly string[]).includes(method)) return failure('40020', 'Parameter method error');
	// v3 keeps the collateral unless told otherwise; v2 releases it (reference E.1). A full repayment releases it all.
	const unlock = fields.repayUnlock ?? (v3 ? 'no' : 'yes');
	if (unlock !== 'yes' && unlock !== 'no') return failure('40020', 'Parameter repayUnlock error');
	let partial: string | undefined;
	if (repayAll === 'no') {
		const needed = missing(fields, ['amount']);
		if (needed) return needed;
		partial = fields.amount as string;
		if (!isPositiveDecimal(partial)) return failure('40020', 'Parameter amount error');
	}
	const result =
		method === 'collateral'
			? book.repayFromCollateral(call.apiKey!, orderId, repayAll === 'yes', partial)
			: book.repay(call.apiKey!, orderId, repayAll === 'yes', partial, unlock === 'yes');
	if ('ok' in result) return failure(result.code, result.msg);
	const {loanCoin, pledgeCoin, repayAmount, payInterest, repayLoanAmount, repayUnlockAmount} = result;
	return success({loanCoin, pledgeCoin, repayAmount, payInterest, repayLoanAmount, repayUnlockAmount}, () => ({
		loanCoin,
		pledgeCoin,
		repayAmount: Number(repayAmount),
	}));
}

function revisePledge(call: LoanCall, book: LoanBook): Reply {
	const body = jsonBody(call);
	if (!body.ok) return body.reply;
	const {fields} = body;
	const problem = missing(fields, ['orderId', 'amount', 'pledgeCoin', 'reviseType']);
	if (problem) return problem;
	const {orderId, amount: change, pledgeCoin, reviseType} = fields as Record<string, string>;
	if (!/^\d{1,30}$/.test(orderId!)) return failure('40020', 'Parameter orderId error');
	if (!isPositiveDecimal(change!)) return failure('40020', 'Parameter amount error');
	if (reviseType !== 'IN' && reviseType !== 'OUT') return failure('40020', 'Parameter reviseType error');
	if (!COINS.has(pledgeCoin!)) return failure('40034', `Parameter ${pledgeCoin} does not exist`);
	const result = book.revise(call.apiKey!, orderId!, pledgeCoin!, reviseType, change!);
	if ('ok' in result) return failure(result.code, result.msg);
	const afterPledgeRate = percent(result.afterPledgeRate);
	return success({loanCoin: result.loanCoin, pledgeCoin, afterPledgeRate}, () => ({
		loanCoin: result.loanCoin,
		pledgeCoin,
		afterPledgeRate: Number(afterPledgeRate),
	}));
}

interface Dated {
	apiKey: string;
	orderId: string;
	loanCoin: string;
	pledgeCoin: string;
}

function history(call: LoanCall, book: LoanBook): Reply {
	const {params, now} = call;
	for (const name of ['startTime', 'endTime']) {
		if (!params.get(name)) return failure('40019', `Parameter ${name} cannot be empty`);
	}
	const start = params.get('startTime')!;
	const end = params.get('endTime')!;
	if (!/^\d{1,16}$/.test(start)) return failure('40020', 'Parameter startTime error');
	if (!/^\d{1,16}$/.test(end)) return failure('40020', 'Parameter endTime error');
	const startTime = Number(start);
	const endTime = Number(end);
	if (endTime < startTime) return failure('40020', 'Parameter endTime error');
	if (startTime < now - HISTORY_WINDOW_MS) return failure('40020', 'Parameter startTime error');
	const v3 = call.family === 'v3';
	// v3 names the page number pageNum (reference E.1).
	const pageParameter = v3 ? 'pageNum' : 'pageNo';
	const pageNo = Number(params.get(pageParameter) || '1');
	const pageSize = Number(params.get('pageSize') || '10');
	if (!Number.isInteger(pageNo) || pageNo < 1) return failure('40020', `Parameter ${pageParameter} error`);
	if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return failure('40020', 'Parameter pageSize error');

	const apiKey = call.apiKey!;
	const wanted = (record: Dated, time: number) =>
		record.apiKey === apiKey &&
		time >= startTime &&
		time <= endTime &&
		matches(params, 'orderId', record.orderId) &&
		matches(params, 'loanCoin', record.loanCoin) &&
		matches(params, 'pledgeCoin', record.pledgeCoin);
	// v3 answers statuses in lower case and takes a status filter in either case (reference E.1).
	const wireStatus = (status: string) => (v3 ? status.toLowerCase() : status);
	const statusWanted = (status: string) => {
		const wanted = params.get('status');
		return !wanted || (v3 ? wanted.toLowerCase() === status.toLowerCase() : wanted === status);
	};
	const page = <T>(rows: Array<[number, T]>) =>
		rows
			.sort((a, b) => b[0] - a[0])
			.slice((pageNo - 1) * pageSize, pageNo * pageSize)
			.map(([, row]) => row);

	switch (call.operation) {
		case 'borrowHistory': {
			// Ongoing loans have no documented status; this desk calls them BORROWING.
			const statusOf = (loan: SimLoan) => wireStatus(loan.status === 'ongoing' ? 'BORROWING' : loan.status);
			const rows = book.all
				.filter((loan) => wanted(loan, loan.borrowTime) && statusWanted(statusOf(loan)))
				.map((loan): [number, unknown] => [
					loan.borrowTime,
					{
						orderId: loan.orderId,
						loanCoin: loan.loanCoin,
						pledgeCoin: loan.pledgeCoin,
						initPledgeAmount: loan.initPledgeAmount,
						initLoanAmount: loan.initLoanAmount,
						hourRate: formatDecimal(new Big(loan.hourRate).times(100), 8, Big.roundHalfUp),
						// v3's field table names the period pledgeDays (its example says daily): sent as pledgeDays, so a
						// client's tolerance of both is exercised.
						[v3 ? 'pledgeDays' : 'daily']: loan.daily,
						borrowTime: String(loan.borrowTime),
						status: statusOf(loan),
					},
				]);
			return success(page(rows));
		}
		case 'repayHistory': {
			const rows = book.repays
				.filter((r) => wanted(r, r.repayTime))
				.map((r): [number, unknown] => {
					const {apiKey: _key, repayTime, ...rest} = r;
					return [repayTime, {...rest, repayTime: String(repayTime)}];
				});
			return success(page(rows));
		}
		case 'reviseHistory': {
			const side = params.get('reviseSide');
			const rows = book.revises
				.filter((r) => wanted(r, r.reviseTime) && (!side || r.reviseSide === side))
				.map((r): [number, unknown] => [
					r.reviseTime,
					{
						loanCoin: r.loanCoin,
						pledgeCoin: r.pledgeCoin,
						orderId: r.orderId,
						reviseTime: String(r.reviseTime),
						reviseSide: r.reviseSide,
						reviseAmount: r.reviseAmount,
						afterPledgeRate: percent(r.afterPledgeRate),
						beforePledgeRate: percent(r.beforePledgeRate),
					},
				]);
			return success(page(rows));
		}
		default: {
			const rows = book.reduces
				.filter((r) => wanted(r, r.reduceTime) && statusWanted(r.status))
				.map((r): [number, unknown] => {
					const {apiKey: _key, reduceTime, pledgeRate, ...rest} = r;
					return [reduceTime, {...rest, reduceTime: String(reduceTime), pledgeRate: percent(pledgeRate), status: wireStatus(r.status)}];
				});
			return success(page(rows));
		}
	}
}
