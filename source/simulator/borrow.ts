// POST /api/v2/earn/loan/borrow after auth and rate limiting: body validation, the demo balance check and
// order creation.
import type {IncomingHttpHeaders} from 'node:http';
import type {Credentials, Period} from '../api/types.js';
import {balanceOf, COINS, listPrice, type PriceOf} from './coins.js';
import {isPositiveDecimal} from './decimal.js';
import {isPeriod, loanAmountFor, pledgeAmountFor} from './estimate.js';
import {failure, success, type Reply} from './reply.js';
import type {SimulatedOrder} from './types.js';

/** Order ids: long decimal strings (beyond 2^53, so clients must keep them as text), unique and increasing. */
export class OrderIds {
	private next = 1130000000000000001n;
	take(): string {
		return String(this.next++);
	}
}

export interface BorrowInput {
	headers: IncomingHttpHeaders;
	body: string;
	account: Credentials;
}

type Parsed = {ok: true; loanCoin: string; pledgeCoin: string; daily: Period; pledgeAmount?: string; loanAmount?: string} | {ok: false; reply: Reply};

function isJsonContentType(headers: IncomingHttpHeaders): boolean {
	const type = headers['content-type'];
	return typeof type === 'string' && type.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function parse(input: BorrowInput): Parsed {
	const bad = (code: string, msg: string): Parsed => ({ok: false, reply: failure(code, msg)});
	if (!isJsonContentType(input.headers)) return bad('40007', 'Invalid Content_Type (use application/json)');
	let body: unknown;
	try {
		body = JSON.parse(input.body);
	} catch {
		return bad('40017', 'Parameter verification failed');
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return bad('40017', 'Parameter verification failed');
	const fields = body as Record<string, unknown>;
	const present = (name: string) => fields[name] !== undefined && fields[name] !== null && fields[name] !== '';
	for (const name of ['loanCoin', 'pledgeCoin', 'daily']) {
		if (!present(name)) return bad('40019', `Parameter ${name} cannot be empty`);
	}
	// Exactly one of the two amounts.
	if (present('pledgeAmount') === present('loanAmount')) return bad('40017', 'Parameter verification failed');
	for (const name of ['loanCoin', 'pledgeCoin', 'daily', 'pledgeAmount', 'loanAmount']) {
		if (present(name) && typeof fields[name] !== 'string') return bad('40020', `Parameter ${name} error`);
	}
	const loanCoin = fields.loanCoin as string;
	const pledgeCoin = fields.pledgeCoin as string;
	const daily = fields.daily as string;
	const pledgeAmount = present('pledgeAmount') ? (fields.pledgeAmount as string) : undefined;
	const loanAmount = present('loanAmount') ? (fields.loanAmount as string) : undefined;
	if (!isPeriod(daily)) return bad('40020', 'Parameter daily error');
	if (pledgeAmount !== undefined && !isPositiveDecimal(pledgeAmount)) return bad('40020', 'Parameter pledgeAmount error');
	if (loanAmount !== undefined && !isPositiveDecimal(loanAmount)) return bad('40020', 'Parameter loanAmount error');
	if (!COINS.has(loanCoin)) return bad('40034', `Parameter ${loanCoin} does not exist`);
	if (!COINS.has(pledgeCoin)) return bad('40034', `Parameter ${pledgeCoin} does not exist`);
	if (loanCoin === pledgeCoin) return bad('40020', 'Parameter pledgeCoin error');
	return {ok: true, loanCoin, pledgeCoin, daily, pledgeAmount, loanAmount};
}

/**
 * Validates and places the order. `place` records it (the server decides when: with some faults the order exists
 * although the caller never hears back). A borrow that passes validation but that the desk turns down (balance,
 * pledge minimum) is refused with its code and recorded through `rollback`: Bitget's borrow history lists a failed
 * borrow as ROLLBACK (reference Part D.2), the evidence that no loan was created. Refusals of the request's form
 * (40017, 40019, 40020, 40034) record nothing. Balances are not reduced by borrowing: every request is checked
 * against the same demo holdings, so repeated demo borrows keep working.
 */
export function handleBorrow(
	input: BorrowInput,
	place: (order: SimulatedOrder) => void,
	ids: OrderIds,
	rollback: (order: SimulatedOrder) => void = () => undefined,
	price: PriceOf = listPrice,
): Reply {
	const parsed = parse(input);
	if (!parsed.ok) return parsed.reply;
	const {loanCoin, pledgeCoin, daily, pledgeAmount, loanAmount} = parsed;
	const order = (): SimulatedOrder => {
		const taken: SimulatedOrder = {orderId: ids.take(), apiKey: input.account.apiKey, loanCoin, pledgeCoin, daily};
		if (pledgeAmount !== undefined) taken.pledgeAmount = pledgeAmount;
		if (loanAmount !== undefined) taken.loanAmount = loanAmount;
		return taken;
	};
	const failed = (code: string, msg: string): Reply => {
		rollback(order());
		return failure(code, msg);
	};
	const pledgeNeeded = pledgeAmount ?? pledgeAmountFor(loanCoin, pledgeCoin, daily, loanAmount ?? '0', price);
	const balance = balanceOf(pledgeCoin);
	if (balance === undefined || balance.lt(pledgeNeeded)) return failed('43012', 'Insufficient balance');
	// A pledge too small to borrow anything is refused like Bitget's "pledge single minimum" limit.
	if (pledgeAmount !== undefined && loanAmountFor(loanCoin, pledgeCoin, daily, pledgeAmount, price).lte(0)) {
		return failed('80005', 'pledge single minimum limit');
	}
	const placed = order();
	place(placed);
	return success({orderId: placed.orderId}, () => ({orderId: Number(placed.orderId)}));
}
