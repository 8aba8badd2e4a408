/** The loan history screen (loans, repayments, collateral changes, liquidations). */
export interface HistoryRoute {
	name: 'history';
}

export function historyRoute(): HistoryRoute {
	return {name: 'history'};
}
