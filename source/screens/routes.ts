import type {EstimateRequest} from '../../api/types.js';

/** The borrow wizard, optionally with values carried over (from the estimate: Ctrl+B). */
export interface BorrowRoute {
	name: 'borrow';
	prefill?: Partial<EstimateRequest>;
}

export function borrowRoute(prefill?: Partial<EstimateRequest>): BorrowRoute {
	return {name: 'borrow', prefill};
}
