// The live estimate of the values asked, for all three periods: by pledge, or by the amount to borrow (the collateral
// derived from one estimate and checked with a second: operations/loan-amount-estimate.ts, as `loan-tui estimate
// --loan-amount` does). Its answers go to the top line (a period's error) and, once the server has answered for
// these values, to the input memory: they are the ones the next run opens with.
import {useEffect, useMemo} from 'react';
import {PERIODS, type Period} from '../../api/types.js';
import type {Checked} from '../../api/validate.js';
import {errorLine} from '../../format/describe-error.js';
import {checkBorrowLimits, type LimitCheck} from '../../loans/limits.js';
import {quotePrice} from '../../loans/prices.js';
import {referencePledgeFor} from '../../operations/loan-amount-estimate.js';
import {useServices} from '../../ui/services.js';
import {estimateKey, loanAmountKey, useLiveEstimate, useLiveLoanAmountEstimate, type EstimateQuery, type LoanAmountQuery} from '../../ui/use-live-estimate.js';
import {usePrices} from '../../ui/use-prices.js';
import {shownAnswer, type ShownAnswer} from './shown-answer.js';
import type {AskedCoins} from './use-asked-coins.js';
import type {CoinInfoLookup} from './use-coin-info-lookup.js';

export interface EstimateAnswers extends ShownAnswer {
	/** What is asked now; undefined until the values are complete (by loan amount: and within the coin's limits, and
	 * the coin infos and today's prices read). */
	asked: EstimateQuery | LoanAmountQuery | undefined;
	/** Every value is there and checked. */
	complete: boolean;
	/** By loan amount, the loan coin's min/max against the amount (outside them the limits are the answer). */
	limits: LimitCheck;
}

interface Asking {
	loanMode: boolean;
	daily: Period;
	coins: AskedCoins;
	amount: Checked<string>;
	sameCoin: boolean;
	infos: CoinInfoLookup;
	/** Bumped by Ctrl+R: the same values asked again. */
	refresh: number;
}

export function useEstimateAnswers({loanMode, daily, coins, amount, sameCoin, infos, refresh}: Asking): EstimateAnswers {
	const {client, lastError, inputs} = useServices();
	const {loanCoin, pledgeCoin} = coins;
	const amountValue = amount.ok ? amount.value : undefined;
	const complete = loanCoin !== undefined && pledgeCoin !== undefined && amountValue !== undefined && !sameCoin;
	const query: EstimateQuery | undefined = useMemo(
		() => (!loanMode && complete ? {loanCoin, pledgeCoin, pledgeAmount: amountValue} : undefined),
		[loanMode, complete, loanCoin, pledgeCoin, amountValue],
	);
	// By loan amount: outside the loan coin's min/max the limits are the answer, and nothing is asked. So the first
	// request waits for the coin infos (and for today's prices, which give the reference pledge), each one read.
	const loanInfo = loanCoin === undefined ? undefined : infos.loan(loanCoin);
	const limits = loanMode && amountValue !== undefined && loanInfo ? checkBorrowLimits(loanInfo, amountValue) : {ok: true as const};
	const prices = usePrices(client, loanMode, refresh);
	const referencePledge =
		loanMode && complete && prices
			? referencePledgeFor(amountValue, quotePrice(prices.prices, pledgeCoin, loanCoin, prices.at), infos.pledge(pledgeCoin))
			: undefined;
	const loanQuery: LoanAmountQuery | undefined = useMemo(
		() =>
			loanMode && complete && limits.ok && infos.settled && prices !== undefined ? {loanCoin, pledgeCoin, loanAmount: amountValue, referencePledge} : undefined,
		[loanMode, complete, limits.ok, infos.settled, prices, loanCoin, pledgeCoin, amountValue, referencePledge],
	);
	const pledgeLive = useLiveEstimate(client, query, PERIODS, undefined, refresh);
	const loanLive = useLiveLoanAmountEstimate(client, loanQuery, PERIODS, undefined, refresh);
	const live = loanMode ? loanLive : pledgeLive;
	useEffect(() => {
		if (live.status !== 'ready') return;
		const failed = PERIODS.map((period) => live.results[period]).find((result) => result && !result.ok);
		if (failed && !failed.ok) lastError.report('estimate', `Estimate: ${errorLine(failed.error)}`);
		else lastError.succeeded('estimate');
	}, [live, lastError]);
	// The server answered for these values: they are the ones the next run opens with.
	// (Only the answer for the query now: just after a change the last answer is still there for one render.)
	const answered = (key: string | undefined) =>
		live.status === 'ready' && key !== undefined && live.key.startsWith(`${key}#`) && live.results[daily]?.ok === true;
	const accepted = answered(query && estimateKey(query)) || answered(loanQuery && loanAmountKey(loanQuery));
	useEffect(() => {
		if (!accepted) return;
		if (query) inputs.acceptEstimate({...query, daily, amountMode: 'pledge'});
		if (loanQuery)
			inputs.acceptEstimate({loanCoin: loanQuery.loanCoin, pledgeCoin: loanQuery.pledgeCoin, loanAmount: loanQuery.loanAmount, daily, amountMode: 'loan'});
	}, [accepted, query, loanQuery, daily, inputs]);
	const shown = shownAnswer({loanMode, pledgeLive, loanLive, query, loanQuery, official: infos.loan});
	return {asked: loanMode ? loanQuery : query, complete, limits, ...shown};
}
