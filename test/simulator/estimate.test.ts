import Big from 'big.js';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {BUILT_IN_SYMBOLS, estimateFor, startSimulator, type Simulator} from '../../source/simulator/index.js';
import {call, ESTIMATE} from './helpers.js';

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({rateLimits: false});
});
afterAll(() => sim.close());

const query = (params: Record<string, string>) => `${ESTIMATE}?${new URLSearchParams(params).toString()}`;
const VALID = {daily: 'SEVEN', loanCoin: 'USDT', pledgeAmount: '0.2', pledgeCoin: 'ETH'};

describe('one initial LTV per pledge coin', () => {
	it("the estimate of every period lends the pledge coin's coinInfos initRate: loanAmount ÷ (pledge × price) = initRate", async () => {
		const infos = (await call(sim, 'GET', '/api/v2/earn/loan/public/coinInfos')).json.data;
		const price = (coin: string) => new Big(sim.loans.price(coin));
		for (const {coin, initRate} of infos.pledgeInfos as Array<{coin: string; initRate: string}>) {
			const loanCoin = coin === 'USDT' ? 'USDC' : 'USDT';
			for (const daily of ['SEVEN', 'THIRTY', 'FLEXIBLE']) {
				// A pledge worth 10,000 of the loan coin, so rounding to 8 decimals cannot hide a difference.
				const pledgeAmount = new Big(10_000).times(price(loanCoin)).div(price(coin)).round(8).toFixed();
				const {loanAmount} = (await call(sim, 'GET', query({daily, loanCoin, pledgeAmount, pledgeCoin: coin}))).json.data;
				const ltv = new Big(loanAmount).times(price(loanCoin)).div(new Big(pledgeAmount).times(price(coin)));
				expect(ltv.minus(initRate).abs().lt('0.000001'), `${coin} ${daily}: ${ltv.toFixed(8)} against initRate ${initRate}`).toBe(true);
			}
		}
	});
});

describe('estimate formula', () => {
	it("reproduces the ballpark of Bitget's example (0.2 ETH → USDT, SEVEN)", async () => {
		const res = await call(sim, 'GET', query(VALID));
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({code: '00000', msg: 'success'});
		expect(res.json.data).toEqual({hourInterest: '0.00133457', loanAmount: '216.3'});
		expect(res.json.data).toEqual(estimateFor('USDT', 'ETH', 'SEVEN', '0.2'));
		const loan = Number(res.json.data.loanAmount);
		expect(loan).toBeGreaterThan(200);
		expect(loan).toBeLessThan(230);
	});

	it('rounds loanAmount down to 8 decimals and strips trailing zeros', () => {
		// 3 USDT pledged for BTC: 3 × 1 × 0.7 / 26800 = 0.0000783582... → 0.00007835 (not ...36)
		expect(estimateFor('BTC', 'USDT', 'SEVEN', '3').loanAmount).toBe('0.00007835');
		// One initial LTV per pledge coin, whatever the period (USDC's initRate 0.7).
		expect(estimateFor('USDT', 'USDC', 'THIRTY', '100').loanAmount).toBe('70');
	});

	it('matches the endpoint for many inputs', async () => {
		for (const [loanCoin, pledgeCoin, daily, pledgeAmount] of [
			['BTC', 'USDT', 'THIRTY', '5000'],
			['ETH', 'BTC', 'FLEXIBLE', '0.5'],
			['PEPE', 'USDC', 'SEVEN', '10'],
			['USDC', 'SOL', 'FLEXIBLE', '12.345'],
		] as const) {
			const res = await call(sim, 'GET', query({loanCoin, pledgeCoin, daily, pledgeAmount}));
			expect(res.json.data).toEqual(estimateFor(loanCoin, pledgeCoin, daily, pledgeAmount));
		}
	});

	it('makes every built-in base and quote coin loanable and pledgeable', async () => {
		const coins = new Set(BUILT_IN_SYMBOLS.flatMap((r) => [r.baseCoin, r.quoteCoin]));
		for (const coin of coins) {
			const other = coin === 'USDT' ? 'USDC' : 'USDT';
			const asLoan = await call(sim, 'GET', query({loanCoin: coin, pledgeCoin: other, daily: 'SEVEN', pledgeAmount: '1000'}));
			const asPledge = await call(sim, 'GET', query({loanCoin: other, pledgeCoin: coin, daily: 'SEVEN', pledgeAmount: '1000'}));
			expect(asLoan.json.code, coin).toBe('00000');
			expect(asPledge.json.code, coin).toBe('00000');
		}
	});

	it('has a different cheapest period for different coins', () => {
		const cheapest = (coin: string) => {
			const pledge = coin === 'USDT' ? 'USDC' : 'USDT';
			const rates = (['SEVEN', 'THIRTY', 'FLEXIBLE'] as const).map((daily) => {
				const e = estimateFor(coin, pledge, daily, '1000000');
				return [daily, new Big(e.hourInterest).div(e.loanAmount)] as const;
			});
			return rates.reduce((a, b) => (b[1].lt(a[1]) ? b : a))[0];
		};
		const winners = new Set(['USDT', 'BTC', 'ETH', 'USDC', 'SOL'].map(cheapest));
		expect(winners.size).toBeGreaterThan(1);
	});

	it('never borrows more than the exact value and is monotonic in the pledge', () => {
		fc.assert(
			fc.property(fc.integer({min: 1, max: 10 ** 9}), fc.integer({min: 1, max: 10 ** 9}), (a, b) => {
				const [small, large] = a <= b ? [a, b] : [b, a];
				const amount = (n: number) => new Big(n).div(1000).toString();
				const lo = estimateFor('USDT', 'ETH', 'SEVEN', amount(small));
				const hi = estimateFor('USDT', 'ETH', 'SEVEN', amount(large));
				const exact = new Big(amount(small)).times(1545).times('0.7');
				return new Big(lo.loanAmount).lte(exact) && exact.minus(lo.loanAmount).lt('0.00000001') && new Big(lo.loanAmount).lte(hi.loanAmount);
			}),
			{numRuns: 200},
		);
	});
});

