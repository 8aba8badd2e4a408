// The interest estimate: a deterministic formula (exported so tests can compute expected values) and the
// validation of the hour-interest query, in the order and with the codes the real service uses.
import Big from 'big.js';
import {PERIODS, type Estimate, type Period} from '../api/types.js';
import {COINS, initialLtv, listPrice, type PriceOf} from './coins.js';
import {formatDecimal, isPositiveDecimal} from './decimal.js';
import {failure, success, type Reply} from './reply.js';

export function isPeriod(value: string): value is Period {
	return (PERIODS as readonly string[]).includes(value);
}

function coinOrThrow(coin: string) {
	const info = COINS.get(coin);
	if (info === undefined) throw new Error(`unknown coin ${coin}`);
	return info;
}

/** Borrowable amount for a pledge: pledge × price(pledge) × initial LTV ÷ price(loan), rounded down to 8 decimals.
 * The initial LTV is the pledge coin's `initRate` in the desk's coin list, whatever the period (the period sets the
 * rate only), so loanAmount ÷ (pledge × price) is the initRate the Coins screen shows. Prices are USDT prices: the
 * table's, or the loan book's (which tests and the demo move). */
export function loanAmountFor(loanCoin: string, pledgeCoin: string, _daily: Period, pledgeAmount: string, price: PriceOf = listPrice): Big {
	coinOrThrow(loanCoin);
	coinOrThrow(pledgeCoin);
	return new Big(pledgeAmount).times(price(pledgeCoin)).times(initialLtv(pledgeCoin)).div(price(loanCoin)).round(8, Big.roundDown);
}

/** Pledge needed to borrow `loanAmount`: the inverse of loanAmountFor, rounded up (you never pledge too little). */
export function pledgeAmountFor(loanCoin: string, pledgeCoin: string, _daily: Period, loanAmount: string, price: PriceOf = listPrice): Big {
	coinOrThrow(loanCoin);
	coinOrThrow(pledgeCoin);
	return new Big(loanAmount)
		.times(price(loanCoin))
		.div(new Big(price(pledgeCoin)).times(initialLtv(pledgeCoin)))
		.round(8, Big.roundUp);
}

/**
 * The simulator's estimate. loanAmount = pledgeAmount × price(pledge) × initRate(pledge) ÷ price(loan), rounded down to
 * 8 decimals; hourInterest = loanAmount × hourlyRate(loan, period), rounded half-up to 8 decimals. Both without
 * trailing zeros. Throws on an unknown coin, a bad period or a non-positive amount (the server answers those
 * with error codes before calling this).
 */
export function estimateFor(loanCoin: string, pledgeCoin: string, daily: Period, pledgeAmount: string, price: PriceOf = listPrice): Estimate {
	if (!isPeriod(daily)) throw new Error(`bad period ${String(daily)}`);
	if (!isPositiveDecimal(pledgeAmount)) throw new Error(`bad pledgeAmount ${pledgeAmount}`);
	const loanAmount = loanAmountFor(loanCoin, pledgeCoin, daily, pledgeAmount, price);
	const hourInterest = loanAmount.times(coinOrThrow(loanCoin).hourlyRate[daily]);
	return {
		hourInterest: formatDecimal(hourInterest, 8, Big.roundHalfUp),
		loanAmount: formatDecimal(loanAmount, 8, Big.roundDown),
	};
}

const REQUIRED = ['loanCoin', 'pledgeCoin', 'daily', 'pledgeAmount'] as const;

/** GET /api/v2/earn/loan/public/hour-interest after auth and rate limiting. */
export function handleEstimate(query: URLSearchParams, price: PriceOf = listPrice): Reply {
	for (const name of REQUIRED) {
		if (!query.get(name)) return failure('40019', `Parameter ${name} cannot be empty`);
	}
	const loanCoin = query.get('loanCoin') ?? '';
	const pledgeCoin = query.get('pledgeCoin') ?? '';
	const daily = query.get('daily') ?? '';
	const pledgeAmount = query.get('pledgeAmount') ?? '';
	if (!isPeriod(daily)) return failure('40020', 'Parameter daily error');
	if (!isPositiveDecimal(pledgeAmount)) return failure('40020', 'Parameter pledgeAmount error');
	if (!COINS.has(loanCoin)) return failure('40034', `Parameter ${loanCoin} does not exist`);
	if (!COINS.has(pledgeCoin)) return failure('40034', `Parameter ${pledgeCoin} does not exist`);
	if (loanCoin === pledgeCoin) return failure('40020', 'Parameter pledgeCoin error');
	const estimate = estimateFor(loanCoin, pledgeCoin, daily, pledgeAmount, price);
	return success(estimate, () => ({...estimate, hourInterest: Number(estimate.hourInterest)}));
}
