// What a repayment will do, from the loan's own figures, before it is sent. Interest is paid first, then principal
// (as Bitget's repay answer splits it: payInterest, repayLoanAmount).
//
// The interest is an estimate: Bitget charges it per STARTED hour (reference D.2, E), so the server's interestAmount
// already holds the hour under way, and a new hour's interest is added the moment that hour starts. A review shown
// just before a loan's next hour starts would be an hour short by the time the POST arrives; so when the next hour
// starts within NEXT_HOUR_MARGIN_MS of now (server time), its interest (principal × hourly rate) is counted too. A review
// stays open while a person decides, its figures those of one read: every hour started since that read is counted too.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {plain} from './ltv.js';

export interface RepayPlan {
	all: boolean;
	/** Partial repayments only. */
	amount?: string;
	/** Release collateral (repayUnlock). */
	unlock: boolean;
	/** How the caller's person asks for all of it, named when an amount is more than owed (a flag in the CLI, a choice
	 * in the app). */
	allInstead?: string;
	/** How the caller writes an amount of a coin in that message (format/money.ts `withCoin`; this layer sits below it). */
	withCoin?: (amount: string, coin: string) => string;
}

type Release = {kind: 'all'; amount: string} | {kind: 'none'} | {kind: 'some'};

const HOUR_MS = 3_600_000;
/** How near the next hour may start for the preview to count it: the time a review takes to confirm and send. */
export const NEXT_HOUR_MARGIN_MS = 60_000;

type HourFigures = Pick<OngoingLoan, 'loanAmount' | 'interestAmount' | 'hourInterestRate' | 'borrowTime'>;

/** Hours started by `at` (epoch ms): the first at borrowTime itself, each further one as it starts; undefined without a
 * borrow time to count from. The simulator's desk counts them the same way (simulator/loan-book.ts). */
function hoursStarted(loan: Pick<OngoingLoan, 'borrowTime'>, at: number): number | undefined {
	const borrowed = Number(loan.borrowTime);
	if (!Number.isFinite(borrowed) || borrowed <= 0) return undefined;
	return Math.max(1, Math.ceil((at - borrowed) / HOUR_MS));
}

/** When the loan's next hour starts (epoch ms), seen at `now`: hours start at borrowTime + k hours, the first at
 * borrowTime itself; undefined without a borrow time to count from. */
export function nextHourStart(loan: Pick<OngoingLoan, 'borrowTime'>, now: number): number | undefined {
	const started = hoursStarted(loan, now);
	return started === undefined ? undefined : Number(loan.borrowTime) + started * HOUR_MS;
}

/** How many of the loan's hours start after `from` and by `to` (epoch ms, server time): each adds an hour's interest
 * (hourInterest). The one count of them: the repay review (the hours since the read), the app's amount step, and the
 * check after a lost repay answer (loans/evidence.ts). 0 without a borrow time to count from. */
export function hoursStartedBetween(loan: Pick<OngoingLoan, 'borrowTime'>, from: number, to: number): number {
	const atFrom = hoursStarted(loan, from);
	const atTo = hoursStarted(loan, to);
	return atFrom === undefined || atTo === undefined || atTo <= atFrom ? 0 : atTo - atFrom;
}

/** One hour's interest on the principal owed: what each started hour adds (the one formula for it: the repay review and
 * the check after a lost repay answer, loans/evidence.ts). */
export function hourInterest(loan: Pick<OngoingLoan, 'loanAmount' | 'hourInterestRate'>): Big {
	return new Big(loan.loanAmount).times(loan.hourInterestRate);
}

/** The interest owed by the time a request sent now arrives: the server's interestAmount (as read at `readAt`), the
 * hours started since that read (`sinceRead`), and the next hour's when it starts within the margin (`nextHour`). */