describe('estimate validation', () => {
	it.each(['loanCoin', 'pledgeCoin', 'daily', 'pledgeAmount'])('missing %s → 40019 naming it', async (name) => {
		const params: Record<string, string> = {...VALID};
		delete params[name];
		const res = await call(sim, 'GET', query(params));
		expect(res.status).toBe(400);
		expect(res.json).toEqual({code: '40019', msg: `Parameter ${name} cannot be empty`, requestTime: expect.any(Number), data: null});
	});

	it.each([
		[{daily: 'WEEK'}, 'Parameter daily error'],
		[{daily: 'seven'}, 'Parameter daily error'],
		[{pledgeAmount: '-1'}, 'Parameter pledgeAmount error'],
		[{pledgeAmount: '0'}, 'Parameter pledgeAmount error'],
		[{pledgeAmount: 'abc'}, 'Parameter pledgeAmount error'],
		[{pledgeAmount: '1e3'}, 'Parameter pledgeAmount error'],
		[{loanCoin: 'ETH'}, 'Parameter pledgeCoin error'],
	])('%o → 40020', async (change, msg) => {
		const res = await call(sim, 'GET', query({...VALID, ...change}));
		expect(res.status).toBe(400);
		expect(res.json).toMatchObject({code: '40020', msg, data: null});
	});

	it('unknown coin → 40034 naming the value', async () => {
		const loan = await call(sim, 'GET', query({...VALID, loanCoin: 'XYZ'}));
		const pledge = await call(sim, 'GET', query({...VALID, pledgeCoin: 'QQQ'}));
		expect(loan.status).toBe(400);
		expect(loan.json).toMatchObject({code: '40034', msg: 'Parameter XYZ does not exist', data: null});
		expect(pledge.json).toMatchObject({code: '40034', msg: 'Parameter QQQ does not exist'});
	});

	it('rejects bad input in estimateFor itself', () => {
		expect(() => estimateFor('XYZ', 'ETH', 'SEVEN', '1')).toThrow();
		expect(() => estimateFor('USDT', 'ETH', 'SEVEN', '-1')).toThrow();
	});
});
