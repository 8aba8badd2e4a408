// What the review checks before its y may send, and the loan-amount cost it shows: signed requests over plain http
// to another host are refused (client.assertCanSign), Bitget's min/max borrow of the loan coin (coinInfos) is
// checked against the amount borrowed (in pledge mode: the estimate's borrowable amount), and by loan amount the
// collateral and hourly interest are estimated (loans/loan-cost.ts).
import {useEffect, useState} from 'react';
import type {BitgetClient} from '../../api/client.js';
import {checkBorrowLimits} from '../../loans/limits.js';
import {estimateLoanCost, type LoanCost} from '../../loans/loan-cost.js';
import {errorLine} from '../../ui/describe-error.js';
import type {CoinInfoState, CoinInfoStore} from '../../ui/coin-info-store.js';
import {createStore, useStore} from '../../ui/store.js';
import type {PeriodResult} from '../estimate/use-live-estimate.js';
import type {WizardValues} from './reducer.js';

export type CostState = {status: 'loading'} | {status: 'ready'; cost: LoanCost | undefined} | {status: 'error'; error: unknown};

export interface ReviewChecks {
	/** Why y cannot send these values; nothing is sent while set. */
	blocked?: string;
	/** The limits are still being looked up: y waits. */
	checking: boolean;
	/** Said on the review when the limits could not be checked here (the server still checks them). */
	note?: string;
	/** Loan-amount mode: the collateral it takes and the hourly interest (estimates). */
	cost?: CostState;
}

const NO_COIN_INFOS = createStore<CoinInfoState>({status: 'idle'});

export function useReviewChecks(
	client: BitgetClient,
	coinInfos: CoinInfoStore | undefined,
	values: WizardValues,
	onReview: boolean,
	estimate: PeriodResult | 'loading' | undefined,
): ReviewChecks {
	const infos = useStore(coinInfos ?? NO_COIN_INFOS);
	useEffect(() => {
		if (onReview) coinInfos?.ensure();
	}, [onReview, coinInfos]);
	const loanMode = values.amountMode === 'loan';
	const cost = useLoanCost(client, values, onReview && loanMode);
	if (!onReview) return {checking: false};

	let signProblem: string | undefined;
	try {
		client.assertCanSign();
	} catch (error) {
		signProblem = errorLine(error);
	}
	const checks: ReviewChecks = {checking: false, cost: loanMode ? cost : undefined};
	if (signProblem) return {...checks, blocked: signProblem};
	if (!coinInfos || infos.status === 'error') return {...checks, note: "Bitget's borrow limits could not be looked up; the server checks them"};
	if (infos.status !== 'ready') return {...checks, checking: true};
	const info = infos.infos.loanInfos.find((item) => item.coin === values.loanCoin);
	if (!info) return {...checks, blocked: `${values.loanCoin} is not in Bitget's list of loanable coins`};
	let borrowed: string | undefined = loanMode ? values.amount : undefined;
	if (!loanMode) {
		if (estimate === 'loading' || estimate === undefined) return {...checks, checking: true};
		if (!estimate.ok) return {...checks, note: "the estimate failed, so Bitget's borrow limits were not checked here; the server checks them"};
		borrowed = estimate.estimate.loanAmount;
	}
	const verdict = checkBorrowLimits(info, borrowed!);
	return verdict.ok ? checks : {...checks, blocked: loanMode ? verdict.reason : `${verdict.reason} (what this pledge borrows, by the estimate)`};
}

function useLoanCost(client: BitgetClient, values: WizardValues, active: boolean): CostState {
	const [state, setState] = useState<CostState>({status: 'loading'});
	const {loanCoin, pledgeCoin, daily, amount} = values;
	useEffect(() => {
		if (!active) return;
		const controller = new AbortController();
		setState({status: 'loading'});
		estimateLoanCost((pledgeAmount) => client.estimate({loanCoin, pledgeCoin, daily, pledgeAmount}, {signal: controller.signal}), amount).then(
			(cost) => !controller.signal.aborted && setState({status: 'ready', cost}),
			(error: unknown) => !controller.signal.aborted && setState({status: 'error', error}),
		);
		return () => controller.abort();
	}, [client, active, loanCoin, pledgeCoin, daily, amount]);
	return state;
}
