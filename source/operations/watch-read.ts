// One read for `loan-tui watch`: the ongoing loans (all, or the ones named), today's prices with the margin-call and
// liquidation prices of each (loans/prices.ts), and for a watched loan that left the list, how it closed — from the
// liquidation and repayment histories. A failed read of the loans is a failed read; failed prices are said, not fatal.
import type {BitgetClient} from '../api/client.js';
import {ApiError} from '../api/errors.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {loanMarkPrices, quotePrice} from '../loans/prices.js';
import {failureText} from './observe.js';
import {readPrices} from './prices.js';
import type {ClosedHow, LoanSeen, WatchRead} from './watch.js';

/** How far back the histories are asked about a loan that closed since the last read (a laptop may have slept). */
const CLOSED_LOOKBACK_MS = 30 * 86_400_000;

type WatchClient = Pick<BitgetClient, 'ongoingOrderPage' | 'tickers' | 'history' | 'clock'>;

export interface WatchReadRequest {
	/** Only these loans (--order); all when undefined. */
	orderIds?: readonly string[];
	/** The loans watched until now: those missing from this read closed. */
	watching: readonly string[];
	signal?: AbortSignal;
}

export async function readWatch(client: WatchClient, request: WatchReadRequest): Promise<WatchRead> {
	const {signal} = request;
	let ongoing: OngoingLoan[];
	const pricesRead = readPrices(client, signal);
	// Stopped by the same signal, the prices' read can reject while the loans' is still out, or after it failed and
	// the stop was thrown: marked handled at once (an unhandled rejection ends the process), and awaited below.
	pricesRead.catch(() => undefined);
	try {
		ongoing = (await client.ongoingOrderPage({}, {signal})).records;
	} catch (error) {
		signal?.throwIfAborted();
		await pricesRead;
		return {
			ok: false,
			time: client.clock.now(),
			problem: failureText(error),
			...(error instanceof ApiError && error.httpStatus === 429 ? {rateLimited: true} : {}),
		};
	}
	const prices = await pricesRead;
	const time = client.clock.now();
	const wanted = request.orderIds === undefined ? undefined : new Set(request.orderIds);
	const loans: LoanSeen[] = ongoing
		.filter((loan) => wanted === undefined || wanted.has(loan.orderId))
		.map((loan) => {
			const quote = quotePrice(prices, loan.pledgeCoin, loan.loanCoin, time);
			if (quote.status !== 'ok') return {loan, ltv: loan.pledgeRate, projected: false};
			const marks = loanMarkPrices(loan, quote.price);
			return {
				loan,
				ltv: loan.pledgeRate,
				projected: false,
				price: quote.price,
				marginCallPrice: marks.marginCallPrice,
				liquidationPrice: marks.liquidationPrice,
			};
		});
	const present = new Set(ongoing.map((loan) => loan.orderId));
	const gone = request.watching.filter((orderId) => !present.has(orderId));
	const closed = new Map<string, ClosedHow>(await Promise.all(gone.map(async (orderId) => [orderId, await howClosed(client, orderId, time, signal)] as const)));
	return {ok: true, time, loans, closed, ...(prices.ok ? {book: prices.book} : {pricesProblem: prices.problem})};
}

/** Liquidated when the liquidation history has the order, repaid when the repayment history does; else unknown. */
async function howClosed(client: WatchClient, orderId: string, now: number, signal?: AbortSignal): Promise<ClosedHow> {
	const query = {startTime: now - CLOSED_LOOKBACK_MS, endTime: now, orderId};
	try {
		const [reduces, repays] = await Promise.all([client.history('reduces', query, {signal}), client.history('repayHistory', query, {signal})]);
		if (reduces.records.some((record) => record.orderId === orderId)) return 'liquidated';
		if (repays.records.some((record) => record.orderId === orderId)) return 'repaid';
	} catch {
		signal?.throwIfAborted();
	}
	return 'unknown';
}
