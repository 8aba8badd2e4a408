// Fetches the estimate for every period as soon as the inputs are valid: debounced, a newer input aborts the
// older requests, and answers that arrive late are dropped.
import {useEffect, useState} from 'react';
import type {BitgetClient} from '../api/client.js';
import type {Estimate, Period} from '../api/types.js';

export interface EstimateQuery {
	loanCoin: string;
	pledgeCoin: string;
	pledgeAmount: string;
}

export type PeriodResult = {ok: true; estimate: Estimate} | {ok: false; error: unknown};

export type LiveEstimate =
	| {status: 'idle'}
	/** A request is due or under way; the last answers stay on screen (marked as updating) meanwhile. */
	| {status: 'waiting'; key: string; previous?: Partial<Record<Period, PeriodResult>>; previousQuery?: EstimateQuery}
	/** `query`: the values these answers are for. */
	| {status: 'ready'; key: string; results: Partial<Record<Period, PeriodResult>>; query: EstimateQuery};

export const ESTIMATE_DEBOUNCE_MS = 250;

function queryKey(query: EstimateQuery): string {
	return `${query.loanCoin}|${query.pledgeCoin}|${query.pledgeAmount}`;
}

/** `refresh`: a number to bump when the same query should be fetched again (Ctrl+R). */
export function useLiveEstimate(
	client: BitgetClient,
	query: EstimateQuery | undefined,
	periods: readonly Period[],
	debounceMs = ESTIMATE_DEBOUNCE_MS,
	refresh = 0,
): LiveEstimate {
	const key = query ? `${queryKey(query)}#${refresh}` : undefined;
	const periodsKey = periods.join(',');
	const [state, setState] = useState<LiveEstimate>({status: 'idle'});

	useEffect(() => {
		if (!query || !key) {
			setState({status: 'idle'});
			return;
		}
		setState((previous) => {
			if (previous.status !== 'idle' && previous.key === key) return previous;
			if (previous.status === 'ready') return {status: 'waiting', key, previous: previous.results, previousQuery: previous.query};
			if (previous.status === 'waiting') return {status: 'waiting', key, previous: previous.previous, previousQuery: previous.previousQuery};
			return {status: 'waiting', key};
		});
		const controller = new AbortController();
		const timer = setTimeout(() => {
			const requests = periods.map((daily) =>
				client.estimate({...query, daily}, {signal: controller.signal}).then(
					(estimate): PeriodResult => ({ok: true, estimate}),
					(error: unknown): PeriodResult => ({ok: false, error}),
				),
			);
			void Promise.all(requests).then((answers) => {
				if (controller.signal.aborted) return;
				setState({status: 'ready', key, query, results: Object.fromEntries(periods.map((period, i) => [period, answers[i]]))});
			});
		}, debounceMs);
		return () => {
			clearTimeout(timer);
			controller.abort();
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps -- the query and periods are fully described by key and periodsKey
	}, [client, key, periodsKey, debounceMs]);

	return state;
}
