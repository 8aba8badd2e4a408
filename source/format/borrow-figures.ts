// A borrow review's figures, for the CLI prompt and the app's review alike: today's price with its age, the LTV the
// loan starts at, the margin-call and liquidation prices of the pledge coin in the loan coin with how far each is
// from today's (loans/prices.ts), the interest over the term and the expiry with its zone. Each figure is left out
// when what it needs is unknown (no price, no estimate, no coin list); the price line says why.
import Big from 'big.js';
import type {PledgeCoinInfo} from '../api/loan-types.js';
import type {Period} from '../api/types.js';
import {plain} from '../loans/ltv.js';
import {ltvPrices, startingLtv, type PriceQuote} from '../loans/prices.js';
import {PERIOD_LABEL} from './estimate.js';
import {ltvPercent, withCoin} from './money.js';
import {markPrice, priceWithAge} from './price.js';
import {sanitize} from './sanitize.js';
import {localDateTimeWithOffset} from './time.js';

const TERM_DAYS = {SEVEN: 7, THIRTY: 30, FLEXIBLE: undefined} as const;
const DAY_MS = 86_400_000;

export interface BorrowFigureInput {
	loanCoin: string;
	pledgeCoin: string;
	daily: Period;
	/** What is borrowed and pledged (one given, the other from an estimate); undefined when unknown. */
	loanAmount?: string;
	pledgeAmount?: string;
	/** The estimate's hourly interest in the loan coin. */
	hourInterest?: string;
	price: PriceQuote;
	/** The pledge coin's LTVs (coinInfos). */
	pledgeInfo?: Pick<PledgeCoinInfo, 'supRate' | 'forceRate'> & Partial<Pick<PledgeCoinInfo, 'initRate'>>;
	/** Server time, epoch ms: the price's age is taken at it. */
	now: number;
	/** Server time the term is counted from (default `now`): the app keeps the time its review opened. */
	termFrom?: number;
}

export interface BorrowFigures {
	/** "BTC 90,000.0000 USDT, 3 s ago", "BTC: no price in USDT" or "prices unavailable (…)". */
	price: string;
	/** "70.00%" */
	startLtv?: string;
	/** The LTV of each mark ("75.00%") and its price ("84,000.0000 USDT, 6.67% below"). */
	marginCall?: {ltv: string; at: string};
	liquidation?: {ltv: string; at: string};
	/** Today's price and the two marks as plain decimal strings (the pledge coin in the loan coin), for the chance of
	 * reaching them (operations/borrow-chance.ts) and the chart; set with marginCall and liquidation. */
	marks?: {price: string; marginCallPrice: string; liquidationPrice: string};
	/** "about 12.3456 USDT over 30 days", "about 1.2345 USDT per day (flexible: no term)". */
	interest?: string;
	/** "2026-12-25 19:14 +00:00 (30 days from now)"; undefined for a flexible loan (no expiry). */
	expires?: string;
}

export function borrowFigures(input: BorrowFigureInput): BorrowFigures {
	const {loanCoin, pledgeCoin, daily, loanAmount, pledgeAmount, hourInterest, price, pledgeInfo, now, termFrom = now} = input;
	const figures: BorrowFigures = {price: priceWithAge(pledgeCoin, loanCoin, price)};
	if (price.status === 'ok' && loanAmount !== undefined && pledgeAmount !== undefined && new Big(pledgeAmount).gt(0)) {
		// The coin's initial LTV (Bitget sizes the loan at it), as the Coins screen shows it: loans/prices.ts startingLtv.
		const ltv = startingLtv(pledgeInfo?.initRate, loanAmount, pledgeAmount, price.price);
		figures.startLtv = ltvPercent(ltv);
		if (pledgeInfo) {
			const marks = ltvPrices(price.price, ltv, pledgeInfo.supRate, pledgeInfo.forceRate);
			figures.marginCall = {ltv: ltvPercent(pledgeInfo.supRate), at: markPrice(marks.marginCallPrice, marks.marginCallDistance, loanCoin)};
			figures.liquidation = {ltv: ltvPercent(pledgeInfo.forceRate), at: markPrice(marks.liquidationPrice, marks.liquidationDistance, loanCoin)};
			figures.marks = {price: price.price, marginCallPrice: marks.marginCallPrice, liquidationPrice: marks.liquidationPrice};
		}
	}
	const days = TERM_DAYS[daily];
	if (hourInterest !== undefined) {
		const perDay = new Big(hourInterest).times(24);
		const loan = sanitize(loanCoin);
		figures.interest =
			days === undefined
				? `about ${withCoin(plain(perDay), loan)} per day (flexible: no term)`
				: `about ${withCoin(plain(perDay.times(days)), loan)} over ${PERIOD_LABEL[daily]}`;
	}
	if (days !== undefined) figures.expires = `${localDateTimeWithOffset(termFrom + days * DAY_MS)} (${days} days from now)`;
	return figures;
}
