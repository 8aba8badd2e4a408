// Bitget's own documentation examples of the loan endpoints, verbatim in Bitget's envelope, and a loopback server that
// serves them (test/api/doc-examples.test.ts, test/screens/doc-examples-screens.test.tsx).
//
// Sources (public v2 pages, api-doc/earn/loan/...): Get-Loan-Orders (ongoing-orders), Currency-List (coinInfos),
// Get-Borrow-History, Get-Repay-History, Get-Pledge-Rate-History (revise-history), Get-Burst-List (reduces); the v3
// Get-Loan-Reduces page for the sane liquidation record. No page of the v2 `debts` example could be found: DEBTS is
// constructed from reference Part C's field list, without `pledgeInfos` as Part D.2 names. The other constructed
// variants (a loan without expireTime, a flexible loan, coinInfos without pledgeInfos, daily as SEVEN/FLEXIBLE/30)
// change one thing of a published example each and say so.
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';

export const P = '/api/v2/earn/loan';

// Get-Loan-Orders, as published.
export const ONGOING = `{
  "code": "00000",
  "msg": "success",
  "requestTime": 1692434611622,
  "data": [
    {
      "orderId": "1",
      "loanCoin": "ETH",
      "loanAmount": "1",
      "interestAmount": "0.00000229",
      "hourInterestRate": "0.000229",
      "pledgeCoin": "USDT",
      "pledgeAmount": "2619.69231032",
      "pledgeRate": "65",
      "supRate": "75",
      "forceRate": "83",
      "borrowTime": "1692434472156",
      "expireTime": "1693036799999"
    }
  ]
}`;
// Constructed: the published loan without its expireTime.
export const ONGOING_NO_EXPIRY = ONGOING.replace(/,\n\s*"expireTime": "1693036799999"/, '');
// Constructed: the published loan as a flexible one (expireTime "0", reference Part C).
export const ONGOING_FLEXIBLE = ONGOING.replace('"expireTime": "1693036799999"', '"expireTime": "0"');

// Constructed (no published page found): debts from Part C's fields, with `pledgeInfos` missing (Part D.2).
export const DEBTS = `{
  "code": "00000",
  "msg": "success",
  "requestTime": 1692434611622,
  "data": {
    "loanInfos": [
      {
        "coin": "ETH",
        "amount": "1.00000229",
        "amountUsdt": "1673.21"
      }
    ]
  }
}`;

// Currency-List, as published.
export const COIN_INFOS = `{
  "code": "00000",
  "msg": "success",
  "requestTime": 1692433281223,
  "data": {
    "loanInfos": [
      {
        "coin": "USDT",
        "hourRate7D": "0.00000617",
        "rate7D": "0.054",
        "hourRate30D": "0.00000879",
        "rate30D": "0.077",
        "minUsdt": "200",
        "maxUsdt": "1000000",
        "min": "200",
        "max": "1000000"
      }
  ],
  "pledgeInfos": [
    {
      "coin": "MATIC",
      "initRate": "0.6",
      "supRate": "0.75",
      "forceRate": "0.83",
      "minUsdt": "0",
      "maxUsdt": "200000"
    }
  ]
  } 
}`;
// Constructed: the published coin list without `pledgeInfos` (unreadable: a coin list always carries both lists).
export const COIN_INFOS_NO_PLEDGE = `{"code":"00000","msg":"success","requestTime":1692433281223,"data":{"loanInfos":[{"coin":"USDT","hourRate7D":"0.00000617","rate7D":"0.054","hourRate30D":"0.00000879","rate30D":"0.077","minUsdt":"200","maxUsdt":"1000000","min":"200","max":"1000000"}]}}`;

// Get-Borrow-History, as published: daily "7", hourRate "59.1" (percent), the same record twice.
export const BORROW_HISTORY = `{
  "code": "00000",
  "msg": "success",
  "requestTime": 1684747525424,
  "data": [{
    "orderId": "12121212121",
    "loanCoin": "TRX",
    "pledgeCoin": "USDT",
    "initPledgeAmount": "0.757",
    "initLoanAmount": "4321321.23820848",
    "hourRate": "59.1",
    "daily": "7",
    "borrowTime": "1684747528424",
    "status": "REPAY"
  }, {
    "orderId": "12121212121",
    "loanCoin": "TRX",
    "pledgeCoin": "USDT",
    "initPledgeAmount": "0.757",
    "initLoanAmount": "4321321.23820848",
    "hourRate": "59.1",
    "daily": "7",
    "borrowTime": "1684747528424",
    "status": "REPAY"
  }]
}`;
// Constructed: the published record with daily as the other pages write it (SEVEN, FLEXIBLE) and as "30".
export const BORROW_HISTORY_WORDS = JSON.stringify({
	code: '00000',
	msg: 'success',
	requestTime: 1684747525424,
	data: [
		['13', 'SEVEN', 'REPAY'],
		['14', 'FLEXIBLE', 'ROLLBACK'],
		['15', '30', 'FORCE'],
	].map(([orderId, daily, status]) => ({
		orderId,
		loanCoin: 'TRX',
		pledgeCoin: 'USDT',
		initPledgeAmount: '0.757',
		initLoanAmount: '4321321.23820848',
		hourRate: '59.1',
		daily,
		borrowTime: '1684747528424',
		status,
	})),
});

