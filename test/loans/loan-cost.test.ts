import {describe, expect, it} from 'vitest';
import {costOfLoanAmount, estimateLoanCost} from '../../source/loans/loan-cost.js';
import {estimateFor} from '../../source/simulator/index.js';

describe('the cost of a borrow by loan amount', () => {
	it('scales one estimate linearly', () => {
		// Bitget's example: 0.2 ETH → 216.2654 USDT, 0.00133436 per hour.
		expect(costOfLoanAmount('0.2', {loanAmount: '216.2654', hourInterest: '0.00133436'}, '432.5308')).toEqual({
			pledgeAmount: '0.4',
			hourInterest: '0.00266872',
		});
		expect(costOfLoanAmount('1', {loanAmount: '0', hourInterest: '0'}, '10')).toBeUndefined();
	});

	it('matches what the estimate says for the pledge it suggests (simulator formula)', async () => {
		const pledges: string[] = [];
		const estimate = async (pledgeAmount: string) => (pledges.push(pledgeAmount), estimateFor('USDT', 'BTC', 'SEVEN', pledgeAmount));
		const cost = await estimateLoanCost(estimate, '1000');
		expect(pledges).toEqual(['1']);
		expect(cost).toEqual({pledgeAmount: '0.05330491', hourInterest: '0.00617'});
		const back = estimateFor('USDT', 'BTC', 'SEVEN', cost!.pledgeAmount);
		expect(Number(back.loanAmount)).toBeGreaterThanOrEqual(1000);
	});

	it('asks again with a larger reference when one coin borrows too little to be precise', async () => {
		const pledges: string[] = [];
		const estimate = async (pledgeAmount: string) => (pledges.push(pledgeAmount), estimateFor('USDT', 'PEPE', 'SEVEN', pledgeAmount));
		const cost = await estimateLoanCost(estimate, '100');
		expect(pledges).toHaveLength(2);
		const back = estimateFor('USDT', 'PEPE', 'SEVEN', cost!.pledgeAmount);
		expect(Number(back.loanAmount)).toBeGreaterThanOrEqual(100);
		expect(Number(back.loanAmount)).toBeLessThan(100.001);
	});
});
