// How close a watched loan is to losing its collateral, as one of five levels (what `loan-tui watch` alerts on): the
// four of the one risk scale (loans/risk.ts, where the levels and their thresholds are defined), then closed (repaid
// or liquidated). Pure: no I/O, big.js throughout; LTVs are fractions (api/loan-types.ts).
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {RISK_SEVERITY, type RiskLevel, type RiskThresholds} from './risk.js';

/** The level of a loan at `ltv` (read, or projected from a price): the one scale's, thresholds and all. */
export {riskLevel as watchLevel} from './risk.js';

export type WatchLevel = RiskLevel | 'closed';

/** How bad a level is, for "worse" and for --once's exit status; closed is not a risk. */
const SEVERITY: Record<WatchLevel, number> = {closed: -1, ...RISK_SEVERITY};

export type WatchThresholds = RiskThresholds;

type LoanLtvs = Pick<OngoingLoan, 'supRate' | 'forceRate'>;

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