// Get-Repay-History, as published.
export const REPAY_HISTORY = `{
  "code": "00000",
  "msg": "success",
  "requestTime": 1684747525424,
  "data": [{
    "orderId": "12121212121",
    "loanCoin": "TRX",
    "pledgeCoin": "USDT",
    "repayAmount": "1566.23820848",
    "payInterest": "0.1185634",
    "repayLoanAmount": "1566.22635214",
    "repayUnlockAmount": "195",
    "repayTime": "1684747525424"
  }, {
    "orderId": "12121212121",
    "loanCoin": "TRX",
    "pledgeCoin": "USDT",
    "repayAmount": "1566.23820848",
    "payInterest": "0.1185634",
    "repayLoanAmount": "1566.22635214",
    "repayUnlockAmount": "195",
    "repayTime": "1684747525424"
  }]
}`;

// Get-Pledge-Rate-History (revise-history), as published.
export const REVISE_HISTORY = `{
"code": "00000",
"msg": "success",
"requestTime": 1692436125845,
"data": [
{
"loanCoin": "ETH",
"pledgeCoin": "USDT",
"orderId": "1",
"reviseTime": "1692436102448",
"reviseSide": "down",
"reviseAmount": "10",
"afterPledgeRate": "64.75",
"beforePledgeRate": "65"
}
]
}`;

// Get-Burst-List (reduces), as published: reduceTime "0.757" and reduceFee "REPAY" in both records.
export const REDUCES_V2 = `{
"code": "00000",
"msg": "success",
"requestTime": 1684747525424,
"data": [{
"orderId": "1",
"loanCoin": "TRX",
"pledgeCoin": "USDT",
"reduceTime": "0.757",
"pledgeRate": "98.2",
"pledgePrice": "111.4",
"status": "COMPLETE",
"pledgeAmount": "1213.5",
"reduceFee": "REPAY",
"residueAmount": "3234.2",
"runlockAmount": "23",
"repayLoanAmount": "53.2"
}, {
"orderId": "12121212121",
"loanCoin": "TRX",
"pledgeCoin": "USDT",
"reduceTime": "0.757",
"pledgeRate": "98.2",
"pledgePrice": "111.4",
"status": "COMPLETE",
"pledgeAmount": "1213.5",
"reduceFee": "REPAY",
"residueAmount": "3234.2",
"runlockAmount": "23",
"repayLoanAmount": "53.2"
}]
}`;
// The v3 Get-Loan-Reduces record (sane), in the v2 envelope, beside one broken v2 record.
export const REDUCES_MIXED = `{"code":"00000","msg":"success","requestTime":1711697588556,"data":[{"loanCoin":"ETH","reduceTime":"1765274978412","pledgeRate":"60","pledgeCoin":"USDT","pledgePrice":"0.00016108","status":"complete","pledgeAmount":"100","reduceFee":"0.00030606","residueAmount":"0","runlockAmount":"0","repayLoanAmount":"0.0096652","orderId":"1382228549318361088"},{"orderId":"1","loanCoin":"TRX","pledgeCoin":"USDT","reduceTime":"0.757","pledgeRate":"98.2","pledgePrice":"111.4","status":"COMPLETE","pledgeAmount":"1213.5","reduceFee":"REPAY","residueAmount":"3234.2","runlockAmount":"23","repayLoanAmount":"53.2"}]}`;

export type Route = 'ongoing-orders' | 'debts' | 'public/coinInfos' | 'borrow-history' | 'repay-history' | 'revise-history' | 'reduces';
export const PUBLISHED: Record<Route, string> = {
	'ongoing-orders': ONGOING,
	debts: DEBTS,
	'public/coinInfos': COIN_INFOS,
	'borrow-history': BORROW_HISTORY,
	'repay-history': REPAY_HISTORY,
	'revise-history': REVISE_HISTORY,
	reduces: REDUCES_V2,
};

export interface ExampleServer {
	url: string;
	/** What each path under /api/v2/earn/loan/ answers (a body text); reset() puts the published ones back. */
	answers: Record<string, string>;
	reset(): void;
	close(): Promise<void>;
}

/** Serves `answers` on 127.0.0.1 (HTTP 200); any other path is Bitget's 40404 (HTTP 400). */
export async function startExampleServer(): Promise<ExampleServer> {
	const answers: Record<string, string> = {...PUBLISHED};
	const server = createServer((req, res) => {
		const path = (req.url ?? '').split('?')[0]!;
		const body = path.startsWith(`${P}/`) ? answers[path.slice(P.length + 1)] : undefined;
		req.resume();
		if (body === undefined)
			res.writeHead(400, {'content-type': 'application/json'}).end('{"code":"40404","msg":"Request URL NOT FOUND","requestTime":1692434611622,"data":null}');
		else res.writeHead(200, {'content-type': 'application/json'}).end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		answers,
		reset() {
			for (const key of Object.keys(answers)) delete answers[key];
			Object.assign(answers, PUBLISHED);
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
