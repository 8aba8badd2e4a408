// One loan, read by its order id: at once, every REFRESH_MS while `live` (the detail is shown, not a form or a
// review: figures never change under a person deciding), and on demand. undefined loan: no longer open.
import {useCallback, useEffect, useRef, useState} from 'react';
import type {BitgetClient} from '../../api/client.js';
import type {OngoingLoan} from '../../api/loan-types.js';
import type {CredentialsAccess} from '../../services/credentials-access.js';
import {readPricesNow, type PricesRead} from '../../ui/use-prices.js';

const LOAN_REFRESH_MS = 15_000;

export type LoanState =
	| {status: 'loading'}
	| {
			status: 'ready';
			loan: OngoingLoan | undefined;
			prices: PricesRead;
			at: number;
			/** Server time when the read was sent: the loan's interest holds the hours started by then (loans/repay-preview.ts). */
			serverAt: number;
			refreshing: boolean;
			error?: unknown;
	  }
	| {status: 'error'; error: unknown};

export function useLoan(client: BitgetClient, credentials: CredentialsAccess, orderId: string, live: boolean): {state: LoanState; refresh(): void} {
	const [state, setState] = useState<LoanState>({status: 'loading'});
	const controller = useRef<AbortController | undefined>(undefined);
	const refresh = useCallback(() => {
		controller.current?.abort();
		const mine = new AbortController();
		controller.current = mine;
		setState((previous) => (previous.status === 'ready' ? {...previous, refreshing: true} : previous));
		// The credentials are looked up first (environment, keychain): a signed read needs them. The tickers are read
		// beside the loan: its LTV and the prices it is projected from are one read's (ui/use-prices.ts).
		// The server time is taken as the read is sent: the interest it answers holds the hours started by then.
		const read = () => {
			const serverAt = client.clock.now();
			return Promise.all([client.ongoingOrders({orderId}, {signal: mine.signal}), readPricesNow(client, mine.signal)]).then(([loans, prices]) => ({loans, prices, serverAt}));
		};
		credentials.load().then(read).then(
			({loans, prices, serverAt}) => {
				if (!mine.signal.aborted) setState({status: 'ready', loan: loans.find((loan) => loan.orderId === orderId), prices, at: Date.now(), serverAt, refreshing: false});
			},
			(error: unknown) => {
				if (mine.signal.aborted) return;
				setState((previous) => (previous.status === 'ready' ? {...previous, refreshing: false, error} : {status: 'error', error}));
			},
		);
	}, [client, credentials, orderId]);
	useEffect(() => {
		refresh();
		return () => controller.current?.abort();
	}, [refresh]);
	useEffect(() => {
		if (!live) return;
		const timer = setInterval(refresh, LOAN_REFRESH_MS);
		return () => clearInterval(timer);
	}, [live, refresh]);
	return {state, refresh};
}
