// After an outcome-unknown POST: what fresh reads of the loans say about it. None of the three POSTs carries a
// client order id, so a match is evidence, not proof; each finding says what matched and never more.
import Big from 'big.js';
import type {BorrowRecord, OngoingLoan, ReduceRecord, RepayRecord, RepayRequest, ReviseRecord, RevisePledgeRequest} from '../api/loan-types.js';
import type {BorrowRequest, Period} from '../api/types.js';
import {percent, plain} from './ltv.js';
import {sleep} from '../api/sleep.js';

const DAY_MS = 86_400_000;
/** Server time vs our estimate of it: a record up to this long before the send may still be ours. */
export const CLOCK_SLACK_MS = 2_000;

export type SentRequest =
	| {kind: 'borrow'; request: BorrowRequest; /** Server time when sent. */ sentAt: number; /** Orders that existed before the send, when known. */ knownOrderIds?: readonly string[]}
	| {kind: 'repay'; request: RepayRequest; sentAt: number; before?: OngoingLoan}
	| {kind: 'revisePledge'; request: RevisePledgeRequest; sentAt: number; before?: OngoingLoan};

/** One fresh read: ongoing loans plus whichever histories were read. */
export interface Observation {
	ongoing: OngoingLoan[];
	borrowHistory?: BorrowRecord[];
	repayHistory?: RepayRecord[];
	reviseHistory?: ReviseRecord[];
	reduces?: ReduceRecord[];
}

export type FindingStatus =
	/** A record that matches what was sent, made after the send. */
	| 'found'
	/** More than one record matches: which one is ours cannot be told. */
	| 'ambiguous'
	/** Something changed that fits, but no record confirms it yet. */
	| 'unclear'
	/** Nothing matching yet. */
	| 'not-found'
	/** The loans could not be read at all. */
	| 'unchecked';

export interface Finding {
	status: FindingStatus;
	message: string;
	orderId?: string;
	/** What matched, in words. */
	evidence?: string[];
	/** Record time minus send time. */
	delayMs?: number;
}

export function periodOfDaily(daily: string): Period | undefined {
	const text = daily.trim().toUpperCase();
	if (text === '7' || text === 'SEVEN') return 'SEVEN';
	if (text === '30' || text === 'THIRTY') return 'THIRTY';
	if (text === 'FLEXIBLE' || text === '0') return 'FLEXIBLE';
	return undefined;
}

/** An ongoing loan's period from its expiry: none is flexible; about a week or a month is SEVEN or THIRTY. */
export function periodOfLoan(loan: Pick<OngoingLoan, 'borrowTime' | 'expireTime'>): Period | undefined {
	if (loan.expireTime === '0') return 'FLEXIBLE';
	const days = (Number(loan.expireTime) - Number(loan.borrowTime)) / DAY_MS;
	if (days > 0 && days <= 8) return 'SEVEN';
	if (days > 8 && days <= 31) return 'THIRTY';
	return undefined;
}

function after(delayMs: number): string {
	if (delayMs < 0) return 'at about the time the request was sent';
	const seconds = Math.round(delayMs / 1000);
	return `${seconds} s after the request was sent`;
}

const same = (a: string, b: string | undefined) => b !== undefined && new Big(a).eq(b);

export function matchOutcome(sent: SentRequest, seen: Observation): Finding {
	switch (sent.kind) {
		case 'borrow':
			return matchBorrow(sent, seen);
		case 'repay':
			return matchRepay(sent, seen);
		case 'revisePledge':
			return matchRevise(sent, seen);
	}
}

interface Candidate {
	orderId: string;
	borrowTime: number;
	amountMatches: boolean | undefined;
}