function interestBySend(
	loan: HourFigures,
	now?: number,
	readAt?: number,
): {interest: Big; sinceRead?: {hours: number; interest: string}; nextHour?: {startsAt: number; interest: string}} {
	const charged = new Big(loan.interestAmount);
	if (now === undefined) return {interest: charged};
	const hour = hourInterest(loan);
	const result: ReturnType<typeof interestBySend> = {interest: charged};
	const hours = readAt === undefined ? 0 : hoursStartedBetween(loan, readAt, now);
	if (hours > 0) {
		result.interest = result.interest.plus(hour.times(hours));
		result.sinceRead = {hours, interest: plain(hour.times(hours))};
	}
	const startsAt = nextHourStart(loan, now);
	if (startsAt !== undefined && startsAt - now <= NEXT_HOUR_MARGIN_MS) {
		result.interest = result.interest.plus(hour);
		result.nextHour = {startsAt, interest: plain(hour)};
	}
	return result;
}

export type RepayPreview =
	| {
			ok: true;
			/** Principal plus interest owed by the time it is sent (an estimate: see `nextHour`). */
			owed: string;
			pay: string;
			interest: string;
			principal: string;
			remainingPrincipal: string;
			remainingInterest: string;
			/** Full repayment: all collateral back. Partial with release: Bitget decides how much. Partial keeping it: none. */
			release: Release;
			/** LTV after a partial repayment that keeps the collateral (same price); undefined otherwise. */
			ltvAfter?: string;
			/** The loan's next hour starts within NEXT_HOUR_MARGIN_MS: its interest is counted in (estimate). */
			nextHour?: {startsAt: number; interest: string};
			/** Hours started since the loan's figures were read: their interest is counted in. */
			sinceRead?: {hours: number; interest: string};
	  }
	| {ok: false; reason: string};

/** `now`: server time, to count an hour that starts before the request arrives; `readAt`: server time of the read the
 * loan's figures come from, to count the hours started since (without them, the interest as read). */
export function repayPreview(
	loan: Pick<OngoingLoan, 'loanAmount' | 'interestAmount' | 'pledgeAmount' | 'pledgeRate' | 'loanCoin' | 'pledgeCoin'> &
		Partial<Pick<OngoingLoan, 'hourInterestRate' | 'borrowTime'>>,
	plan: RepayPlan,
	now?: number,
	readAt?: number,
): RepayPreview {
	const principalOwed = new Big(loan.loanAmount);
	const bySend =
		loan.hourInterestRate === undefined || loan.borrowTime === undefined
			? {interest: new Big(loan.interestAmount)}
			: interestBySend({...loan, hourInterestRate: loan.hourInterestRate, borrowTime: loan.borrowTime}, now, readAt);
	const interestOwed = bySend.interest;
	const owed = principalOwed.plus(interestOwed);
	const pay = plan.all ? owed : new Big(plan.amount ?? '0');
	if (pay.lte(0)) return {ok: false, reason: 'the amount must be greater than zero'};
	if (pay.gt(owed))
		return {
			ok: false,
			reason: `that is more than the ${(plan.withCoin ?? ((value, coin) => `${value} ${coin}`))(plain(owed), loan.loanCoin)} owed; repay all of it instead (${plan.allInstead ?? '--all'})`,
		};
	const interest = pay.lt(interestOwed) ? pay : interestOwed;
	const principal = pay.minus(interest);
	const full = pay.eq(owed);
	const release: Release = full ? {kind: 'all', amount: loan.pledgeAmount} : plan.unlock ? {kind: 'some'} : {kind: 'none'};
	const preview: RepayPreview = {
		ok: true,
		owed: plain(owed),
		pay: plain(pay),
		interest: plain(interest),
		principal: plain(principal),
		remainingPrincipal: plain(principalOwed.minus(principal)),
		remainingInterest: plain(interestOwed.minus(interest)),
		release,
	};
	// The LTV as read counts the interest as read; the hour to come raises the debt, not the LTV read.
	const owedAsRead = principalOwed.plus(loan.interestAmount);
	if (!full && !plan.unlock && owedAsRead.gt(0)) preview.ltvAfter = plain(new Big(loan.pledgeRate).times(owed.minus(pay)).div(owedAsRead), 6);
	if ('nextHour' in bySend && bySend.nextHour) preview.nextHour = bySend.nextHour;
	if ('sinceRead' in bySend && bySend.sinceRead) preview.sinceRead = bySend.sinceRead;
	return preview;
}
