// Bitget's min/max borrow of the loan coin, checked right before the borrow is sent (the review shows the same
// verdict as soon as it is known; this is the check that holds even for a y typed before the lookups answered).
// A pledge-amount borrow is checked through the estimate of what it borrows. When a lookup fails the server
// still checks: the borrow goes out.
import type {BitgetClient} from '../../api/client.js';
import {ApiError, InputError} from '../../api/errors.js';
import type {CoinInfos} from '../../api/loan-types.js';
import type {BorrowRequest} from '../../api/types.js';
import {checkBorrowLimits} from '../../loans/limits.js';

/** Ctrl+C (or a signal) during the lookups: the borrow was not sent yet, and now will not be. */
const notSent = () => new InputError('interrupted before the borrow was sent: nothing was sent');

export async function assertWithinLimits(client: BitgetClient, request: BorrowRequest, known: CoinInfos | undefined, signal: AbortSignal): Promise<void> {
	let infos = known;
	try {
		infos ??= await client.coinInfos(request.loanCoin, {signal});
	} catch (error) {
		if (error instanceof ApiError && error.code === '40034') throw new InputError(`not borrowed: ${request.loanCoin} is not a loanable coin (${error.code} ${error.serverMessage})`);
		if (signal.aborted) throw notSent();
		return;
	}
	const info = infos.loanInfos.find((item) => item.coin === request.loanCoin);
	if (!info) throw new InputError(`not borrowed: ${request.loanCoin} is not in Bitget's list of loanable coins`);
	let loanAmount = request.loanAmount;
	if (loanAmount === undefined) {
		try {
			loanAmount = (await client.estimate({loanCoin: request.loanCoin, pledgeCoin: request.pledgeCoin, daily: request.daily, pledgeAmount: request.pledgeAmount!}, {signal})).loanAmount;
		} catch {
			if (signal.aborted) throw notSent();
			return;
		}
	}
	if (signal.aborted) throw notSent();
	const verdict = checkBorrowLimits(info, loanAmount);
	if (!verdict.ok) throw new InputError(`not borrowed: ${verdict.reason}`);
}