function matchBorrow(sent: Extract<SentRequest, {kind: 'borrow'}>, seen: Observation): Finding {
	const {request, sentAt} = sent;
	const known = new Set(sent.knownOrderIds ?? []);
	const candidates = new Map<string, Candidate>();
	const consider = (orderId: string, loanCoin: string, pledgeCoin: string, period: Period | undefined, borrowTime: number, pledge: string, loan: string) => {
		if (known.has(orderId) || loanCoin !== request.loanCoin || pledgeCoin !== request.pledgeCoin || period !== request.daily) return;
		if (!(borrowTime >= sentAt - CLOCK_SLACK_MS)) return;
		const amountMatches = request.pledgeAmount !== undefined ? same(request.pledgeAmount, pledge) : same(request.loanAmount!, loan);
		const previous = candidates.get(orderId);
		candidates.set(orderId, {orderId, borrowTime, amountMatches: (previous?.amountMatches ?? false) || amountMatches});
	};
	for (const record of seen.borrowHistory ?? []) {
		consider(record.orderId, record.loanCoin, record.pledgeCoin, periodOfDaily(record.daily), Number(record.borrowTime), record.initPledgeAmount, record.initLoanAmount);
	}
	for (const loan of seen.ongoing) {
		consider(loan.orderId, loan.loanCoin, loan.pledgeCoin, periodOfLoan(loan), Number(loan.borrowTime), loan.pledgeAmount, loan.loanAmount);
	}
	const all = [...candidates.values()];
	const exact = all.filter((c) => c.amountMatches);
	const pool = exact.length > 0 ? exact : all;
	if (pool.length === 0) return {status: 'not-found', message: 'no matching order'};
	if (pool.length > 1) {
		return {
			status: 'ambiguous',
			message: `${pool.length} orders of the same coins and period were opened since the request was sent (${pool.map((c) => c.orderId).join(', ')}); which one is this request's cannot be told`,
		};
	}
	const [match] = pool as [Candidate];
	const delayMs = match.borrowTime - sentAt;
	const amountWord = request.pledgeAmount !== undefined ? 'pledge amount' : 'loan amount';
	const evidence = ['same coins', 'same period', match.amountMatches ? `same ${amountWord}` : `a different ${amountWord}`];
	const what = match.amountMatches ? `same coins, period and ${amountWord}` : `same coins and period (but a different ${amountWord})`;
	return {status: 'found', orderId: match.orderId, evidence, delayMs, message: `found order ${match.orderId}, ${what}, borrowed ${after(delayMs)}`};
}

function matchRepay(sent: Extract<SentRequest, {kind: 'repay'}>, seen: Observation): Finding {
	const {request, sentAt, before} = sent;
	const {orderId} = request;
	const records = (seen.repayHistory ?? []).filter((r) => r.orderId === orderId && Number(r.repayTime) >= sentAt - CLOCK_SLACK_MS);
	const fitting = request.repayAll ? records : records.filter((r) => same(request.amount!, r.repayAmount));
	if (fitting.length > 1) return {status: 'ambiguous', orderId, message: `${fitting.length} repayments of order ${orderId} were recorded since the request was sent; which one is this request's cannot be told`};
	if (fitting.length === 1) {
		const record = fitting[0]!;
		const delayMs = Number(record.repayTime) - sentAt;
		const stillOpen = seen.ongoing.some((loan) => loan.orderId === orderId);
		return {
			status: 'found',
			orderId,
			delayMs,
			evidence: ['same order', request.repayAll ? 'repaid in full' : 'same amount'],
			message: `found a repayment of ${record.repayAmount} ${record.loanCoin} on order ${orderId} (interest ${record.payInterest}, collateral released ${record.repayUnlockAmount} ${record.pledgeCoin}), recorded ${after(delayMs)}; the loan is ${stillOpen ? 'still open' : 'no longer open'}`,
		};
	}
	const reduced = (seen.reduces ?? []).find((r) => r.orderId === orderId && Number(r.reduceTime) >= sentAt - CLOCK_SLACK_MS);
	if (reduced) return {status: 'unclear', orderId, message: `order ${orderId} was liquidated ${after(Number(reduced.reduceTime) - sentAt)}; no repayment is recorded`};
	const now = seen.ongoing.find((loan) => loan.orderId === orderId);
	if (!now) return {status: 'unclear', orderId, message: `order ${orderId} is no longer open, but no repayment of it is recorded yet`};
	if (before && !new Big(now.loanAmount).plus(now.interestAmount).eq(new Big(before.loanAmount).plus(before.interestAmount))) {
		const owedNow = plain(new Big(now.loanAmount).plus(now.interestAmount));
		if (new Big(owedNow).lt(new Big(before.loanAmount).plus(before.interestAmount))) {
			return {status: 'unclear', orderId, message: `order ${orderId} now owes ${owedNow} ${now.loanCoin}, less than before, but no repayment is recorded yet`};
		}
	}
	return {status: 'not-found', orderId, message: `no repayment recorded on order ${orderId}`};
}

