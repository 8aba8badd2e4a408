// What the review reads for the values it shows: the estimate (pledge mode), the checks y waits for or is refused by
// (use-review-checks.ts), and the prices the loan starts at, read once as the review opens (again when it opens
// again, after a change of values), and the pair's price history for the chance and the chart (ui/use-price-histories.ts:
// read beside the rest, never waited for by y).
import type {PriceHistory} from '../../operations/price-history.js';
import {pairKey, usePriceHistories} from '../../ui/use-price-histories.js';
import {useServices} from '../../ui/services.js';
import {usePrices, type PricesRead} from '../../ui/use-prices.js';
import type {PeriodResult} from '../../ui/use-live-estimate.js';
import type {MoneyStage} from '../../ui/money/money-review-bindings.js';
import type {WizardStep, WizardValues} from './reducer.js';
import {useReviewChecks, type ReviewChecks} from './use-review-checks.js';
import {useReviewEstimate} from './use-review-estimate.js';

export interface BorrowReview {
	estimate: PeriodResult | 'loading' | undefined;
	checks: ReviewChecks;
	prices?: PricesRead;
	/** The pledge coin's history in the loan coin; undefined while it is read. */
	history?: PriceHistory;
	/** The server accepted these values (its estimate answered for them, or the borrow went through): the next run
	 * opens with them. Values it refused stay this session's only. */
	accepted: boolean;
}

export function useBorrowReview(values: WizardValues, stage: WizardStep | MoneyStage): BorrowReview {
	const {client, coinInfos, priceHistory} = useServices();
	const onReview = stage === 'review';
	const estimate = useReviewEstimate(client, values, onReview);
	const checks = useReviewChecks(client, coinInfos, values, onReview, estimate);
	const prices = usePrices(client, onReview);
	const pair = {base: values.pledgeCoin, quote: values.loanCoin};
	const history = usePriceHistories(priceHistory, [pair], onReview).get(pairKey(pair));
	const answered =
		values.amountMode === 'pledge' ? estimate !== 'loading' && estimate?.ok === true : checks.cost?.status === 'ready' && checks.cost.cost !== undefined;
	return {estimate, checks, prices, history, accepted: stage === 'result' || (onReview && !checks.blocked && answered)};
}
