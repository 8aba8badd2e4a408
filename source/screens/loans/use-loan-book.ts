// Reads the ongoing loans and the totals: at once, then every REFRESH_MS while the screen is open, and on demand
// (Ctrl+R). One read at a time: a new one aborts the one before; leaving the screen aborts it too
// (ui/use-polled-read.ts). Two signed GETs per read, far inside the 10/s limits, and the tickers beside them.
import {useCallback, useReducer} from 'react';
import type {BitgetClient} from '../../api/client.js';
import {missingCredentials, type CredentialsAccess} from '../../services/credentials-access.js';
import {usePolledRead} from '../../ui/use-polled-read.js';
import {readPricesNow} from '../../ui/use-prices.js';
import {initialLoanBook, loanBookReducer, type LoanBookState} from './book-reducer.js';

const REFRESH_MS = 15_000;

export interface LoanBook {
	state: LoanBookState;
	/** Read again now (Ctrl+R). */
	refresh(): void;
}

/** `onRead` hears the open order ids of each read (for shell completion). */
export function useLoanBook(client: BitgetClient, credentials: CredentialsAccess, refreshMs = REFRESH_MS, onRead?: (orderIds: string[]) => unknown): LoanBook {
	const [state, dispatch] = useReducer(loanBookReducer, initialLoanBook);
	const read = useCallback(
		async (signal: AbortSignal) => {
			const access = await credentials.load();
			if (access.status !== 'ready') throw missingCredentials('reading your loans', credentials.keychain.get(), access);
			// Loans are read one by one: one that cannot be read is left out and counted, not the whole list lost.
			// The tickers with them: the prices the LTVs are projected from are this read's (ui/use-prices.ts).
			const [page, debts, prices] = await Promise.all([
				client.ongoingOrderPage({}, {signal}),
				client.debts({signal}).catch((error: unknown) => ({error})),
				readPricesNow(client, signal),
			]);
			return {page, debts, prices};
		},
		[client, credentials],
	);
	const refresh = usePolledRead(
		read,
		{
			started: () => dispatch({type: 'start'}),
			took: ({page, debts, prices}, number) => {
				dispatch({type: 'loaded', request: number, loans: page.records, unreadable: page.unreadable, debts, prices, at: Date.now()});
				onRead?.(page.records.map((loan) => loan.orderId));
			},
			failed: (error, number) => dispatch({type: 'failed', request: number, error}),
		},
		refreshMs,
	);
	return {state, refresh};
}
