/** One loan's detail and its actions (repay, add or withdraw collateral). */
export interface LoanRoute {
	name: 'loan';
	orderId: string;
}

export function loanRoute(orderId: string): LoanRoute {
	return {name: 'loan', orderId};
}
