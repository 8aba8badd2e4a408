// Reads a plan (operations/plan.ts) for the values asked, with its progress; a new run or leaving the screen aborts
// the reads still going. The loan coin and amount are checked against Bitget's coin list (planScope) before any
// request; until that list is read, nothing else is asked for.
import {useCallback, useEffect, useRef, useState} from 'react';
import type {BitgetClient} from '../../api/client.js';
import {InputError} from '../../api/errors.js';
import type {CoinInfos} from '../../api/loan-types.js';
import {planLoan, planScope, type Plan} from '../../operations/plan.js';
import type {CoinInfoState} from '../../services/coin-info-store.js';
import {whenStore, type Store} from '../../services/store.js';
import {periodsOf, type PlanRequestValues} from './reducer.js';

export type PlanRead =
	| {status: 'idle'}
	| {status: 'running'; done: number; total: number}
	| {status: 'ready'; plan: Plan}
	| {status: 'refused'; message: string}
	| {status: 'error'; error: unknown};

export interface PlanReading {
	read: PlanRead;
	/** Reads the plan of these values, the run before it aborted. */
	start(asked: PlanRequestValues): void;
}

/** `kept`: the plan read before the screen was left for the borrow wizard: shown again, not read again. */
export function usePlanRead(client: BitgetClient, coinInfos: Store<CoinInfoState>, kept?: Plan): PlanReading {
	const [read, setRead] = useState<PlanRead>(kept ? {status: 'ready', plan: kept} : {status: 'idle'});
	const running = useRef<AbortController | undefined>(undefined);
	useEffect(() => () => running.current?.abort(), []);
	const start = useCallback(
		(asked: PlanRequestValues) => {
			running.current?.abort();
			const controller = new AbortController();
			running.current = controller;
			setRead({status: 'running', done: 0, total: 0});
			const settle = (next: PlanRead) => {
				if (!controller.signal.aborted) setRead(next);
			};
			afterCoinList(coinInfos, controller.signal, (list) => readPlan(client, asked, list, controller.signal, settle));
		},
		[client, coinInfos],
	);
	return {read, start};
}

/** Calls `then` once the coin list is read (with it) or failed (without it: the plan reads it itself); never once
 * `signal` aborts. */
function afterCoinList(coinInfos: Store<CoinInfoState>, signal: AbortSignal, then: (list: CoinInfos | undefined) => void): void {
	whenStore(
		coinInfos,
		(state) => state.status === 'ready' || state.status === 'error',
		(state) => then(state.status === 'ready' ? state.infos : undefined),
		signal,
	);
}

function readPlan(client: BitgetClient, asked: PlanRequestValues, list: CoinInfos | undefined, signal: AbortSignal, settle: (read: PlanRead) => void): void {
	const refused = (error: unknown): PlanRead => (error instanceof InputError ? {status: 'refused', message: error.message} : {status: 'error', error});
	if (list) {
		try {
			planScope(list, asked.loanCoin, asked.loanAmount);
		} catch (error) {
			return settle(refused(error));
		}
	}
	planLoan(
		client,
		{loanCoin: asked.loanCoin, loanAmount: asked.loanAmount, periods: periodsOf(asked.periods)},
		{
			signal,
			...(list ? {coinInfos: list} : {}),
			onProgress: ({done, total}) => settle({status: 'running', done, total}),
		},
	).then(
		(plan) => settle({status: 'ready', plan}),
		(error: unknown) => settle(refused(error)),
	);
}
