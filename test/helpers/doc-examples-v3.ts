// Bitget's own v3 (unified account) crypto-loan examples, verbatim as reference Part E.1 quotes them from the
// api-doc/uta/crypto-loans pages Get-Borrow-Ongoing and Repay-Coins: for parser tests, and for the simulator's test
// that its v3 answers carry exactly these field names (test/simulator/v3-loans.test.ts).
//
// The pages show the data objects; the envelopes below are constructed around them (requestTime is made up, the
// ongoing record is the only element of its array, as the endpoint answers a list).

/** Get-Borrow-Ongoing's record, as published (a flexible loan: expireTime "0"; a full hour charged 434 s in). */
export const V3_ONGOING_LOAN = `{"orderId":"123456789010111","loanCoin":"USDT","loanAmount":"1.00032276","interestAmount":"0.00000339","hourInterestRate":"0.000338","pledgeCoin":"BGB","pledgeAmount":"0.42325892","pledgeRate":"77.97","supRate":"85","forceRate":"91","borrowTime":"1770185278083","expireTime":"0"}`;

/** Repay-Coins' answer, as published. */
export const V3_REPAY_RESULT = `{"loanCoin":"USDT","pledgeCoin":"BGB","repayAmount":"1.00000713","payInterest":"0.00000712","repayLoanAmount":"1.00000001","repayUnlockAmount":"0.50791233"}`;

/** Constructed: the envelope Bitget sends around `data` (a v3 answer has the v2 envelope). */
export function inEnvelope(dataJson: string, requestTime = 1770185712000): string {
	return `{"code":"00000","msg":"success","requestTime":${requestTime},"data":${dataJson}}`;
}

/** Constructed: GET /api/v3/loan/borrow-ongoing answering the published record. */
export const V3_ONGOING = inEnvelope(`[${V3_ONGOING_LOAN}]`);

/** Constructed: POST /api/v3/loan/repay answering the published result. */
export const V3_REPAY = inEnvelope(V3_REPAY_RESULT);
