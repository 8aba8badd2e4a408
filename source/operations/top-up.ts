// The watch's opt-in top-up (`--top-up-at A --top-up-to T --max-add N`): when a loan's LTV reaches A, add the
// collateral that brings it to T (loans/targets.ts), capped so that no loan gets more than N in 24 hours. Pure and
// clock-free: the watch (cli/commands/watch.ts) asks `decide` at each read and tells `record` what happened, and the
// post itself goes through the money pipeline like any other.
//
// Never twice for one crossing (the LTV must go back below A first), at most once per loan in 10 minutes, never again
// for a loan whose earlier outcome is unknown, and a refusal (insufficient balance, say) also ends that crossing:
// said once, not retried in a loop.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {collateralToAdd} from '../loans/targets.js';
import {checkCollateralChange, plain} from '../loans/ltv.js';

export interface TopUpPolicy {
	/** The LTV (a fraction) from which collateral is added. */
	at: string;
	/** The LTV (a fraction) the addition aims at, below `at`. */
	to: string;
	/** The most collateral added to one loan in 24 hours, in its pledge coin. */
	maxAdd: string;
}

const WINDOW_MS = 24 * 3_600_000;
const SPACING_MS = 10 * 60_000;

type TopUpDecision =
	| {kind: 'none'}
	| {kind: 'add'; amount: string; capped: boolean; ltvAfter: string}
	| {kind: 'skip'; reason: string};

type TopUpResult = 'done' | 'refused' | 'unknown' | 'dry-run';

interface LoanMemory {
	/** Below `at` since the last top-up (or never topped up): a crossing may act. */
	armed: boolean;
	/** Additions that went through (or may have), for the 24-hour cap. */
	adds: Array<{time: number; amount: string}>;
	lastAt?: number;
	/** An earlier outcome for this loan is unknown: never again in this run. */
	unknown: boolean;
	/** Why the last read did not add, said once until it changes. */
	skipped?: string;
}

export interface TopUps {
	decide(loan: OngoingLoan, ltv: string, time: number): TopUpDecision;
	record(orderId: string, time: number, amount: string, result: TopUpResult): void;
}

export function createTopUps(policy: TopUpPolicy): TopUps {
	const loans = new Map<string, LoanMemory>();
	const memory = (orderId: string) => {
		let entry = loans.get(orderId);
		if (!entry) loans.set(orderId, (entry = {armed: true, adds: [], unknown: false}));
		return entry;
	};
	return {
		decide(loan, ltv, time) {
			const entry = memory(loan.orderId);
			if (new Big(ltv).lt(policy.at)) {
				entry.armed = true;
				entry.skipped = undefined;
				return {kind: 'none'};
			}
			if (!entry.armed) return {kind: 'none'};
			// The same reason read after read is said once.
			const skip = (reason: string): TopUpDecision => {
				if (entry.skipped === reason) return {kind: 'none'};
				entry.skipped = reason;
				return {kind: 'skip', reason};
			};
			if (entry.unknown) return skip('an earlier top-up of this loan has an unknown outcome: check it (loan-tui history --local) before anything more is added');
			if (entry.lastAt !== undefined && time - entry.lastAt < SPACING_MS) return skip('the last top-up of this loan was less than 10 minutes ago');
			const used = entry.adds.filter((add) => time - add.time < WINDOW_MS).reduce((sum, add) => sum.plus(add.amount), new Big(0));
			const left = new Big(policy.maxAdd).minus(used);
			if (left.lte(0)) return skip(`the ${plain(new Big(policy.maxAdd))} ${loan.pledgeCoin} of --max-add for 24 hours is used up`);
			const wanted = collateralToAdd({...loan, pledgeRate: ltv}, policy.to);
			if (!wanted.ok) return {kind: 'none'};
			const capped = new Big(wanted.amount).gt(left);
			const amount = capped ? plain(left) : wanted.amount;
			// The LTV after the addition, as `loan-tui collateral add` reviews it (loans/ltv.ts).
			const after = checkCollateralChange({...loan, pledgeRate: ltv}, 'add', amount);
			return {kind: 'add', amount, capped, ltvAfter: after.after ?? ltv};
		},
		record(orderId, time, amount, result) {
			const entry = memory(orderId);
			// Whatever happened, this crossing is over: the next needs the LTV back below the line first.
			entry.armed = false;
			entry.skipped = undefined;
			if (result === 'dry-run' || result === 'refused') return;
			entry.lastAt = time;
			entry.adds.push({time, amount});
			if (result === 'unknown') entry.unknown = true;
		},
	};
}
