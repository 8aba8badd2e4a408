// What a loan's detail shows and its forms check against: the loan read with its tickers (use-loan.ts), at the live
// price between reads while the detail shows, the account's family, and the targets "max withdrawable" and "add … to
// get back to" are figured with, and the pair's price history: the chance of a margin call before the term ends
// (operations/ongoing-loan-chance.ts, at the price the detail shows) and the chart.
import {useEffect, useMemo} from 'react';
import type {OngoingLoan} from '../../api/loan-types.js';
import type {AccountFamily} from '../../api/types.js';
import type {LoanTargets} from '../../format/loan-targets.js';
import {DEFAULT_SAFETY_MARGIN} from '../../loans/targets.js';
import type {CoinInfoState} from '../../services/coin-info-store.js';
import type {LoanTargetMemory} from '../../services/input-memory.js';
import {createStore} from '../../services/store.js';
import {useServices} from '../../ui/services.js';
import {useAccountFamily} from '../../ui/use-account-family.js';
import {useLiveLoans} from '../../ui/use-live-loans.js';
import {useNow} from '../../ui/use-now.js';
import type {PricesRead} from '../../ui/use-prices.js';
import {useStore} from '../../ui/use-store.js';
import {useLoan, type LoanState} from './use-loan.js';
import {pairKey, usePriceHistories} from '../../ui/use-price-histories.js';
import {loanPair, ongoingLoanChance} from '../../operations/ongoing-loan-chance.js';
import type {ChanceRead} from '../../operations/loan-chance.js';
import type {PriceHistory} from '../../operations/price-history.js';
import {quotePrice} from '../../loans/prices.js';

const NO_COIN_INFOS = createStore<CoinInfoState>({status: 'idle'});

export interface LoanFigures {
	read: LoanState;
	/** The loan as read; undefined while it is read, or when it is no longer open. */
	loan: OngoingLoan | undefined;
	/** The loan at the live price (its LTV projected), when the price moved since the read. */
	liveLoan: OngoingLoan | undefined;
	/** The prices read with the loan, the newer live ones in their place: the detail's. */
	livePrices: PricesRead | undefined;
	/** The prices as read with the loan: a review keeps the ones it opened with. */
	prices: PricesRead | undefined;
	/** A unified account may repay out of the collateral (a choice on the repay review). */
	family: AccountFamily | undefined;
	targets: LoanTargets;
	safetyMargin: string;
	/** This machine's clock, each second (the figures' ages). */
	now: number;
	/** Server time now, and when the loan was read: the repay amount step and review count the interest hours started
	 * since (loans/repay-preview.ts). */
	serverNow: number;
	readAt: number | undefined;
	/** The pair's price history (the chart's path); undefined while it is read. */
	history: PriceHistory | undefined;
	/** Today's price the detail shows (the live one when there is one): the chance's and the chart's. */
	price: string | undefined;
	/** The chance of a margin call before the term ends at that price; 'reading' until the history is there;
	 * undefined without a loan or when its expiry cannot be read. */
	chance: ChanceRead | 'reading' | undefined;
	/** Read the loan again now; the number of the read sent (use-loan.ts). */
	refresh(): number;
}

/** `shown`: the detail shows (not a form or a review): the loan is read again on a timer and follows the live price. */
export function useLoanFigures(orderId: string, shown: boolean, settings: LoanTargetMemory): LoanFigures {
	const {client, credentials, coinInfos, priceStream, debug, priceHistory} = useServices();
	const loanRead = useLoan(client, credentials, orderId, shown);
	const now = useNow();
	const read = loanRead.state;
	const loan = read.status === 'ready' ? read.loan : undefined;
	const family = useAccountFamily(client, loan !== undefined);
	// The tickers are read with every read of the loan (use-loan.ts); a review keeps the prices it opened with (the loan
	// is not read again under it either).
	const prices = read.status === 'ready' ? read.prices : undefined;
	// On the detail (not under a review, which keeps what it opened with) the LTV follows the live price between reads,
	// as on the Loans list (operations/watch-live.ts).
	const loanList = useMemo(() => (loan ? [loan] : []), [loan]);
	const live = useLiveLoans(client, priceStream, loanList, prices, shown, debug);
	const infos = useStore(coinInfos ?? NO_COIN_INFOS);
	useEffect(() => {
		coinInfos?.ensure();
	}, [coinInfos]);
	const pairs = useMemo(() => (loan ? [loanPair(loan)] : []), [loan]);
	const histories = usePriceHistories(priceHistory, pairs, loan !== undefined);
	const history = loan ? histories.get(pairKey(loanPair(loan))) : undefined;
	const serverNow = client.clock.now();
	const today = live.prices && loan ? quotePrice(live.prices.prices, loan.pledgeCoin, loan.loanCoin, serverNow) : undefined;
	const price = today?.status === 'ok' ? today.price : undefined;
	const initialLtv = loan && infos.status === 'ready' ? infos.infos.pledgeInfos.find((info) => info.coin === loan.pledgeCoin)?.initRate : undefined;
	return {
		read,
		loan,
		liveLoan: live.projected.size > 0 ? live.loans[0] : undefined,
		livePrices: live.prices,
		prices,
		family,
		targets: {...settings, initialLtv},
		safetyMargin: settings.safetyMargin ?? DEFAULT_SAFETY_MARGIN,
		now,
		serverNow,
		readAt: read.status === 'ready' ? read.serverAt : undefined,
		history,
		price,
		chance: loan ? ongoingLoanChance(loan, price, history, serverNow) : undefined,
		refresh: loanRead.refresh,
	};
}
