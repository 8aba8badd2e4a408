// What the review reads for the values it shows: the estimate (pledge mode), the checks y waits for or is refused by
// (use-review-checks.ts), and the prices the loan starts at, read once as the review opens (again when it opens
// again, after a change of values).
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
	/** The server accepted these values (its estimate answered for them, or the borrow went through): the next run
	 * opens with them. Values it refused stay this session's only. */
	accepted: boolean;
}

export function useBorrowReview(values: WizardValues, stage: WizardStep | MoneyStage): BorrowReview {
	const {client, coinInfos} = useServices();
	const onReview = stage === 'review';
	const estimate = useReviewEstimate(client, values, onReview);
	const checks = useReviewChecks(client, coinInfos, values, onReview, estimate);
	const prices = usePrices(client, onReview);
	const answered =
		values.amountMode === 'pledge' ? estimate !== 'loading' && estimate?.ok === true : checks.cost?.status === 'ready' && checks.cost.cost !== undefined;
	return {estimate, checks, prices, accepted: stage === 'result' || (onReview && !checks.blocked && answered)};
}
