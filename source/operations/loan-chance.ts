// A loan's chance of a margin call and of liquidation before its term ends, read for a pair: its price history
// (operations/price-history.ts, read once an hour) through the model of loans/chance.ts. One shape for every place a
// chance is shown or printed: the borrow review, the Plan, the Loans list, a loan's detail, --json and watch.
import {loanChance, type LoanChance, type LoanHorizon} from '../loans/chance.js';
import type {PriceSeries} from '../loans/price-series.js';
import type {PriceHistory} from './price-history.js';

/** The chance as known: the model's answer, "no history" (never a guess), or why the history could not be read. */
export type ChanceRead = LoanChance | {status: 'unavailable'; problem: string};

export interface ChanceQuestion {
	/** Today's price of the pledge coin in the loan coin, and its two marks in the same coin: decimal strings. */
	price: string;
	marginCallPrice: string;
	liquidationPrice: string;
	horizon: LoanHorizon;
}

/** The chance for one question from a history already read. */
export function chanceFrom(history: PriceHistory, question: ChanceQuestion): ChanceRead {
	if (history.status !== 'ok') return history.status === 'unavailable' ? history : {status: 'no history', reason: history.reason};
	return chanceOfSeries(history.series, question);
}

/** The chance for one question from a series. A price of zero (none known) cannot be put to the model: unavailable. */
export function chanceOfSeries(series: PriceSeries, question: ChanceQuestion): ChanceRead {
	if (!(Number(question.price) > 0)) return {status: 'unavailable', problem: 'no price to start from'};
	return loanChance(series, {
		price: question.price,
		marginCallPrice: question.marginCallPrice,
		liquidationPrice: question.liquidationPrice,
		...question.horizon,
	});
}

/** What history says about one mark, as --json prints it. */
interface HistoryJson {
	hits: number;
	windows: number;
	windowDays: number;
}

/** The chance in --json (loans, plan, watch): names that say which line and that it is a probability (0..1). */
export interface ChanceJson {
	status: 'ok' | 'no history' | 'unavailable';
	/** Annualized realized volatility of the last 30 days (0.62 = 62 % a year). */
	volatility?: number;
	horizonDays?: number;
	/** A flexible loan has no term: 30 days are assumed. */
	flexibleAssumed30Days?: boolean;
	marginCallProbability?: number;
	liquidationProbability?: number;
	marginCallReached?: boolean;
	liquidationReached?: boolean;
	/** Of the windows of the horizon's length in the last 90 days, how many fell as far as the mark. */
	marginCallHistory?: HistoryJson;
	liquidationHistory?: HistoryJson;
	/** Why there is no chance ('no history', 'unavailable'). */
	reason?: string;
}

const rounded = (value: number, places: number) => Number(value.toFixed(places));

export function chanceJson(chance: ChanceRead): ChanceJson {
	if (chance.status === 'no history') return {status: 'no history', reason: chance.reason};
	if (chance.status === 'unavailable') return {status: 'unavailable', reason: chance.problem};
	return {
		status: 'ok',
		volatility: rounded(chance.volatility, 4),
		horizonDays: rounded(chance.horizonDays, 4),
		flexibleAssumed30Days: chance.flexible,
		marginCallProbability: rounded(chance.marginCall.probability, 6),
		liquidationProbability: rounded(chance.liquidation.probability, 6),
		marginCallReached: chance.marginCall.reached,
		liquidationReached: chance.liquidation.reached,
		...(chance.marginCall.history ? {marginCallHistory: chance.marginCall.history} : {}),
		...(chance.liquidation.history ? {liquidationHistory: chance.liquidation.history} : {}),
	};
}
