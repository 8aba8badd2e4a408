// What the Loans screen knows of the account: the ongoing loans (riskiest first), the totals from `debts`, when
// they were read, and whether a read is out. Pure: every transition is tested without rendering.
import type {Debts, OngoingLoan} from '../../api/loan-types.js';
import {byRisk} from '../../loans/ltv.js';
import type {PricesRead} from '../../ui/use-prices.js';

export interface LoanBookState {
	/** undefined until the first answer. */
	loans?: OngoingLoan[];
	/** Loans of the last answer left out because they could not be read (said on screen). */
	unreadable?: number;
	/** The totals, or why they could not be read (the loans still show). */
	debts?: Debts;
	debtsError?: unknown;
	/** Every ticker, read with the loans (undefined until the first read). */
	prices?: PricesRead;
	/** Local time of the last good read. */
	updatedAt?: number;
	/** A read is out (the first, a timed refresh, or Ctrl+R). */
	loading: boolean;
	/** Why the last read failed; the loans of the read before stay on screen. */
	error?: unknown;
	/** Number of the read whose answer is awaited: an older read's late answer is dropped. */
	request: number;
}

export type LoanBookAction =
	| {type: 'start'}
	| {type: 'loaded'; request: number; loans: OngoingLoan[]; debts: Debts | {error: unknown}; prices?: PricesRead; at: number; unreadable?: number}
	| {type: 'failed'; request: number; error: unknown};

export const initialLoanBook: LoanBookState = {loading: false, request: 0};

export function loanBookReducer(state: LoanBookState, action: LoanBookAction): LoanBookState {
	switch (action.type) {
		case 'start':
			return {...state, loading: true, request: state.request + 1};
		case 'loaded': {
			if (action.request !== state.request) return state;
			const debts = 'error' in action.debts ? {debts: state.debts, debtsError: action.debts.error} : {debts: action.debts, debtsError: undefined};
			return {
				...state,
				...debts,
				loans: [...action.loans].sort(byRisk),
				prices: action.prices ?? state.prices,
				unreadable: action.unreadable ?? 0,
				updatedAt: action.at,
				loading: false,
				error: undefined,
			};
		}
		case 'failed':
			return action.request === state.request ? {...state, loading: false, error: action.error} : state;
	}
}
