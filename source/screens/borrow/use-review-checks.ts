// What the review checks before its y may send, and the loan-amount cost it shows: signed requests over plain http
// to another host are refused (client.assertCanSign), the coins and Bitget's min/max borrow by the one pre-check
// (operations/borrow-check.ts, as the CLI), and by loan amount the collateral and hourly interest are estimated
// (loans/loan-cost.ts). y sends nothing while the check runs or refuses.
import {useEffect, useState} from 'react';
import type {BitgetClient} from '../../api/client.js';
import {borrowVerdict} from '../../operations/borrow-check.js';
import {borrowRequestOf} from './borrow-request.js';
import {estimateLoanCost, type LoanCost} from '../../loans/loan-cost.js';
import {errorLine} from '../../format/describe-error.js';
import type {CoinInfoState, CoinInfoStore} from '../../services/coin-info-store.js';
import {createStore} from '../../services/store.js';
import {useStore} from '../../ui/use-store.js';
import type {PeriodResult} from '../../ui/use-live-estimate.js';
import type {WizardValues} from './reducer.js';

type CostState = {status: 'loading'} | {status: 'ready'; cost: LoanCost | undefined} | {status: 'error'; error: unknown};

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
	// The one pre-check and its one failure policy (operations/borrow-check.ts), from what the review already loaded.
	if (!coinInfos) return {...checks, note: "Bitget's borrow limits could not be looked up; the server checks them"};
	if (infos.status === 'idle' || infos.status === 'loading') return {...checks, checking: true};
	if (!loanMode && (estimate === 'loading' || estimate === undefined)) return {...checks, checking: true};
	const lookedUp = infos.status === 'ready' ? {ok: true as const, value: infos.infos} : {ok: false as const, error: infos.error};
	const byEstimate =
		loanMode || estimate === 'loading' || estimate === undefined
			? undefined
			: estimate.ok
				? {ok: true as const, value: estimate.estimate}
				: {ok: false as const, error: estimate.error};
	const verdict = borrowVerdict(borrowRequestOf(values), lookedUp, byEstimate);
	// Refused, or no coin list to check by: y sends nothing (reload on the Coins screen, or come back to the review).
	if (verdict.status !== 'ok') return {...checks, blocked: verdict.reason};
	return verdict.notes.length > 0 ? {...checks, note: verdict.notes.join('; ')} : checks;
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
