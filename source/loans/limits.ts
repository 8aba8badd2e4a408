// Bitget's per-coin borrow limits (coinInfos min/max), checked before a borrow is sent.
import Big from 'big.js';
import type {LoanCoinInfo} from '../api/loan-types.js';

export type LimitCheck = {ok: true} | {ok: false; reason: string};

export function checkBorrowLimits(info: LoanCoinInfo, loanAmount: string): LimitCheck {
	const amount = new Big(loanAmount);
	if (info.minAmount !== undefined && amount.lt(info.minAmount)) {
		return {ok: false, reason: `${loanAmount} ${info.coin} is below Bitget's minimum borrow of ${info.minAmount} ${info.coin}`};
	}
	if (info.maxAmount !== undefined && new Big(info.maxAmount).gt(0) && amount.gt(info.maxAmount)) {
		return {ok: false, reason: `${loanAmount} ${info.coin} is above Bitget's maximum borrow of ${info.maxAmount} ${info.coin}`};
	}
	return {ok: true};
}
