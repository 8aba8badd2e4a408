// The borrow prompt's figures, before "Borrow? [y/N]": the collateral or the loan (from an estimate), the LTV the loan
// starts at, the margin-call and liquidation prices of the pledge coin in the loan coin with their distance from
// today's price, the interest over the term and the expiry with its zone. Each lookup may fail alone: the line then
// says what is unknown, and the question is still asked.
import Big from 'big.js';
import type {BorrowRequest, Estimate} from '../../api/types.js';
import type {CoinInfos} from '../../api/loan-types.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {markPrice, priceWithAge} from '../../format/price.js';
import {sanitize} from '../../format/sanitize.js';
import {localDateTimeWithOffset} from '../../format/time.js';
import {plain} from '../../loans/ltv.js';
import {collateralFor, initialLtvOf, ltvPrices, quotePrice} from '../../loans/prices.js';
import {estimateByLoanAmount} from '../../operations/loan-amount-estimate.js';
import {failureText} from '../../operations/observe.js';
import {readPrices} from '../../operations/prices.js';
import {ltvPercent, withCoin} from '../../format/money.js';
import type {Session} from '../../runtime/session.js';

const TERM_DAYS = {SEVEN: 7, THIRTY: 30, FLEXIBLE: undefined} as const;
const DAY_MS = 86_400_000;

/** `read`: what the check before it read already (the coin list, the estimate by pledge), not asked for again. */
export async function borrowReviewLines(session: Session, request: BorrowRequest, read: {infos?: CoinInfos; estimate?: Estimate} = {}): Promise<string[]> {
	const {loanCoin, pledgeCoin, daily} = request;
	const [infos, prices] = await Promise.all([read.infos ?? session.client.coinInfos().catch(() => undefined), readPrices(session.client)]);
	const now = session.client.clock.now();
	const pledgeInfo = infos?.pledgeInfos.find((info) => info.coin === pledgeCoin);
	const price = quotePrice(prices, pledgeCoin, loanCoin, now);
	const [loan, pledge] = [sanitize(loanCoin), sanitize(pledgeCoin)];
	const lines: string[] = [];
	let loanAmount: string | undefined;
	let pledgeAmount: string | undefined;
	let hourInterest: string | undefined;
	try {
		if (request.loanAmount !== undefined) {
			const referencePledge = price.status === 'ok' && pledgeInfo && new Big(pledgeInfo.initRate).gt(0) ? collateralFor(request.loanAmount, price.price, pledgeInfo.initRate) : undefined;
			const derived = await estimateByLoanAmount(session.client, {loanCoin, pledgeCoin, daily, loanAmount: request.loanAmount, referencePledge});
			loanAmount = request.loanAmount;
			if (derived) {
				pledgeAmount = derived.pledgeAmount;
				hourInterest = derived.hourInterest;
				lines.push(`  takes about ${withCoin(pledgeAmount, pledge)} of collateral (derived from an estimate)`);
			} else lines.push('  collateral: no estimate (the estimate lends nothing)');
		} else {
			const estimate = read.estimate ?? (await session.client.estimate({loanCoin, pledgeCoin, daily, pledgeAmount: request.pledgeAmount}));
			pledgeAmount = request.pledgeAmount;
			loanAmount = estimate.loanAmount;
			hourInterest = estimate.hourInterest;
			lines.push(`  lends about ${withCoin(loanAmount, loan)} (estimate)`);
		}
	} catch (error) {
		lines.push(`  collateral and interest: no estimate (${failureText(error)})`);
	}
	lines.push(`  price: ${priceWithAge(pledgeCoin, loanCoin, price)}`);
	if (price.status === 'ok' && loanAmount !== undefined && pledgeAmount !== undefined && new Big(pledgeAmount).gt(0)) {
		const ltv = initialLtvOf(loanAmount, pledgeAmount, price.price);
		lines.push(`  starts at an LTV of ${ltvPercent(ltv)}`);
		if (pledgeInfo) {
			const marks = ltvPrices(price.price, ltv, pledgeInfo.supRate, pledgeInfo.forceRate);
			lines.push(`  margin call (LTV ${ltvPercent(pledgeInfo.supRate)}) at ${markPrice(marks.marginCallPrice, marks.marginCallDistance, loanCoin)}`);
			lines.push(`  liquidation (LTV ${ltvPercent(pledgeInfo.forceRate)}) at ${markPrice(marks.liquidationPrice, marks.liquidationDistance, loanCoin)}`);
		}
	}
	const days = TERM_DAYS[daily];
	if (hourInterest !== undefined) {
		const perDay = new Big(hourInterest).times(24);
		lines.push(days === undefined ? `  interest about ${withCoin(plain(perDay), loan)} per day (flexible: no term)` : `  interest about ${withCoin(plain(perDay.times(days)), loan)} over ${PERIOD_LABEL[daily]}`);
	}
	lines.push(days === undefined ? '  expires: none (flexible)' : `  expires ${localDateTimeWithOffset(now + days * DAY_MS)} (${days} days from now)`);
	return lines;
}
