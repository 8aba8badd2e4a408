// The one risk scale of a loan: the Loans screen, a loan's detail, `loans --json` and `loan-tui watch` all name a
// loan's risk by it, so a person never reads "near margin call" in one place and "ok" in another for the same loan.
// Pure: no I/O, big.js throughout; LTVs are fractions (api/loan-types.ts).
//
// ok < warn < margin-call < liquidation-near:
// - warn from the warn LTV (default: the margin-call LTV less 5 points), or when the pledge coin may fall at most
//   `warnFall` before the margin call (watch's --warn-ltv and --warn-fall; the app uses the defaults);
// - margin-call from the margin-call LTV;
// - liquidation-near from 3 points below the liquidation LTV, and at or past it too. There is no fifth level for
//   "at liquidation": Bitget liquidates at that LTV, so the loan is being sold either way and nothing else is left to
//   do, and a fifth level would change what watch's scripts already read (its NDJSON levels, --once's exit 12). The
//   detail's "Liquidation: reached now" and the gauge still say it was reached.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {priceMoveTo} from './ltv.js';
import {markFalls} from './prices.js';

export type RiskLevel = 'ok' | 'warn' | 'margin-call' | 'liquidation-near';

/** How bad a level is: what "worse" means, for the Loans screen's announcement and for watch. */
export const RISK_SEVERITY: Record<RiskLevel, number> = {ok: 0, warn: 1, 'margin-call': 2, 'liquidation-near': 3};

/** Words for each level, so risk is never shown by colour alone (watch's alerts say the same words). */
export const RISK_LABEL: Record<RiskLevel, string> = {
	ok: 'ok',
	warn: 'WARN',
	'margin-call': 'MARGIN CALL',
	'liquidation-near': 'LIQUIDATION NEAR',
};

/** The default room below the margin-call LTV where warn begins: 5 points. */
const WARN_BELOW_CALL = '0.05';
/** Within this many points of the liquidation LTV a loan is liquidation-near. */
const NEAR_LIQUIDATION = '0.03';

export interface RiskThresholds {
	/** warn from this LTV (a fraction); default: the loan's margin-call LTV less 5 points. */
	warnLtv?: string;
	/** warn when the pledge coin may fall at most this much (a fraction) before the margin call. */
	warnFall?: string;
}

type LoanLtvs = Pick<OngoingLoan, 'supRate' | 'forceRate'>;

/** The level of a loan at `ltv` (read, or projected from a price). `fallToCall`: how far the pledge coin may fall before
 * the margin call, from today's price (prices.ts markFalls); without it, from the LTV (1 − L / T). */
export function riskLevel(loan: LoanLtvs, ltv: string, thresholds: RiskThresholds = {}, fallToCall?: string): RiskLevel {
	const value = new Big(ltv);
	if (value.gte(new Big(loan.forceRate).minus(NEAR_LIQUIDATION))) return 'liquidation-near';
	if (value.gte(loan.supRate)) return 'margin-call';
	const warnLtv = thresholds.warnLtv ?? new Big(loan.supRate).minus(WARN_BELOW_CALL).toFixed();
	if (value.gte(warnLtv)) return 'warn';
	if (thresholds.warnFall !== undefined && new Big(fallToCall ?? priceMoveTo(ltv, loan.supRate)).lte(thresholds.warnFall)) return 'warn';
	return 'ok';
}

export interface LoanRisk {
	level: RiskLevel;
	label: string;
	/** Fraction the pledge coin may fall (vs the loan coin) before the margin call / the liquidation. */
	moveToMarginCall: string;
	moveToLiquidation: string;
}

/** A loan's risk at its own LTV, with the price falls to each mark: from today's `price` (the pledge coin in the loan
 * coin) when it is known, as the mark prices are (prices.ts markFalls); else from the LTV. */
export function riskOf(
	loan: Pick<OngoingLoan, 'pledgeRate' | 'supRate' | 'forceRate' | 'loanAmount' | 'interestAmount' | 'pledgeAmount'>,
	thresholds: RiskThresholds = {},
	price?: string,
): LoanRisk {
	const falls = markFalls(loan, price);
	const level = riskLevel(loan, loan.pledgeRate, thresholds, falls.moveToMarginCall);
	return {level, label: RISK_LABEL[level], ...falls};
}
