// How a plan row and an estimate by loan amount read to a person, for the CLI (`plan`, `estimate --loan-amount`) and
// the app (the Plan screen, Estimate by loan amount) alike: one set of cells and words, so both write them one way.
import {showAnnualRate} from '../format/apr.js';
import {chancePercent, NO_HISTORY} from '../format/chance-words.js';
import {PERIOD_LABEL} from '../format/estimate.js';
import {coinAmount, ltvPercent, withCoin} from '../format/money.js';
import {markPrice, priceAmount, priceWithAge} from '../format/price.js';
import {sanitize} from '../format/sanitize.js';
import type {Column} from '../format/table.js';
import type {LoanAmountEstimate} from './loan-amount-estimate.js';
import type {PlanRow} from './plan.js';

/** The plan's columns, in the order of `planCells`; the priority is how soon a column goes when the line is short. */
export const PLAN_COLUMNS: Column[] = [
	{header: 'PLEDGE', priority: 0},
	{header: 'PERIOD', priority: 0},
	{header: 'COLLATERAL', priority: 0},
	{header: '≈ USDT', priority: 3},
	{header: 'APR', priority: 0},
	{header: 'LTV', priority: 2},
	{header: 'PRICE', priority: 4},
	{header: 'MARGIN CALL AT', priority: 1},
	{header: 'LIQUIDATION AT', priority: 0},
	{header: 'CALL CHANCE', priority: 1},
];

/** Why a row has no price: "no price" (no pair), "unavailable" (tickers failed), or "—" (not estimated). */
export function noPriceWords(row: PlanRow): string {
	return row.price.status === 'no price' ? 'no price' : row.price.status === 'unavailable' ? 'unavailable' : '—';
}

/** The chance of a margin call within the row's period: "33%", "no history", "unavailable", "…" while its candles
 * are read; a row without prices says why, as its price columns do. */
function chanceCell(row: PlanRow): string {
	if (!row.prices) return noPriceWords(row);
	if (row.chance === undefined) return '…';
	if (row.chance.status === 'ok') return chancePercent(row.chance.marginCall);
	return row.chance.status === 'no history' ? NO_HISTORY : 'unavailable';
}

/** One row's cells under PLAN_COLUMNS; `coin` is the loan coin. */
export function planCells(row: PlanRow, coin: string): string[] {
	const estimate = row.estimate;
	const noPrice = noPriceWords(row);
	return [
		sanitize(row.pledgeCoin),
		PERIOD_LABEL[row.period],
		estimate ? withCoin(estimate.pledgeAmount, sanitize(row.pledgeCoin)) : 'not estimated',
		estimate?.pledgeUsdt === undefined ? '—' : coinAmount(estimate.pledgeUsdt, 'USDT'),
		estimate
			? showAnnualRate(
					estimate.apr === undefined ? {source: 'none'} : {fraction: estimate.apr, source: estimate.aprSource === 'official' ? 'official' : 'estimate'},
				)
			: '—',
		row.initialLtv === undefined ? '—' : ltvPercent(row.initialLtv),
		row.price.status === 'ok' ? priceAmount(row.price.price, coin) : noPrice,
		row.prices ? markPrice(row.prices.marginCallPrice, row.prices.marginCallDistance, coin) : noPrice,
		row.prices ? markPrice(row.prices.liquidationPrice, row.prices.liquidationDistance, coin) : noPrice,
		chanceCell(row),
	];
}

/** The age of the prices used, once: "BTC 26,800 USDT, 2 s ago; ETH …" for the first few coins. */
export function pricesLine(rows: readonly PlanRow[], coin: string): string {
	const seen = new Set<string>();
	const parts: string[] = [];
	for (const row of rows) {
		if (seen.has(row.pledgeCoin) || row.price.status !== 'ok') continue;
		seen.add(row.pledgeCoin);
		parts.push(priceWithAge(row.pledgeCoin, coin, row.price));
	}
	return parts.slice(0, 3).join('; ') + (parts.length > 3 ? `; and ${parts.length - 3} more` : '') || 'none';
}

/** What the check at the derived pledge found: "agrees (at …)" or, beyond the server's rounding, both answers. */
export function loanAmountCheckWords(value: LoanAmountEstimate, loanAmount: string, coin: string, pledge: string): string {
	const check = value.check;
	if (check === undefined) return 'not checked';
	const at = `at ${withCoin(value.pledgeAmount, pledge)} the server lends ${withCoin(check.estimate.loanAmount, coin)}, ${withCoin(check.estimate.hourInterest, coin)} per hour`;
	if (check.agrees) return `agrees (${at})`;
	return `DISAGREES beyond rounding: derived ${withCoin(loanAmount, coin)} at ${withCoin(value.hourInterest, coin)} per hour from ${withCoin(value.reference.pledgeAmount, pledge)} → ${withCoin(value.reference.estimate.loanAmount, coin)}; ${at}`;
}