function matchRevise(sent: Extract<SentRequest, {kind: 'revisePledge'}>, seen: Observation): Finding {
	const {request, sentAt, before} = sent;
	const {orderId} = request;
	const side = request.reviseType === 'IN' ? 'down' : 'up';
	const records = (seen.reviseHistory ?? []).filter(
		(r) => r.orderId === orderId && r.reviseSide === side && same(request.amount, r.reviseAmount) && Number(r.reviseTime) >= sentAt - CLOCK_SLACK_MS,
	);
	const verb = request.reviseType === 'IN' ? 'added' : 'withdrawn';
	if (records.length > 1) return {status: 'ambiguous', orderId, message: `${records.length} changes of ${request.amount} ${request.pledgeCoin} ${verb} on order ${orderId} were recorded since the request was sent; which one is this request's cannot be told`};
	if (records.length === 1) {
		const record = records[0]!;
		const delayMs = Number(record.reviseTime) - sentAt;
		return {
			status: 'found',
			orderId,
			delayMs,
			evidence: ['same order', 'same direction', 'same amount'],
			message: `found ${record.reviseAmount} ${record.pledgeCoin} ${verb} on order ${orderId}, recorded ${after(delayMs)}; LTV ${percent(record.beforePledgeRate)} → ${percent(record.afterPledgeRate)}`,
		};
	}
	const now = seen.ongoing.find((loan) => loan.orderId === orderId);
	if (!now) return {status: 'unclear', orderId, message: `order ${orderId} is no longer open, and no collateral change is recorded`};
	if (before) {
		const expected = request.reviseType === 'IN' ? new Big(before.pledgeAmount).plus(request.amount) : new Big(before.pledgeAmount).minus(request.amount);
		if (expected.eq(now.pledgeAmount)) {
			return {status: 'unclear', orderId, message: `order ${orderId}'s collateral went from ${before.pledgeAmount} to ${now.pledgeAmount} ${now.pledgeCoin}, exactly this change, but no record of it yet`};
		}
	}
	return {status: 'not-found', orderId, message: `no collateral change recorded on order ${orderId}`};
}

export interface ReconcileOptions {
	/** Whole time budget; about 20 s. */
	totalMs?: number;
	/** Pause between reads (each read is a few GETs, far inside the 10/s limits). */
	intervalMs?: number;
	signal?: AbortSignal;
	now?: () => number;
	sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface Reconciliation extends Finding {
	tries: number;
	elapsedMs: number;
}

export const RECONCILE_TOTAL_MS = 20_000;

/**
 * Reads the loans again until a record settles the question or the time is up. A found or ambiguous answer ends
 * it; anything else is retried, and the last word says how long was waited and what to do.
 */
export async function reconcile(sent: SentRequest, observe: (signal?: AbortSignal) => Promise<Observation>, options: ReconcileOptions = {}): Promise<Reconciliation> {
	const totalMs = options.totalMs ?? RECONCILE_TOTAL_MS;
	const intervalMs = options.intervalMs ?? 2_000;
	const now = options.now ?? Date.now;
	const pause = options.sleep ?? sleep;
	const started = now();
	let tries = 0;
	let last: Finding | undefined;
	let failure: string | undefined;
	for (;;) {
		options.signal?.throwIfAborted();
		tries++;
		try {
			last = matchOutcome(sent, await observe(options.signal));
			failure = undefined;
		} catch (error) {
			options.signal?.throwIfAborted();
			failure = error instanceof Error ? error.message : String(error);
		}
		const elapsedMs = now() - started;
		if (last && (last.status === 'found' || last.status === 'ambiguous')) return {...last, tries, elapsedMs};
		if (elapsedMs >= totalMs) return {...closing(sent, last, failure, elapsedMs), tries, elapsedMs};
		await pause(Math.min(intervalMs, totalMs - elapsedMs), options.signal);
	}
}

function closing(sent: SentRequest, last: Finding | undefined, failure: string | undefined, elapsedMs: number): Finding {
	const seconds = `${Math.round(elapsedMs / 1000)} s`;
	if (!last) return {status: 'unchecked', message: `could not read the loans to check (${failure ?? 'no answer'}) — check again before retrying`};
	if (last.status === 'unclear') return {...last, message: `${last.message} (after ${seconds}) — check again before retrying`};
	const what = sent.kind === 'borrow' ? 'no matching order' : sent.kind === 'repay' ? `no repayment recorded on order ${sent.request.orderId}` : `no collateral change recorded on order ${sent.request.orderId}`;
	return {...last, message: `${what} after ${seconds} — check again before retrying`};
}

