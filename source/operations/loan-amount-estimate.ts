// An estimate by the amount to borrow. The estimate endpoint takes a pledge only, and what it lends is linear in the
// pledge: one request at a reference pledge, scaled to the loan amount (derived, and said so), then a second request
// at the derived pledge to check it. When the two disagree by more than the server's rounding, both are reported.
import Big from 'big.js';
import type {BitgetClient} from '../api/client.js';
import type {PledgeCoinInfo} from '../api/loan-types.js';
import type {Estimate, Period} from '../api/types.js';
import {costOfLoanAmount} from '../loans/loan-cost.js';
import {plain} from '../loans/ltv.js';
import {collateralFor, type PriceQuote} from '../loans/prices.js';

export interface LoanAmountRequest {
	loanCoin: string;
	pledgeCoin: string;
	daily: Period;
	loanAmount: string;
	/** The pledge asked about first (default 1 coin): near the answer (from a price), the scaling is closest. */
	referencePledge?: string;
}

export interface LoanAmountEstimate {
	/** Collateral the loan amount takes (rounded up), and its hourly interest: derived from `reference`. */
	pledgeAmount: string;
	hourInterest: string;
	derived: true;
	reference: {pledgeAmount: string; estimate: Estimate};
	/** The server's answer at the derived pledge; `agrees` when it lends the loan amount and charges the derived
	 * interest within the server's rounding. */
	check?: {estimate: Estimate; agrees: boolean};
}

type EstimateClient = Pick<BitgetClient, 'estimate'>;

/** The smallest step of a decimal as the server printed it ("0.12" → 0.01), at least 1e-8. */
function step(text: string): Big {
	const dot = text.indexOf('.');
	const places = dot === -1 ? 0 : text.length - dot - 1;
	return new Big(10).pow(-Math.min(8, places));
}

/** Whether `got` (answered for `pledge`) is what scaling `reference` promised, within the rounding of both answers and
 * of the pledge (rounded up to 8 decimals). */
export function withinRounding(
	reference: {pledgeAmount: string; estimate: Estimate},
	promised: {loanAmount: string; hourInterest: string},
	got: Estimate,
): boolean {
	const ref = new Big(reference.pledgeAmount);
	const ratio = new Big(promised.loanAmount).div(reference.estimate.loanAmount);
	const pledgeStep = new Big('0.00000001');
	const close = (field: 'loanAmount' | 'hourInterest') => {
		const perPledge = new Big(reference.estimate[field]).div(ref);
		const tolerance = step(got[field]).plus(step(reference.estimate[field]).times(ratio)).plus(perPledge.times(pledgeStep));
		return new Big(got[field]).minus(promised[field]).abs().lte(tolerance);
	};
	return close('loanAmount') && close('hourInterest');
}

/** The pledge to ask about first: the collateral today's price and the pledge coin's initial LTV call for, so the
 * scaling moves it least; undefined (1 coin is asked) without a price or an initial LTV. */
export function referencePledgeFor(loanAmount: string, price: PriceQuote, pledgeInfo: Pick<PledgeCoinInfo, 'initRate'> | undefined): string | undefined {
	return price.status === 'ok' && pledgeInfo && new Big(pledgeInfo.initRate).gt(0) ? collateralFor(loanAmount, price.price, pledgeInfo.initRate) : undefined;
}

/** The derivation alone (one request); `check: true` asks the second. Undefined when the reference lends nothing. */
export async function estimateByLoanAmount(
	client: EstimateClient,
	request: LoanAmountRequest,
	options: {check?: boolean; signal?: AbortSignal} = {},
): Promise<LoanAmountEstimate | undefined> {
	const {loanCoin, pledgeCoin, daily, loanAmount} = request;
	const ask = (pledgeAmount: string) => client.estimate({loanCoin, pledgeCoin, daily, pledgeAmount}, {signal: options.signal});
	const referencePledge = request.referencePledge ?? '1';
	const first = await ask(referencePledge);
	const cost = costOfLoanAmount(referencePledge, first, loanAmount);
	if (cost === undefined) return undefined;
	const result: LoanAmountEstimate = {
		pledgeAmount: cost.pledgeAmount,
		hourInterest: plain(new Big(cost.hourInterest), 8),
		derived: true,
		reference: {pledgeAmount: referencePledge, estimate: first},
	};
	if (options.check !== true) return result;
	const second = await ask(cost.pledgeAmount);
	return {...result, check: {estimate: second, agrees: withinRounding(result.reference, {loanAmount, hourInterest: cost.hourInterest}, second)}};
}
