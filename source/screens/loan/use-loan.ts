// One loan, read by its order id: at once, every REFRESH_MS while `live` (the detail is shown, not a form or a
// review: figures never change under a person deciding), and on demand (ui/use-polled-read.ts). undefined loan: no
// longer open.
import {useCallback, useState} from 'react';
import type {BitgetClient} from '../../api/client.js';
import type {OngoingLoan} from '../../api/loan-types.js';
import type {CredentialsAccess} from '../../services/credentials-access.js';
import {usePolledRead} from '../../ui/use-polled-read.js';
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
			/** The read's number (ui/use-polled-read.ts): what an action left is a read numbered from the one sent after it. */
			read: number;
			error?: unknown;
	  }
	| {status: 'error'; error: unknown};

export function useLoan(client: BitgetClient, credentials: CredentialsAccess, orderId: string, live: boolean): {state: LoanState; refresh(): number} {
	const [state, setState] = useState<LoanState>({status: 'loading'});
	// The credentials are looked up first (environment, keychain): a signed read needs them. The tickers are read
	// beside the loan: its LTV and the prices it is projected from are one read's (ui/use-prices.ts).
	// The server time is taken as the read is sent: the interest it answers holds the hours started by then.
	const read = useCallback(
		(signal: AbortSignal) =>
			credentials.load().then(() => {
				const serverAt = client.clock.now();
				return Promise.all([client.ongoingOrders({orderId}, {signal}), readPricesNow(client, signal)]).then(([loans, prices]) => ({loans, prices, serverAt}));
			}),
		[client, credentials, orderId],
	);
	const refresh = usePolledRead(
		read,
		{
			started: () => setState((previous) => (previous.status === 'ready' ? {...previous, refreshing: true} : previous)),
			took: ({loans, prices, serverAt}, number) =>
				setState({status: 'ready', loan: loans.find((loan) => loan.orderId === orderId), prices, at: Date.now(), serverAt, refreshing: false, read: number}),
			failed: (error) => setState((previous) => (previous.status === 'ready' ? {...previous, refreshing: false, error} : {status: 'error', error})),
		},
		live ? LOAN_REFRESH_MS : undefined,
	);
	return {state, refresh};
}
