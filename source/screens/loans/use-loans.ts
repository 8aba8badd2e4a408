// The Loans screen's state, reads and actions: the loans and totals as read (use-loan-book.ts), their LTVs at the
// live prices between reads, riskiest first, the list's own state (list-reducer.ts), what was sent from here, and
// where it all goes on the body (layout.ts). The keys (keys.ts) call the actions; the view (loans-screen.tsx) draws.
import {useMemo, useReducer, useState} from 'react';
import type {OngoingLoan} from '../../api/loan-types.js';
import {byRisk} from '../../loans/ltv.js';
import {copiedMessage} from '../../services/clipboard.js';
import {pasteEdit, type TextEdit} from '../../ui/fields/text-editing.js';
import {useBodySize} from '../../ui/layout.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {useNow} from '../../ui/use-now.js';
import {useLiveLoans} from '../../ui/use-live-loans.js';
import {usePriceHistories} from '../../ui/use-price-histories.js';
import {loanPair} from '../../operations/ongoing-loan-chance.js';
import {historyRoute, loanRoute, loansRoute} from '../routes.js';
import type {LoanBookState} from './book-reducer.js';
import {loansLayout, type LoansLayout} from './layout.js';
import {initialLoanList, loanListReducer, typingFilter, type LoanListState} from './list-reducer.js';
import {loanTable} from './loan-rows.js';
import {useLoanBook} from './use-loan-book.js';
import {useSentHistory, type SentHistory} from './use-sent-history.js';
import {useTopLineFailure} from './use-top-line-failure.js';
import {useWorsenedLoans} from './use-worsened-loans.js';

const NO_LOANS: readonly OngoingLoan[] = [];

export interface LoansState extends LoansLayout {
	list: LoanListState;
	book: LoanBookState;
	/** The loans of the last read (none before the first answer). */
	loans: readonly OngoingLoan[];
	/** Until the first answer: keys typed meanwhile (4 Enter from home) wait and act on the list once it shows. */
	awaitingFirstRead: boolean;
	sent: SentHistory;
	/** The last copy's message and the loan it was about. */
	notice?: {text: string; orderId?: string};
	columns: number;
}

export interface LoansActions {
	/** Select the loan `by` rows down (up when negative), among the rows the filter keeps. */
	move(by: number): void;
	first(): void;
	last(): void;
	open(orderId: string): void;
	copy(orderId: string): void;
	/** The filter line takes the keys (true) or gives them back to the list, the filter kept (false). */
	filter(on: boolean): void;
	edit(edit: TextEdit): void;
	/** A paste: typed into the filter while it has the keys, else dropped. */
	paste(text: string): void;
	/** Between the loans and what was sent from here. */
	toggleSent(): void;
	refresh(): void;
	history(): void;
}

export function useLoans(selected: string | undefined): {state: LoansState; actions: LoansActions} {
	const {client, credentials, journal, completion, lastError, clipboard, priceStream, bell, debug, priceHistory} = useServices();
	const navigation = useNavigation();
	const {columns, rows} = useBodySize();
	const now = useNow();
	const [list, dispatch] = useReducer(loanListReducer, selected, initialLoanList);
	const [notice, setNotice] = useState<LoansState['notice']>(undefined);
	const sent = useSentHistory(journal);
	// Each read of the loans reads what was sent from here again, and tells shell completion the open order ids.
	const book = useLoanBook(client, credentials, undefined, (orderIds) => {
		sent.reload();
		return completion?.orderIds(orderIds);
	});
	useTopLineFailure(lastError, book.state.error, book.state.updatedAt);
	const loans = book.state.loans ?? NO_LOANS;
	// Between reads the LTVs follow the live prices of the loans' pairs (projected, marked "live"; the next read
	// corrects them): operations/watch-live.ts, as `loan-tui watch` does. The tickers come with the loans (use-loan-book.ts).
	const live = useLiveLoans(client, priceStream, loans, book.state.prices, true, debug);
	// Riskiest first at the live prices too (the selection follows its loan, by order id).
	const shown = useMemo(() => (live.projected.size > 0 ? [...live.loans].sort(byRisk) : live.loans), [live]);
	const worsened = useWorsenedLoans(shown, live.projected, bell);
	// Each pair's price history, read once (an hour: operations/price-history.ts) for the chance of a margin call.
	const pairs = useMemo(() => loans.map(loanPair), [loans]);
	const histories = usePriceHistories(priceHistory, pairs, !list.showSent);
	const table = loanTable(shown, now, columns, live.prices && {read: live.prices.prices, now: client.clock.now(), projected: live.projected, histories});
	const layout = loansLayout({
		list,
		book: book.state,
		table,
		notice: notice?.text,
		worsened,
		totalPrices: live.prices?.prices,
		serverNow: client.clock.now(),
		now,
		columns,
		rows,
	});
	const {ids, pageSize} = layout;
	const awaitingFirstRead = book.state.loans === undefined && book.state.error === undefined;
	const state: LoansState = {...layout, list, book: book.state, loans, awaitingFirstRead, sent: sent.history, notice, columns};
	const actions: LoansActions = {
		move: (by) => dispatch({type: 'move', by, ids, pageSize}),
		first: () => dispatch({type: 'first', ids}),
		last: () => dispatch({type: 'last', ids, pageSize}),
		open: (orderId) => {
			// The list keeps its selection for the way back.
			navigation.replace(loansRoute(orderId));
			navigation.push(loanRoute(orderId));
		},
		copy: (orderId) => {
			clipboard?.copy(orderId);
			setNotice({orderId, text: copiedMessage(clipboard, 'Order ID')});
		},
		filter: (on) => dispatch({type: 'filtering', on}),
		edit: (edit) => dispatch({type: 'text', edit}),
		paste: (text) => {
			const edit = pasteEdit(text);
			if (edit && typingFilter(list)) dispatch({type: 'text', edit});
		},
		toggleSent: () => dispatch({type: 'toggle-sent'}),
		refresh: book.refresh,
		history: () => navigation.push(historyRoute()),
	};
	return {state, actions};
}
