// The loanable and pledgeable coins (coinInfos) as tables: official rates per period, limits, LTVs. One layout for
// `loan-tui coins` and the app's Coins screen.
import {PERIODS} from '../api/types.js';
import type {CoinInfos} from '../api/loan-types.js';
import {PERIOD_LABEL} from './estimate.js';
import {aprPercent, coinAmount, hourlyRate, ltvPercent} from './money.js';
import {sanitize} from './sanitize.js';
import type {Column} from './table.js';

export interface CoinTable {
	columns: Column[];
	rows: string[][];
}

/** Each loanable coin: hourly rate / APR per period, min and max amount. Too wide: the limits go first, then the periods from the right. */
export function loanableTable(infos: CoinInfos): CoinTable {
	return {
		columns: [
			{header: 'LOAN COIN', priority: 0},
			...PERIODS.map((period) => ({header: `${PERIOD_LABEL[period]} hourly / APR`, priority: 1})),
			{header: 'MIN', priority: 2},
			{header: 'MAX', priority: 2},
		],
		rows: infos.loanInfos.map((info) => [
			sanitize(info.coin),
			...PERIODS.map((period) => (info.hourRate[period] === undefined ? '—' : `${hourlyRate(info.hourRate[period])} / ${aprPercent(info.annualRate[period])}`)),
			info.minAmount === undefined ? '—' : coinAmount(info.minAmount, info.coin),
			info.maxAmount === undefined ? '—' : coinAmount(info.maxAmount, info.coin),
		]),
	};
}

/** Each pledgeable coin: initial, margin-call and liquidation LTV. */
export function pledgeableTable(infos: CoinInfos): CoinTable {
	return {
		columns: [
			{header: 'PLEDGE COIN', priority: 0},
			{header: 'INITIAL LTV', priority: 1},
			{header: 'MARGIN CALL', priority: 1},
			{header: 'LIQUIDATION', priority: 0},
		],
		rows: infos.pledgeInfos.map((info) => [sanitize(info.coin), ltvPercent(info.initRate), ltvPercent(info.supRate), ltvPercent(info.forceRate)]),
	};
}
