// The routes a screen opens another screen with, and their parameters: one file outside every screen's folder, so
// a screen that opens another (Estimate's Ctrl+B opens Borrow, Loans opens a Loan and History) imports this, never
// the other screen's folder. The registry (source/app/registry.tsx) ties each route type to its screen.
import type {EstimateRequest, Period} from '../api/types.js';
import type {Plan, PlanSort} from '../operations/plan.js';

/** Values carried into the borrow wizard: a pledge amount (the estimate's Ctrl+B), or the amount to borrow (a Plan
 * row's Enter), which opens the wizard in its loan-amount mode. */
export type BorrowPrefill = Partial<EstimateRequest> & {loanAmount?: string};

/** The borrow wizard, optionally with values carried over (from the estimate: Ctrl+B; from a plan: Enter). */
export interface BorrowRoute {
	name: 'borrow';
	prefill?: BorrowPrefill;
}

export function borrowRoute(prefill?: BorrowPrefill): BorrowRoute {
	return {name: 'borrow', prefill};
}

/** The Loans screen; `selected` keeps the highlighted order when coming back from a loan's detail. */
export interface LoansRoute {
	name: 'loans';
	selected?: string;
}

export function loansRoute(selected?: string): LoansRoute {
	return {name: 'loans', selected};
}

/** One loan's detail and its actions (repay, add or withdraw collateral). */
export interface LoanRoute {
	name: 'loan';
	orderId: string;
}

export function loanRoute(orderId: string): LoanRoute {
	return {name: 'loan', orderId};
}

/** What the History screen keeps for the way back from a record's loan: the history, window and filter shown, and
 * the selected record by its identity (order id and time), so the row is found again however the records moved. */
export interface HistoryKept {
	tab: number;
	days: number;
	query: string;
	record?: string;
}

/** The loan history screen (loans, repayments, collateral changes, liquidations). */
export interface HistoryRoute {
	name: 'history';
	kept?: HistoryKept;
}

export function historyRoute(kept?: HistoryKept): HistoryRoute {
	return {name: 'history', kept};
}

/** What the Plan screen keeps for the way back from the borrow wizard it opened: the values typed and planned, the
 * order and highlighted row, and the plan read (its rows are shown again as they were, not read again). */
export interface PlanKept {
	form: {loanCoin: string; loanAmount: string; periods: 'ALL' | Period};
	asked: {loanCoin: string; loanAmount: string; periods: 'ALL' | Period};
	run: number;
	sort: PlanSort;
	highlighted: number;
	top: number;
	plan: Plan;
}

/** The Plan screen: every pledge coin ranked for one loan. */
export interface PlanRoute {
	name: 'plan';
	kept?: PlanKept;
}

export function planRoute(kept?: PlanKept): PlanRoute {
	return {name: 'plan', kept};
}
