// After a money POST whose outcome is unknown: what fresh reads of the loans say about it, as evidence. None of the
// three POSTs carries a client order id, so a finding says what matched and never more:
// - found: exactly one record fits every field the request fixed (coins, period, amount as the server keeps it:
//   withinRounding, made after the send, not there before it, not a failed borrow); for repay-all, the loan is
//   closed or the amount is what was owed;
// - ambiguous: several records fit that way;
// - unclear: something changed that fits only partly (another amount, someone else's repayment, a liquidation);
// - not-found: every read succeeded and nothing changed;
// - unchecked: reads failed, and those that worked showed nothing.
// Each read stands alone: one that failed keeps the others' evidence, and the finding says which failed.
// Pure: the reads are done by operations/check-outcome.ts.
import Big from 'big.js';
import type {BorrowRecord, OngoingLoan, ReduceRecord, RepayRecord, RepayRequest, ReviseRecord, RevisePledgeRequest} from '../api/loan-types.js';
import type {BorrowRequest, Period} from '../api/types.js';
import {plain} from './ltv.js';
import {hourInterest, hoursStartedBetween} from './repay-preview.js';

const DAY_MS = 86_400_000;
/** Server time vs our estimate of it: a record up to this long before the send may still be ours. */
const CLOCK_SLACK_MS = 2_000;

export type FindingStatus = 'found' | 'ambiguous' | 'unclear' | 'not-found' | 'unchecked';

/** The endpoints a check reads, by the names Bitget's paths use. */
type ReadName = 'ongoing-orders' | 'borrow-history' | 'repay-history' | 'revise-history' | 'reduces';

/** One read: its records (and how many could not be read), or why it failed. */
export type Read<T> = {ok: true; records: T[]; unreadable?: number} | {ok: false; error: string};

export interface Observation {
	ongoing: Read<OngoingLoan>;
	borrowHistory?: Read<BorrowRecord>;
	repayHistory?: Read<RepayRecord>;
	reviseHistory?: Read<ReviseRecord>;
	reduces?: Read<ReduceRecord>;
}

/** What was there just before the send (each part undefined when it could not be read). */
export interface Snapshot {
	/** Ongoing loans matching the request's coins (borrow) or its order (repay, collateral). */
	ongoing?: OngoingLoan[];
	/** Keys (recordKey) of the history records that already existed. */
	historyKeys?: string[];
	/** Server time when its reads were asked: the loan before the send is as of then. */
	at?: number;
}

/** A money POST's request, by kind. */
export type MoneyRequest =
	{kind: 'borrow'; request: BorrowRequest} | {kind: 'repay'; request: RepayRequest} | {kind: 'revisePledge'; request: RevisePledgeRequest};

export type SentRequest = MoneyRequest & {
	/** Server time when sent. */
	sentAt: number;
	snapshot: Snapshot;
	/** Repay and collateral: the loan as reviewed, for when the snapshot could not read it. */
	reviewed?: OngoingLoan;
};

interface ReadReport {
	read: ReadName;
	ok: boolean;
	/** Why it failed. */
	error?: string;
	/** Records of this read that could not be read (and so could not count as evidence). */
	unreadable?: number;
}

export interface Finding {
	status: FindingStatus;
	/** In words: what matched, how, and never more. */
	message: string;
	orderId?: string;
	/** Nothing later can change this finding: stop reading (a match, or a failed borrow recorded by Bitget). */
	settled: boolean;
	reads: ReadReport[];
}

