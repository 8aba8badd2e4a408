/** The Loans screen; `selected` keeps the highlighted order when coming back from a loan's detail. */
export interface LoansRoute {
	name: 'loans';
	selected?: string;
}

export function loansRoute(selected?: string): LoansRoute {
	return {name: 'loans', selected};
}
