// Fetches the estimate for every period as soon as the inputs are valid: debounced, a newer input aborts the
// older requests, and answers that arrive late are dropped. By pledge (one request per period), or by the amount to
// borrow (operations/loan-amount-estimate.ts: the derivation and its check, two requests per period). Every request
// goes through the client's rate limiter for the estimate endpoint (api/client.ts; 10/s per IP), so the six of a
// round by loan amount never exceed it.
import {useEffect, useState} from 'react';
import type {BitgetClient} from '../api/client.js';
import type {Estimate, Period} from '../api/types.js';
import {estimateByLoanAmount, type LoanAmountEstimate} from '../operations/loan-amount-estimate.js';

export interface EstimateQuery {
	loanCoin: string;
	pledgeCoin: string;
	pledgeAmount: string;
}

export interface LoanAmountQuery {
	loanCoin: string;
	pledgeCoin: string;
	loanAmount: string;
	/** Asked about first (operations/loan-amount-estimate.ts referencePledgeFor); not part of what is asked for: a
	 * new price does not ask again. */
	referencePledge?: string;
}

export type PeriodResult = {ok: true; estimate: Estimate} | {ok: false; error: unknown};
export type LoanAmountResult = {ok: true; value: LoanAmountEstimate} | {ok: false; error: unknown};

type Live<Q, R> =
	| {status: 'idle'}
	/** A request is due or under way; the last answers stay on screen (marked as updating) meanwhile. */
	| {status: 'waiting'; key: string; previous?: Partial<Record<Period, R>>; previousQuery?: Q}
	/** `query`: the values these answers are for. */
	| {status: 'ready'; key: string; results: Partial<Record<Period, R>>; query: Q};

export type LiveEstimate = Live<EstimateQuery, PeriodResult>;
export type LiveLoanAmountEstimate = Live<LoanAmountQuery, LoanAmountResult>;

export const ESTIMATE_DEBOUNCE_MS = 250;

/** The key of a query by pledge (the screen compares an answer's key with it). */
export function estimateKey(query: EstimateQuery): string {
	return `${query.loanCoin}|${query.pledgeCoin}|${query.pledgeAmount}`;
}

/** The key of a query by loan amount. */
export function loanAmountKey(query: LoanAmountQuery): string {
	return `${query.loanCoin}|${query.pledgeCoin}|loan ${query.loanAmount}`;
}

/** `refresh`: a number to bump when the same query should be fetched again (Ctrl+R). */
export function useLiveEstimate(
	client: BitgetClient,
	query: EstimateQuery | undefined,
	periods: readonly Period[],
	debounceMs = ESTIMATE_DEBOUNCE_MS,
	refresh = 0,
): LiveEstimate {
	return useLive(client, query && {key: estimateKey(query), query}, periods, askByPledge, debounceMs, refresh);
}

/** By the amount to borrow: the collateral derived from one estimate and checked with a second, per period. */
export function useLiveLoanAmountEstimate(
	client: BitgetClient,
	query: LoanAmountQuery | undefined,
	periods: readonly Period[],
	debounceMs = ESTIMATE_DEBOUNCE_MS,
	refresh = 0,
): LiveLoanAmountEstimate {
	return useLive(client, query && {key: loanAmountKey(query), query}, periods, askByLoanAmount, debounceMs, refresh);
}

type Ask<Q, R> = (client: BitgetClient, query: Q, daily: Period, signal: AbortSignal) => Promise<R>;

const askByPledge: Ask<EstimateQuery, PeriodResult> = (client, query, daily, signal) =>
	client.estimate({loanCoin: query.loanCoin, pledgeCoin: query.pledgeCoin, pledgeAmount: query.pledgeAmount, daily}, {signal}).then(
		(estimate): PeriodResult => ({ok: true, estimate}),
		(error: unknown): PeriodResult => ({ok: false, error}),
	);

const askByLoanAmount: Ask<LoanAmountQuery, LoanAmountResult> = (client, query, daily, signal) =>
	estimateByLoanAmount(client, {...query, daily}, {check: true, signal}).then(
		(value): LoanAmountResult => (value === undefined ? {ok: false, error: new Error('the estimate lends nothing for this pledge')} : {ok: true, value}),
		(error: unknown): LoanAmountResult => ({ok: false, error}),
	);

function useLive<Q, R>(
	client: BitgetClient,
	asked: {key: string; query: Q} | undefined,
	periods: readonly Period[],
	ask: Ask<Q, R>,
	debounceMs: number,
	refresh: number,
): Live<Q, R> {
	const key = asked ? `${asked.key}#${refresh}` : undefined;
	const periodsKey = periods.join(',');
	const [state, setState] = useState<Live<Q, R>>({status: 'idle'});

	useEffect(() => {
		if (!asked || !key) {
			setState({status: 'idle'});
			return;
		}
		const {query} = asked;
		setState((previous) => {
			if (previous.status !== 'idle' && previous.key === key) return previous;
			if (previous.status === 'ready') return {status: 'waiting', key, previous: previous.results, previousQuery: previous.query};
			if (previous.status === 'waiting') return {status: 'waiting', key, previous: previous.previous, previousQuery: previous.previousQuery};
			return {status: 'waiting', key};
		});
		const controller = new AbortController();
		const timer = setTimeout(() => {
			const requests = periods.map((daily) => ask(client, query, daily, controller.signal));
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
	}, [client, key, periodsKey, debounceMs, ask]);

	return state;
}
