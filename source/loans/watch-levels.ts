// How close a watched loan is to losing its collateral, as one of five levels (what `loan-tui watch` alerts on).
// Pure: no I/O, big.js throughout; LTVs are fractions (api/loan-types.ts).
//
// ok < warn < margin-call < liquidation-near, then closed (repaid or liquidated). A loan is at warn from the warn LTV
// (default: the margin-call LTV less 5 points) or when its pledge coin is within `warnFall` of the margin-call price;
// at margin-call from the margin-call LTV; liquidation-near within 3 points of the liquidation LTV.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {priceMoveTo} from './ltv.js';

export type WatchLevel = 'ok' | 'warn' | 'margin-call' | 'liquidation-near' | 'closed';

/** How bad a level is, for "worse" and for --once's exit status; closed is not a risk. */
const SEVERITY: Record<WatchLevel, number> = {closed: -1, ok: 0, warn: 1, 'margin-call': 2, 'liquidation-near': 3};

/** The default room below the margin-call LTV where warn begins: 5 points. */
const WARN_BELOW_CALL = '0.05';
/** Within this many points of the liquidation LTV a loan is liquidation-near. */
const NEAR_LIQUIDATION = '0.03';

export interface WatchThresholds {
	/** warn from this LTV (a fraction); default: the loan's margin-call LTV less 5 points. */
	warnLtv?: string;
	/** warn when the pledge coin may fall at most this much (a fraction) before the margin call. */
	warnFall?: string;
}

type LoanLtvs = Pick<OngoingLoan, 'supRate' | 'forceRate'>;

/** The level of a loan at `ltv` (read, or projected from a price). */
export function watchLevel(loan: LoanLtvs, ltv: string, thresholds: WatchThresholds = {}): Exclude<WatchLevel, 'closed'> {
	const value = new Big(ltv);
	if (value.gte(new Big(loan.forceRate).minus(NEAR_LIQUIDATION))) return 'liquidation-near';
	if (value.gte(loan.supRate)) return 'margin-call';
	const warnLtv = thresholds.warnLtv ?? new Big(loan.supRate).minus(WARN_BELOW_CALL).toFixed();
	if (value.gte(warnLtv)) return 'warn';
	if (thresholds.warnFall !== undefined && new Big(priceMoveTo(ltv, loan.supRate)).lte(thresholds.warnFall)) return 'warn';
	return 'ok';
}

export const isWorse = (next: WatchLevel, previous: WatchLevel): boolean => SEVERITY[next] > SEVERITY[previous];

export const severity = (level: WatchLevel): number => SEVERITY[level];

/** Why thresholds cannot work for a loan (a warn LTV at or above its liquidation LTV), or undefined. */
export function thresholdProblem(loan: LoanLtvs, thresholds: WatchThresholds): string | undefined {
	if (thresholds.warnLtv !== undefined && new Big(thresholds.warnLtv).gte(loan.forceRate)) return 'the warn LTV is at or above the liquidation LTV';
	return undefined;
}

/** The LTV now, projected from the price the loan was read at: L × P_read ÷ P_now (the LTV scales as 1 / price), at
 * `places` decimals (6 for an alert; more where prices are derived from it again, so they do not drift). */
export function projectedLtv(readLtv: string, readPrice: string, priceNow: string, places = 6): string {
	return new Big(readLtv).times(readPrice).div(priceNow).round(places, Big.roundHalfUp).toFixed();
}
