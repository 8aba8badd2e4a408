// Reads a plan (operations/plan.ts) for the values asked, with its progress; a new run or leaving the screen aborts
// the reads still going. The loan coin and amount are checked against Bitget's coin list (planScope) before any
// request; until that list is read, nothing else is asked for.
import {useEffect, useRef, useState} from 'react';
import type {BitgetClient} from '../../api/client.js';
import {InputError} from '../../api/errors.js';
import {planLoan, planScope, type Plan} from '../../operations/plan.js';
import type {CoinInfoState} from '../../services/coin-info-store.js';
import {periodsOf, type PlanRequestValues} from './reducer.js';

export type PlanRead =
	| {status: 'idle'}
	| {status: 'running'; done: number; total: number}
	| {status: 'ready'; plan: Plan}
	| {status: 'refused'; message: string}
	| {status: 'error'; error: unknown};

/** `kept`: the plan of this run, read before the screen was left for the borrow wizard: shown again, not read again. */
export function usePlan(client: BitgetClient, infos: CoinInfoState, asked: PlanRequestValues | undefined, run: number, kept?: Plan): PlanRead {
	const [state, setState] = useState<PlanRead>(kept ? {status: 'ready', plan: kept} : {status: 'idle'});
	const keptRun = useRef(kept ? run : undefined);
	// The coin list once read (or failed): the plan then reads it no more (or reads it itself).
	const list = infos.status === 'ready' ? infos.infos : undefined;
	const listSettled = infos.status === 'ready' || infos.status === 'error';
	useEffect(() => {
		if (asked === undefined || run === 0 || run === keptRun.current) return;
		if (!listSettled) {
			setState({status: 'running', done: 0, total: 0});
			return;
		}
		const periods = periodsOf(asked.periods);
		if (list) {
			try {
				planScope(list, asked.loanCoin, asked.loanAmount);
			} catch (error) {
				setState(error instanceof InputError ? {status: 'refused', message: error.message} : {status: 'error', error});
				return;
			}
		}
		const controller = new AbortController();
		setState({status: 'running', done: 0, total: 0});
		planLoan(client, {loanCoin: asked.loanCoin, loanAmount: asked.loanAmount, periods}, {
			signal: controller.signal,
			...(list ? {coinInfos: list} : {}),
			onProgress: ({done, total}) => {
				if (!controller.signal.aborted) setState({status: 'running', done, total});
			},
		}).then(
			(plan) => {
				if (!controller.signal.aborted) setState({status: 'ready', plan});
			},
			(error: unknown) => {
				if (controller.signal.aborted) return;
				setState(error instanceof InputError ? {status: 'refused', message: error.message} : {status: 'error', error});
			},
		);
		return () => controller.abort();
		// eslint-disable-next-line react-hooks/exhaustive-deps -- a plan is read once per run (its values are `asked` of that run)
	}, [client, run, listSettled]);
	return state;
}
