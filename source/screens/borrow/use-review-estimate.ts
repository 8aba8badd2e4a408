import {useMemo} from 'react';
import type {BitgetClient} from '../../api/client.js';
import {useLiveEstimate, type PeriodResult} from '../../ui/use-live-estimate.js';
import type {WizardValues} from './reducer.js';

/** The review's estimate: in pledge mode, for the chosen period, fetched while the review is shown. */
export function useReviewEstimate(client: BitgetClient, values: WizardValues, onReview: boolean): PeriodResult | 'loading' | undefined {
	const pledgeMode = values.amountMode === 'pledge';
	const query = useMemo(
		() => (onReview && pledgeMode ? {loanCoin: values.loanCoin, pledgeCoin: values.pledgeCoin, pledgeAmount: values.amount} : undefined),
		[onReview, pledgeMode, values.loanCoin, values.pledgeCoin, values.amount],
	);
	const periods = useMemo(() => [values.daily], [values.daily]);
	const live = useLiveEstimate(client, query, periods, 0);
	if (!query) return undefined;
	return live.status === 'ready' ? live.results[values.daily] : 'loading';
}
