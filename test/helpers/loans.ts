import type {OngoingLoan} from '../../source/api/loan-types.js';

/** An ongoing loan as the API returns it: 7,000 USDT against 0.1 BTC, LTV 70 %, call 80 %, liquidation 90 %, flexible. */
export const ongoingLoan = (over: Partial<OngoingLoan> = {}): OngoingLoan => ({
	orderId: '1',
	loanCoin: 'USDT',
	loanAmount: '7000',
	interestAmount: '0',
	hourInterestRate: '0.00000617',
	pledgeCoin: 'BTC',
	pledgeAmount: '0.1',
	pledgeRate: '0.7',
	supRate: '0.8',
	forceRate: '0.9',
	borrowTime: '1',
	expireTime: '0',
	...over,
});
