// The amounts that answer a loan's next question, in words the loan detail (screens/loan/loan-figures.tsx) and
// `loan-tui loans ORDER` both print: the most collateral that can leave now, a safety margin below the margin call,
// and what to add to bring the LTV back to a target (the pledge coin's initial LTV unless one is set).
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {collateralToAdd, DEFAULT_SAFETY_MARGIN, maxWithdrawable, type pastMaxWithdrawable} from '../loans/targets.js';
import {ltvPercent, withCoin} from './money.js';
import {sanitize} from './sanitize.js';

export interface LoanTargets {
	/** Room kept below the margin-call LTV, a fraction ("0.05": 5 points); default DEFAULT_SAFETY_MARGIN. */
	safetyMargin?: string;
	/** The LTV "add N" brings the loan back to, a fraction; default the initial LTV. */
	targetLtv?: string;
	/** The pledge coin's initial LTV (coinInfos initRate), when it was read. */
	initialLtv?: string;
}

/** "5 points", "2.5 points", "1 point": a margin (a fraction) in LTV points. */
export function marginPoints(margin: string): string {
	const points = new Big(margin).times(100);
	return `${points.toFixed()} point${points.eq(1) ? '' : 's'}`;
}

type TargetLoan = Pick<OngoingLoan, 'pledgeRate' | 'pledgeAmount' | 'supRate' | 'pledgeCoin'>;

/** [label, words] rows: "Max withdrawable", then "To initial LTV" or "To target LTV" (none without a target). */
export function loanTargetRows(loan: TargetLoan, targets: LoanTargets): Array<[string, string]> {
	const coin = sanitize(loan.pledgeCoin);
	const margin = targets.safetyMargin ?? DEFAULT_SAFETY_MARGIN;
	const under = `${marginPoints(margin)} under the margin call`;
	const max = maxWithdrawable(loan, margin);
	const rows: Array<[string, string]> = [
		[
			'Max withdrawable',
			max.amount === '0'
				? `none now (the LTV must stay at or below ${ltvPercent(max.limit)}, ${under})`
				: `${withCoin(max.amount, coin)} now (the LTV would be ${ltvPercent(max.ltvAfter)}, ${under})`,
		],
	];
	const target = targets.targetLtv ?? targets.initialLtv;
	if (target !== undefined) {
		const add = collateralToAdd(loan, target);
		const label = targets.targetLtv === undefined ? 'To initial LTV' : 'To target LTV';
		rows.push([label, add.ok ? `add ${withCoin(add.amount, coin)} to get back to ${ltvPercent(target)}` : `nothing to add: at or below ${ltvPercent(target)}`]);
	}
	return rows;
}

/** A withdrawal past the max withdrawable in words, for the CLI's refusal and question and the app's second question:
 * "past the max withdrawable (none now, 5 points under the margin call): the LTV would be 77.36%, 2.64 points from the
 * margin call of 80.00%". */
export function pastMaxWords(
	loan: Pick<OngoingLoan, 'supRate' | 'pledgeCoin'>,
	past: NonNullable<ReturnType<typeof pastMaxWithdrawable>>,
	safetyMargin = DEFAULT_SAFETY_MARGIN,
): string {
	const max = past.max === '0' ? 'none now' : `${withCoin(past.max, sanitize(loan.pledgeCoin))} now`;
	return `past the max withdrawable (${max}, ${marginPoints(safetyMargin)} under the margin call): the LTV would be ${ltvPercent(past.ltvAfter)}, ${pointsFromCall(past.toMarginCall)} from the margin call of ${ltvPercent(loan.supRate)}`;
}

/** LTV points with two decimals: "2.64 points". */
export function pointsFromCall(fraction: string): string {
	const points = new Big(fraction).times(100);
	return `${points.toFixed(2, Big.roundHalfUp)} points`;
}
