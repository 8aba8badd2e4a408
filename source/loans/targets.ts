// Amounts that reach a target LTV, from a loan's own figures (the LTV the server read, the pledge, what is owed).
// Pure: no I/O, big.js throughout; ratios are fractions. With the price fixed, the LTV is proportional to what is owed
// and inversely proportional to the pledge: LTV × pledge ÷ new pledge, LTV × new owed ÷ owed.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {percent, plain} from './ltv.js';

/** The default room kept below the margin-call LTV by "max withdrawable": 5 points. */
export const DEFAULT_SAFETY_MARGIN = '0.05';

export type TargetAmount = {ok: true; amount: string; ltvAfter: string} | {ok: false; reason: string};

type LoanFigures = Pick<OngoingLoan, 'pledgeRate' | 'pledgeAmount' | 'supRate' | 'pledgeCoin'>;

function checkTarget(target: string): string | undefined {
	const value = new Big(target);
	if (value.lte(0) || value.gte(1)) return 'the target LTV must be between 0 and 100%';
	return undefined;
}

/** The pledge at which the LTV is `target`: LTV × pledge ÷ target. */
function pledgeAt(loan: LoanFigures, target: string): Big {
	return new Big(loan.pledgeRate).times(loan.pledgeAmount).div(target);
}

const ltvWith = (loan: LoanFigures, pledge: Big) => plain(new Big(loan.pledgeRate).times(loan.pledgeAmount).div(pledge), 6);

/** Collateral to add to bring the LTV down to `target` (rounded up: at or below it). */
export function collateralToAdd(loan: LoanFigures, target: string): TargetAmount {
	const bad = checkTarget(target);
	if (bad) return {ok: false, reason: bad};
	if (new Big(loan.pledgeRate).lte(target))
		return {ok: false, reason: `the LTV is ${percent(loan.pledgeRate)} already, at or below ${percent(target)}: nothing to add`};
	const add = pledgeAt(loan, target).minus(loan.pledgeAmount).round(8, Big.roundUp);
	return {ok: true, amount: plain(add), ltvAfter: ltvWith(loan, add.plus(loan.pledgeAmount))};
}

/** Collateral that can be withdrawn with the LTV rising to `target` at most (rounded down); `target` must be below the
 * margin-call LTV. */
export function collateralToWithdraw(loan: LoanFigures, target: string): TargetAmount {
	const bad = checkTarget(target);
	if (bad) return {ok: false, reason: bad};
	if (new Big(target).gte(loan.supRate)) return {ok: false, reason: `${percent(target)} is at or above the margin-call LTV of ${percent(loan.supRate)}`};
	if (new Big(loan.pledgeRate).gte(target))
		return {ok: false, reason: `the LTV is ${percent(loan.pledgeRate)} already, at or above ${percent(target)}: nothing can be withdrawn`};
	const out = new Big(loan.pledgeAmount).minus(pledgeAt(loan, target)).round(8, Big.roundDown);
	if (out.lte(0)) return {ok: false, reason: 'less than 0.00000001 can be withdrawn'};
	return {ok: true, amount: plain(out), ltvAfter: ltvWith(loan, new Big(loan.pledgeAmount).minus(out))};
}

/** The most collateral that can leave now with the LTV staying `safetyMargin` (default 5 points) below the margin
 * call; "0" when none can. */
export function maxWithdrawable(loan: LoanFigures, safetyMargin = DEFAULT_SAFETY_MARGIN): {amount: string; ltvAfter: string; limit: string} {
	const limit = plain(new Big(loan.supRate).minus(safetyMargin), 8);
	if (new Big(limit).lte(0) || new Big(loan.pledgeRate).gte(limit)) return {amount: '0', ltvAfter: loan.pledgeRate, limit};
	const out = new Big(loan.pledgeAmount).minus(pledgeAt(loan, limit)).round(8, Big.roundDown);
	if (out.lte(0)) return {amount: '0', ltvAfter: loan.pledgeRate, limit};
	return {amount: plain(out), ltvAfter: ltvWith(loan, new Big(loan.pledgeAmount).minus(out)), limit};
}

/** A withdrawal of more than the max withdrawable (at `safetyMargin`): how far past it goes — the LTV after, the limit,
 * and the LTV points then left to the margin call; undefined when it is within the max. The same figures as
 * checkCollateralChange's LTV after (LTV × pledge ÷ new pledge). */
export function pastMaxWithdrawable(
	loan: LoanFigures,
	amount: string,
	safetyMargin = DEFAULT_SAFETY_MARGIN,
): {max: string; limit: string; ltvAfter: string; toMarginCall: string} | undefined {
	const max = maxWithdrawable(loan, safetyMargin);
	if (new Big(amount).lte(max.amount)) return undefined;
	const left = new Big(loan.pledgeAmount).minus(amount);
	const ltvAfter = left.gt(0) ? ltvWith(loan, left) : '1';
	return {max: max.amount, limit: max.limit, ltvAfter, toMarginCall: plain(new Big(loan.supRate).minus(ltvAfter), 8)};
}

/** The partial repayment (interest first, then principal; the collateral kept) that brings the LTV down to `target`:
 * owed − owed × target ÷ LTV, rounded up. Repaying with the collateral released would not lower the LTV. */
export function repaymentToLtv(loan: Pick<OngoingLoan, 'pledgeRate' | 'loanAmount' | 'interestAmount'>, target: string): TargetAmount {
	const bad = checkTarget(target);
	if (bad) return {ok: false, reason: bad};
	if (new Big(loan.pledgeRate).lte(target))
		return {ok: false, reason: `the LTV is ${percent(loan.pledgeRate)} already, at or below ${percent(target)}: nothing to repay`};
	const owed = new Big(loan.loanAmount).plus(loan.interestAmount);
	const pay = owed.minus(owed.times(target).div(loan.pledgeRate)).round(8, Big.roundUp);
	const left = owed.minus(pay);
	return {ok: true, amount: plain(pay), ltvAfter: plain(new Big(loan.pledgeRate).times(left).div(owed), 6)};
}

/** A target LTV as a person types it ("60", "60%", "62.5"): the fraction, or undefined when it is not a percentage
 * above 0 and below 100. */
export function parseLtvPercent(text: string): string | undefined {
	const trimmed = text.trim().replace(/\s*%$/, '');
	if (!/^\d{1,3}(\.\d{1,4})?$/.test(trimmed)) return undefined;
	const value = new Big(trimmed);
	return value.gt(0) && value.lt(100) ? value.div(100).toFixed() : undefined;
}

/** The widest safety margin accepted: 50 points. */
const MAX_SAFETY_MARGIN_POINTS = 50;

/** A safety margin in LTV points as typed ("5", "2.5"): the fraction, or undefined outside 0–50 points. */
export function parseMarginPoints(text: string): string | undefined {
	const trimmed = text.trim().replace(/\s*(points?|pts?)$/i, '');
	if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed)) return undefined;
	const value = new Big(trimmed);
	return value.lte(MAX_SAFETY_MARGIN_POINTS) ? value.div(100).toFixed() : undefined;
}

export const LTV_PERCENT_RULE = 'a percentage above 0 and below 100, like 60';
export const MARGIN_POINTS_RULE = `LTV points from 0 to ${MAX_SAFETY_MARGIN_POINTS}, like 5`;
