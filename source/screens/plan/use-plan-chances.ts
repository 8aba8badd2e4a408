// The chance of a margin call of each way on the Plan screen: each pledge pair's candles read through the app's one
// reader (operations/price-history.ts: once an hour per pair) from the moment the plan is asked — while its estimates
// go out — and each row's chance filled in as its pair comes (undefined meanwhile: "…", never a guess). A plan kept
// for the way back from the borrow wizard keeps the chances it had until its pairs are read again (from memory).
import {useMemo} from 'react';
import {planRowChance, type Plan, type PlanRow} from '../../operations/plan.js';
import type {PriceHistoryReader} from '../../operations/price-history.js';
import type {CoinInfoState} from '../../services/coin-info-store.js';
import {pairKey, usePriceHistories, type Pair} from '../../ui/use-price-histories.js';

/** The plan's rows with their chance as known now; `loanCoin` is the coin asked (undefined before any plan). */
export function usePlanChances(reader: PriceHistoryReader, coinList: CoinInfoState, loanCoin: string | undefined, plan: Plan | undefined): PlanRow[] {
	// The pledge coins as the coin list names them (the plan ranks the same: planScope), so their candles are read
	// while the estimates are; the plan's own rows once it is read (the coin list may have failed).
	const pairs = useMemo((): Pair[] => {
		if (plan) return plan.rows.map((row) => ({base: row.pledgeCoin, quote: plan.loanCoin}));
		if (loanCoin === undefined || coinList.status !== 'ready') return [];
		return coinList.infos.pledgeInfos.filter((info) => info.coin !== loanCoin).map((info) => ({base: info.coin, quote: loanCoin}));
	}, [plan, loanCoin, coinList]);
	const histories = usePriceHistories(reader, pairs, pairs.length > 0);
	return useMemo(
		() =>
			plan
				? plan.rows.map((row) => ({...row, chance: planRowChance(row, histories.get(pairKey({base: row.pledgeCoin, quote: plan.loanCoin}))) ?? row.chance}))
				: [],
		[plan, histories],
	);
}