/** Identifies a history record across reads (records carry no id of their own but the order's). */
export function recordKey(record: object): string {
	return JSON.stringify(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function periodOfDaily(daily: string): Period | undefined {
	const text = daily.trim().toUpperCase();
	if (text === '7' || text === 'SEVEN') return 'SEVEN';
	if (text === '30' || text === 'THIRTY') return 'THIRTY';
	if (text === 'FLEXIBLE' || text === '0') return 'FLEXIBLE';
	return undefined;
}

/** An ongoing loan's period from its expiry: "0" is flexible; about a week or a month is SEVEN or THIRTY; none given
 * or anything else is unknown. */
export function periodOfLoan(loan: Pick<OngoingLoan, 'borrowTime'> & {expireTime?: string}): Period | undefined {
	if (loan.expireTime === undefined || loan.expireTime === '') return undefined;
	if (loan.expireTime === '0') return 'FLEXIBLE';
	const days = (Number(loan.expireTime) - Number(loan.borrowTime)) / DAY_MS;
	if (days > 0 && days <= 8) return 'SEVEN';
	if (days > 8 && days <= 31) return 'THIRTY';
	return undefined;
}

/** Bitget keeps coin amounts at 8 decimals (as the simulator does): digits past them are the only ones it may round. */
const AMOUNT_DECIMALS = 8;

/** Decimals a decimal string really has: trailing zeros say nothing about the amount ("0.0200" is 0.02). */
function decimalsOf(text: string): number {
	return text.split('.')[1]?.replace(/0+$/, '').length ?? 0;
}

/**
 * Whether `recorded` is the amount `requested`, as the server keeps it. A request within the coin's 8 decimals is
 * kept as sent, so only the same amount matches; a request with more decimals may come back rounded (either way) to 8,
 * so a recorded amount of at most 8 decimals less than 1e-8 away matches too. The recorded string's own decimals are
 * no measure of the rounding: "0.02" is 0.02000000 with its zeros dropped, not 0.015 or 0.024 rounded.
 */
export function withinRounding(requested: string, recorded: string): boolean {
	const difference = new Big(requested).minus(recorded).abs();
	if (difference.eq(0)) return true;
	if (decimalsOf(requested) <= AMOUNT_DECIMALS || decimalsOf(recorded) > AMOUNT_DECIMALS) return false;
	return difference.lt(new Big(10).pow(-AMOUNT_DECIMALS));
}

function after(delayMs: number): string {
	if (delayMs < 0) return 'at about the time the request was sent';
	return `${Math.round(delayMs / 1000)} s after the request was sent`;
}

/** The reads of an observation, in the order they are named. */
function reportsOf(seen: Observation): ReadReport[] {
	const reports: ReadReport[] = [];
	const add = (read: ReadName, result: Read<unknown> | undefined) => {
		if (result === undefined) return;
		if (!result.ok) reports.push({read, ok: false, error: result.error});
		else reports.push(result.unreadable ? {read, ok: true, unreadable: result.unreadable} : {read, ok: true});
	};
	add('ongoing-orders', seen.ongoing);
	add('borrow-history', seen.borrowHistory);
	add('repay-history', seen.repayHistory);
	add('revise-history', seen.reviseHistory);
	add('reduces', seen.reduces);
	return reports;
}

/** "; borrow-history could not be read (HTTP 500 …)", or "" when every read worked and every record was readable. */
function readProblems(reads: readonly ReadReport[]): string {
	const failed = reads.filter((read) => !read.ok).map((read) => `${read.read} could not be read (${read.error})`);
	const skipped = reads
		.filter((read) => read.ok && read.unreadable)
		.map((read) => `${read.unreadable} ${read.read} record${read.unreadable === 1 ? '' : 's'} could not be read`);
	const all = [...failed, ...skipped];
	return all.length === 0 ? '' : `; ${all.join('; ')}`;
}

const records = <T>(read: Read<T> | undefined): T[] => (read?.ok ? read.records : []);
const allRead = (seen: Observation) => reportsOf(seen).every((read) => read.ok && !read.unreadable);

export function matchOutcome(sent: SentRequest, seen: Observation): Finding {
	const reads = reportsOf(seen);
	if (reads.every((read) => !read.ok))
		return {status: 'unchecked', settled: false, message: `could not read anything to check${readProblems(reads)}`, reads, ...orderOf(sent)};
	const finding = sent.kind === 'borrow' ? matchBorrow(sent, seen) : sent.kind === 'repay' ? matchRepay(sent, seen) : matchRevise(sent, seen);
	// Nothing seen, and not everything could be read: that is not "nothing happened".
	if (finding.status === 'not-found' && !finding.settled && !allRead(seen)) {
		return {...finding, status: 'unchecked', message: `${finding.message} in what could be read${readProblems(reads)}`, reads};
	}
	return {...finding, message: `${finding.message}${finding.status === 'unchecked' ? '' : readProblems(reads)}`, reads};
}

type Partial = Omit<Finding, 'reads'>;

const orderOf = (sent: SentRequest): {orderId?: string} => (sent.kind === 'borrow' ? {} : {orderId: sent.request.orderId});

interface BorrowCandidate {
	orderId: string;
	borrowTime: number;
	/** Every field the request fixed matches. */
	fits: boolean;
	/** Why not, when it does not. */
	differs: string[];
	rolledBack: boolean;
}

function matchBorrow(sent: Extract<SentRequest, {kind: 'borrow'}>, seen: Observation): Partial {
	const {request, sentAt, snapshot} = sent;
	const known = new Set((snapshot.ongoing ?? []).map((loan) => loan.orderId));
	const knownHistory = new Set(snapshot.historyKeys ?? []);
	const byPledge = request.pledgeAmount !== undefined;
	const amountWord = byPledge ? 'pledge amount' : 'loan amount';
	const requested = (byPledge ? request.pledgeAmount : request.loanAmount)!;
	const candidates = new Map<string, BorrowCandidate>();
	const consider = (orderId: string, coins: [string, string], period: Period | undefined, borrowTime: number, amount: string, rolledBack: boolean) => {
		if (known.has(orderId) || coins[0] !== request.loanCoin || coins[1] !== request.pledgeCoin) return;
		if (!(borrowTime >= sentAt - CLOCK_SLACK_MS)) return;
		const differs: string[] = [];
		if (period !== request.daily) differs.push(period === undefined ? 'a period that cannot be told' : `period ${period}`);
		if (!withinRounding(requested, amount)) differs.push(`${amountWord} ${amount}`);
		// Borrowed about when we sent, and the loans before the send are unknown: it may be an older loan.
		if (snapshot.ongoing === undefined && borrowTime < sentAt)
			differs.push('borrowed at about the time of the send, and the loans before it could not be read');
		const previous = candidates.get(orderId);
		const candidate: BorrowCandidate = {orderId, borrowTime, fits: differs.length === 0, differs, rolledBack};
		// The same order seen in the history and in the ongoing list: a fit in either counts; a rollback wins.
		if (!previous || (!previous.fits && candidate.fits) || rolledBack)
			candidates.set(orderId, {...candidate, rolledBack: rolledBack || (previous?.rolledBack ?? false)});
	};
	for (const record of records(seen.borrowHistory)) {
		if (knownHistory.has(recordKey(record))) continue;
		const amount = byPledge ? record.initPledgeAmount : record.initLoanAmount;
		consider(
			record.orderId,
			[record.loanCoin, record.pledgeCoin],
			periodOfDaily(record.daily),
			Number(record.borrowTime),
			amount,
			record.status.toUpperCase() === 'ROLLBACK',
		);
	}
	for (const loan of records(seen.ongoing)) {
		consider(
			loan.orderId,
			[loan.loanCoin, loan.pledgeCoin],
			periodOfLoan(loan),
			Number(loan.borrowTime),
			byPledge ? loan.pledgeAmount : loan.loanAmount,
			false,
		);
	}
	const all = [...candidates.values()];
	const fits = all.filter((c) => c.fits && !c.rolledBack);
	const partial = all.filter((c) => !c.fits && !c.rolledBack);
	const rolledBack = all.filter((c) => c.rolledBack && c.fits);
	if (fits.length === 1) {
		const [match] = fits as [BorrowCandidate];
		const delayMs = match.borrowTime - sentAt;
		const others = partial.length > 0 ? ` (also opened since: ${describeOthers(partial)})` : '';
		return {
			status: 'found',
			orderId: match.orderId,
			settled: true,
			message: `found order ${match.orderId}: same coins, period and ${amountWord}, borrowed ${after(delayMs)}${others}`,
		};
	}
	if (fits.length > 1) {
		return {
			status: 'ambiguous',
			settled: false,
			message: `${fits.length} orders of the same coins, period and ${amountWord} were opened since the request was sent (${fits.map((c) => c.orderId).join(', ')}); which one is this request's cannot be told`,
		};
	}
	if (partial.length > 0) {
		return {status: 'unclear', settled: false, message: `no order matches every value sent; opened since, with the same coins: ${describeOthers(partial)}`};
	}
	if (rolledBack.length > 0) {
		const [failed] = rolledBack as [BorrowCandidate];
		return {
			status: 'not-found',
			settled: true,
			message: `no loan was created by it as far as Bitget's records show: its loan history records a failed borrow (ROLLBACK, order ${failed.orderId}) of these values ${after(failed.borrowTime - sentAt)}`,
		};
	}
	return {status: 'not-found', settled: false, message: 'no order of these coins, period and amount was opened since the request was sent'};
}

function describeOthers(candidates: BorrowCandidate[]): string {
	return candidates.map((c) => `order ${c.orderId} (${c.differs.join(', ')})`).join('; ');
}

/** The loan before the send: from the snapshot, else as reviewed. */
function loanBefore(sent: Extract<SentRequest, {kind: 'repay' | 'revisePledge'}>): OngoingLoan | undefined {
	return sent.snapshot.ongoing?.find((loan) => loan.orderId === sent.request.orderId) ?? sent.reviewed;
}

function newSince<T extends object>(sent: SentRequest, list: T[], time: (record: T) => string): T[] {
	const known = new Set(sent.snapshot.historyKeys ?? []);
	return list.filter((record) => !known.has(recordKey(record)) && Number(time(record)) >= sent.sentAt - CLOCK_SLACK_MS);
}

/** Whether the ongoing list (read successfully) shows the order: undefined when it could not be read. */
function stillOpen(seen: Observation, orderId: string): OngoingLoan | false | undefined {
	if (!seen.ongoing.ok) return undefined;
	return seen.ongoing.records.find((loan) => loan.orderId === orderId) ?? false;
}

function matchRepay(sent: Extract<SentRequest, {kind: 'repay'}>, seen: Observation): Partial {
	const {request, sentAt} = sent;
	const {orderId} = request;
	const before = loanBefore(sent);
	const now = stillOpen(seen, orderId);
	const liquidation = newSince(
		sent,
		records(seen.reduces).filter((r) => r.orderId === orderId),
		(r) => r.reduceTime,
	)[0];
	const closed = now === false && liquidation === undefined;
	const repayments = newSince(
		sent,
		records(seen.repayHistory).filter((r) => r.orderId === orderId),
		(r) => r.repayTime,
	);
	const owedBefore = before ? new Big(before.loanAmount).plus(before.interestAmount) : undefined;
	const fitsAmount = (record: RepayRecord): boolean => {
		if (!request.repayAll) return withinRounding(request.amount!, record.repayAmount);
		if (closed) return true;
		if (!owedBefore || !before) return false;
		// What was owed, with the interest of every hour started between the read and the repayment (repay-preview.ts
		// counts them): a read of unknown time (the loan as reviewed, an older snapshot) is given the hour that may have
		// started between it and the send too.
		const readAt = sent.snapshot.ongoing?.some((loan) => loan.orderId === orderId) ? sent.snapshot.at : undefined;
		const counted = hoursStartedBetween(before, readAt ?? sentAt - CLOCK_SLACK_MS, Number(record.repayTime));
		const hours = readAt === undefined ? Math.max(1, counted) : counted;
		const paid = new Big(record.repayAmount);
		return (
			withinRounding(plain(owedBefore), record.repayAmount) ||
			(paid.gte(owedBefore) && paid.lte(owedBefore.plus(hourInterest(before).times(hours)).plus('0.00000001')))
		);
	};
	const fits = repayments.filter(fitsAmount);
	const others = repayments.filter((r) => !fitsAmount(r));
	const state =
		now === undefined ? 'its state could not be read' : now === false ? (liquidation ? 'it was liquidated' : 'the loan is closed') : 'the loan is still open';
	if (fits.length === 1) {
		const record = fits[0]!;
		const how = request.repayAll ? (closed ? 'and the loan is closed' : 'the amount that was owed') : 'the same amount';
		return {
			status: 'found',
			orderId,
			settled: true,
			message: `found a repayment of ${record.repayAmount} ${record.loanCoin} on order ${orderId} (${how}; interest ${record.payInterest}, collateral released ${record.repayUnlockAmount} ${record.pledgeCoin}), recorded ${after(Number(record.repayTime) - sentAt)}; ${state}`,
		};
	}
	if (fits.length > 1)
		return {
			status: 'ambiguous',
			orderId,
			settled: false,
			message: `${fits.length} repayments that fit were recorded on order ${orderId} since the request was sent; which one is this request's cannot be told; ${state}`,
		};
	if (others.length > 0) {
		const amounts = others.map((r) => `${r.repayAmount} ${r.loanCoin}`).join(', ');
		const wanted = request.repayAll ? (owedBefore ? `the ${plain(owedBefore)} owed` : 'the whole debt') : `${request.amount}`;
		return {
			status: 'unclear',
			orderId,
			settled: false,
			message: `a repayment of order ${orderId} was recorded since the request was sent, but of ${amounts}, not ${wanted}; ${state}`,
		};
	}
	if (liquidation)
		return {
			status: 'unclear',
			orderId,
			settled: false,
			message: `order ${orderId} was liquidated ${after(Number(liquidation.reduceTime) - sentAt)}; no repayment of it is recorded`,
		};
	if (now === false) return {status: 'unclear', orderId, settled: false, message: `order ${orderId} is no longer open, but no repayment of it is recorded yet`};
	if (now && owedBefore && new Big(now.loanAmount).plus(now.interestAmount).lt(owedBefore)) {
		return {
			status: 'unclear',
			orderId,
			settled: false,
			message: `order ${orderId} now owes ${plain(new Big(now.loanAmount).plus(now.interestAmount))} ${now.loanCoin}, less than the ${plain(owedBefore)} before, but no repayment is recorded yet`,
		};
	}
	return {
		status: 'not-found',
		orderId,
		settled: false,
		message: `no repayment of order ${orderId} was recorded since the request was sent, and its debt did not fall`,
	};
}

function matchRevise(sent: Extract<SentRequest, {kind: 'revisePledge'}>, seen: Observation): Partial {
	const {request, sentAt} = sent;
	const {orderId} = request;
	const side = request.reviseType === 'IN' ? 'down' : 'up';
	const verb = request.reviseType === 'IN' ? 'added' : 'withdrawn';
	const changes = newSince(
		sent,
		records(seen.reviseHistory).filter((r) => r.orderId === orderId),
		(r) => r.reviseTime,
	);
	const fits = changes.filter((r) => r.reviseSide === side && withinRounding(request.amount, r.reviseAmount));
	const others = changes.filter((r) => !fits.includes(r));
	if (fits.length === 1) {
		const record = fits[0]!;
		return {
			status: 'found',
			orderId,
			settled: true,
			message: `found ${record.reviseAmount} ${record.pledgeCoin} ${verb} on order ${orderId}, recorded ${after(Number(record.reviseTime) - sentAt)}; LTV ${percentText(record.beforePledgeRate)} → ${percentText(record.afterPledgeRate)}`,
		};
	}
	if (fits.length > 1)
		return {
			status: 'ambiguous',
			orderId,
			settled: false,
			message: `${fits.length} changes of ${request.amount} ${request.pledgeCoin} ${verb} on order ${orderId} were recorded since the request was sent; which one is this request's cannot be told`,
		};
	if (others.length > 0) {
		const what = others
			.map((r) => `${r.reviseAmount} ${r.pledgeCoin} ${r.reviseSide === 'down' ? 'added' : r.reviseSide === 'up' ? 'withdrawn' : r.reviseSide}`)
			.join(', ');
		return {
			status: 'unclear',
			orderId,
			settled: false,
			message: `a collateral change of order ${orderId} was recorded since the request was sent, but ${what}, not ${request.amount} ${verb}`,
		};
	}
	const liquidation = newSince(
		sent,
		records(seen.reduces).filter((r) => r.orderId === orderId),
		(r) => r.reduceTime,
	)[0];
	if (liquidation)
		return {
			status: 'unclear',
			orderId,
			settled: false,
			message: `order ${orderId} was liquidated ${after(Number(liquidation.reduceTime) - sentAt)}; no collateral change is recorded`,
		};
	const now = stillOpen(seen, orderId);
	if (now === false)
		return {status: 'unclear', orderId, settled: false, message: `order ${orderId} is no longer open, and no collateral change of it is recorded`};
	const before = loanBefore(sent);
	if (now && before) {
		// The collateral moved the way asked, by the amount asked: an unchanged collateral is never "this change".
		const moved = request.reviseType === 'IN' ? new Big(now.pledgeAmount).minus(before.pledgeAmount) : new Big(before.pledgeAmount).minus(now.pledgeAmount);
		if (moved.gt(0) && withinRounding(request.amount, moved.toFixed())) {
			return {
				status: 'unclear',
				orderId,
				settled: false,
				message: `order ${orderId}'s collateral went from ${before.pledgeAmount} to ${now.pledgeAmount} ${now.pledgeCoin}, exactly this change, but no record of it yet`,
			};
		}
	}
	return {status: 'not-found', orderId, settled: false, message: `no collateral change of order ${orderId} was recorded since the request was sent`};
}

function percentText(fraction: string): string {
	return `${plain(new Big(fraction).times(100), 2)}%`;
}
