// The borrow prompt's figures, before "Borrow? [y/N]": the collateral or the loan (from an estimate), the LTV the loan
// starts at, the margin-call and liquidation prices of the pledge coin in the loan coin with their distance from
// today's price, the interest over the term and the expiry with its zone. Each lookup may fail alone: the line then
// says what is unknown, and the question is still asked.
import Big from 'big.js';
import type {BorrowRequest, Estimate} from '../../api/types.js';
import type {CoinInfos} from '../../api/loan-types.js';
import {sanitize} from '../../format/sanitize.js';
import {collateralFor, quotePrice} from '../../loans/prices.js';
import {borrowFigures} from '../../format/borrow-figures.js';
import {estimateByLoanAmount} from '../../operations/loan-amount-estimate.js';
import {failureText} from '../../operations/observe.js';
import {readPrices} from '../../operations/prices.js';
import {withCoin} from '../../format/money.js';
import type {Session} from '../../runtime/session.js';

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
			const referencePledge =
				price.status === 'ok' && pledgeInfo && new Big(pledgeInfo.initRate).gt(0)
					? collateralFor(request.loanAmount, price.price, pledgeInfo.initRate)
					: undefined;
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
	const figures = borrowFigures({loanCoin, pledgeCoin, daily, loanAmount, pledgeAmount, hourInterest, price, pledgeInfo, now});
	lines.push(`  price: ${figures.price}`);
	if (figures.startLtv !== undefined) lines.push(`  starts at an LTV of ${figures.startLtv}`);
	if (figures.marginCall) lines.push(`  margin call (LTV ${figures.marginCall.ltv}) at ${figures.marginCall.at}`);
	if (figures.liquidation) lines.push(`  liquidation (LTV ${figures.liquidation.ltv}) at ${figures.liquidation.at}`);
	if (figures.interest !== undefined) lines.push(`  interest ${figures.interest}`);
	lines.push(figures.expires === undefined ? '  expires: none (flexible)' : `  expires ${figures.expires}`);
	return lines;
}
