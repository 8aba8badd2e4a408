// The borrow prompt's figures, before "Borrow? [y/N]": the collateral or the loan (from an estimate), the LTV the loan
// starts at, the margin-call and liquidation prices of the pledge coin in the loan coin with their distance from
// today's price, the chance of reaching them within the period from the pair's price history (operations/borrow-chance.ts),
// the interest over the term and the expiry with its zone. Each lookup may fail alone: the line then says what is
// unknown, and the question is still asked. The history is read beside the rest, and waited for at most
// HISTORY_DEADLINE_MS from the start: a slow candle read never holds the question long.
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
import {priceHistoryReader, type PriceHistory} from '../../operations/price-history.js';
import {chanceFrom, type ChanceRead} from '../../operations/loan-chance.js';
import {borrowChanceQuestion, chanceReadSentence} from '../../operations/borrow-chance.js';
import {CHANCE_DISCLAIMER} from '../../format/chance-words.js';
import {wrapLines} from '../../format/wrap.js';

/** The longest the prompt waits for the pair's price history, counted from the start of its reads. */
const HISTORY_DEADLINE_MS = 3_000;

/** What the review said of the chance: the model's, or why none; 'late' when the history was not read in time. */
type BorrowChance = ChanceRead | {status: 'late'};

/** `read`: what the check before it read already (the coin list, the estimate by pledge), not asked for again. */
export async function borrowReviewLines(session: Session, request: BorrowRequest, read: {infos?: CoinInfos; estimate?: Estimate} = {}): Promise<string[]> {
	const {loanCoin, pledgeCoin, daily} = request;
	const reader = priceHistoryReader(session.client, {cacheDirectory: session.config.demo ? undefined : session.config.directories.cache});
	const history = historyWithin(reader.read.bind(reader), pledgeCoin, loanCoin, HISTORY_DEADLINE_MS);
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
	const question = borrowChanceQuestion(figures.marks, daily);
	if (question) {
		const known = await history;
		const chance: BorrowChance = known === 'late' ? {status: 'late'} : chanceFrom(known, question);
		// Wrapped at whole words on a terminal (the prompt's stderr), which would cut a long line anywhere.
		const stderr = session.out.stderr as {isTTY?: boolean; columns?: number};
		const text = chanceLine({base: pledgeCoin, quote: loanCoin}, chance);
		const rows = stderr.isTTY === true && stderr.columns !== undefined ? wrapLines(text, Math.max(20, stderr.columns - 3)) : [text];
		lines.push(...rows.map((row) => `  ${row}`));
	}
	if (figures.interest !== undefined) lines.push(`  interest ${figures.interest}`);
	lines.push(figures.expires === undefined ? '  expires: none (flexible)' : `  expires ${figures.expires}`);
	return lines;
}

/** The chance's line of the prompt, with the disclaimer when a chance is given. */
function chanceLine(pair: {base: string; quote: string}, chance: BorrowChance): string {
	if (chance.status === 'late') return `chance of a margin call: price history not read in time (${HISTORY_DEADLINE_MS / 1000} s)`;
	const sentence = chanceReadSentence(pair, chance);
	return chance.status === 'ok' ? `${sentence} ${CHANCE_DISCLAIMER}` : sentence;
}

/** The pair's history, or 'late' when it is not read within `ms` (its read is then given up). */
export function historyWithin(
	read: (base: string, quote: string, options: {signal: AbortSignal}) => Promise<PriceHistory>,
	base: string,
	quote: string,
	ms: number,
): Promise<PriceHistory | 'late'> {
	const controller = new AbortController();
	let timer: NodeJS.Timeout | undefined;
	const deadline = new Promise<'late'>((resolve) => {
		timer = setTimeout(() => {
			controller.abort(new Error('price history not read in time'));
			resolve('late');
		}, ms);
		// Nothing else may wait on it: a run that ends sooner is not held.
		timer.unref();
	});
	// The reader rejects only on its caller's abort: the deadline's.
	const answer = read(base, quote, {signal: controller.signal}).catch(() => 'late' as const);
	return Promise.race([answer, deadline]).finally(() => clearTimeout(timer));
}
