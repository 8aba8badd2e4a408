// Every endpoint the simulator serves, in both API families: the v2 (classic) ones of OPERATIONS and their v3
// (unified) twins of reference Part E.1 under the same operation names, plus the two v3 account endpoints (E.2).
import {OPERATIONS, type OperationName} from '../api/types.js';
import type {ApiFamily, SimulatedOperation} from './types.js';

export interface Endpoint {
	operation: SimulatedOperation;
	family: ApiFamily;
	method: 'GET' | 'POST';
	path: string;
	perSecond: number;
	/** Answered without credentials, limited per IP (the v2 /public/ paths, the tickers and the candles). */
	isPublic: boolean;
}

const V3_PER_SECOND = 10;

// Every v3 endpoint is signed and limited per UID (reference E.1), the estimate and the coins too.
const V3_PATHS: ReadonlyArray<readonly [SimulatedOperation, 'GET' | 'POST', string]> = [
	['accountSettings', 'GET', '/api/v3/account/settings'],
	['accountInfo', 'GET', '/api/v3/account/info'],
	['coinInfos', 'GET', '/api/v3/loan/coins'],
	['estimate', 'GET', '/api/v3/loan/interest'],
	['borrow', 'POST', '/api/v3/loan/borrow'],
	['ongoingOrders', 'GET', '/api/v3/loan/borrow-ongoing'],
	['repay', 'POST', '/api/v3/loan/repay'],
	['revisePledge', 'POST', '/api/v3/loan/revise-pledge'],
	['reviseHistory', 'GET', '/api/v3/loan/pledge-rate-history'],
	['borrowHistory', 'GET', '/api/v3/loan/borrow-history'],
	['repayHistory', 'GET', '/api/v3/loan/repay-history'],
	['reduces', 'GET', '/api/v3/loan/reduces'],
	['debts', 'GET', '/api/v3/loan/debts'],
];

const ENDPOINTS: readonly Endpoint[] = [
	...(Object.keys(OPERATIONS) as OperationName[]).map((operation): Endpoint => {
		const {method, path, perSecond} = OPERATIONS[operation];
		// The market data (tickers, candles) is public although its path has no /public/ in it (reference D.4).
		return {operation, family: 'v2', method, path, perSecond, isPublic: path.includes('/public/') || path.startsWith('/api/v2/spot/market/')};
	}),
	...V3_PATHS.map(([operation, method, path]): Endpoint => ({operation, family: 'v3', method, path, perSecond: V3_PER_SECOND, isPublic: false})),
];

const BY_PATH = new Map(ENDPOINTS.map((endpoint) => [endpoint.path, endpoint]));

export type Routed = {kind: 'endpoint'; endpoint: Endpoint} | {kind: 'time'} | {kind: 'unknown'};

const TIME_PATH = '/api/v2/public/time';

export function route(method: string, path: string): Routed {
	const endpoint = BY_PATH.get(path);
	// Bitget answers a wrong method on a known path like an unknown path.
	if (endpoint) return endpoint.method === method ? {kind: 'endpoint', endpoint} : {kind: 'unknown'};
	return path === TIME_PATH && method === 'GET' ? {kind: 'time'} : {kind: 'unknown'};
}

export function familyOf(path: string): ApiFamily {
	return path.startsWith('/api/v3/') ? 'v3' : 'v2';
}
