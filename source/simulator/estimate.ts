// The interest estimate: a deterministic formula (exported so tests can compute expected values) and the
// validation of the hour-interest query, in the order and with the codes the real service uses.
import Big from 'big.js';
import {PERIODS, type Estimate, type Period} from '../api/types.js';
import {COINS, LTV} from './coins.js';
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

/** Borrowable amount for a pledge: pledge × price(pledge) × ltv(period) ÷ price(loan), rounded down to 8 decimals. */
export function loanAmountFor(loanCoin: string, pledgeCoin: string, daily: Period, pledgeAmount: string): Big {
	const loan = coinOrThrow(loanCoin);
	const pledge = coinOrThrow(pledgeCoin);
	return new Big(pledgeAmount).times(pledge.price).times(LTV[daily]).div(loan.price).round(8, Big.roundDown);
}

/** Pledge needed to borrow `loanAmount`: the inverse of loanAmountFor, rounded up (you never pledge too little). */
export function pledgeAmountFor(loanCoin: string, pledgeCoin: string, daily: Period, loanAmount: string): Big {
	const loan = coinOrThrow(loanCoin);
	const pledge = coinOrThrow(pledgeCoin);
	return new Big(loanAmount).times(loan.price).div(new Big(pledge.price).times(LTV[daily])).round(8, Big.roundUp);
}

/**
 * The simulator's estimate. loanAmount = pledgeAmount × price(pledge) × ltv ÷ price(loan), rounded down to
 * 8 decimals; hourInterest = loanAmount × hourlyRate(loan, period), rounded half-up to 8 decimals. Both without
 * trailing zeros. Throws on an unknown coin, a bad period or a non-positive amount (the server answers those
 * with error codes before calling this).
 */
export function estimateFor(loanCoin: string, pledgeCoin: string, daily: Period, pledgeAmount: string): Estimate {
	if (!isPeriod(daily)) throw new Error(`bad period ${String(daily)}`);
	if (!isPositiveDecimal(pledgeAmount)) throw new Error(`bad pledgeAmount ${pledgeAmount}`);
	const loanAmount = loanAmountFor(loanCoin, pledgeCoin, daily, pledgeAmount);
	const hourInterest = loanAmount.times(coinOrThrow(loanCoin).hourlyRate[daily]);
	return {
		hourInterest: formatDecimal(hourInterest, 8, Big.roundHalfUp),
		loanAmount: formatDecimal(loanAmount, 8, Big.roundDown),
	};
}

const REQUIRED = ['loanCoin', 'pledgeCoin', 'daily', 'pledgeAmount'] as const;

/** GET /api/v2/earn/loan/public/hour-interest after auth and rate limiting. */
export function handleEstimate(query: URLSearchParams): Reply {
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
	const estimate = estimateFor(loanCoin, pledgeCoin, daily, pledgeAmount);
	return success(estimate, () => ({...estimate, hourInterest: Number(estimate.hourInterest)}));
}
