import {describe, expect, it} from 'vitest';
import {isWorse, projectedLtv, thresholdProblem, watchLevel} from '../../source/loans/watch-levels.js';

// Call 80 %, liquidation 90 % (the simulator's ETH loan).
const loan = {supRate: '0.8', forceRate: '0.9'};

describe('watch levels', () => {
	it('ok, warn from 5 points under the margin call, margin-call, liquidation-near within 3 points of liquidation', () => {
		expect(watchLevel(loan, '0.7499')).toBe('ok');
		expect(watchLevel(loan, '0.75')).toBe('warn');
		expect(watchLevel(loan, '0.7999')).toBe('warn');
		expect(watchLevel(loan, '0.8')).toBe('margin-call');
		expect(watchLevel(loan, '0.8699')).toBe('margin-call');
		expect(watchLevel(loan, '0.87')).toBe('liquidation-near');
		expect(watchLevel(loan, '0.95')).toBe('liquidation-near');
	});

	it('takes a warn LTV, and warns within a price fall of the margin call', () => {
		expect(watchLevel(loan, '0.7', {warnLtv: '0.7'})).toBe('warn');
		expect(watchLevel(loan, '0.6999', {warnLtv: '0.7'})).toBe('ok');
		// At 72 % the price may fall 1 − 72/80 = 10 % before the call: within 10 %, not within 9.99 %.
		expect(watchLevel(loan, '0.72', {warnFall: '0.1'})).toBe('warn');
		expect(watchLevel(loan, '0.72', {warnFall: '0.0999'})).toBe('ok');
	});

	it('orders levels, refuses a warn LTV at or above liquidation, and projects the LTV from a price: L × P_read / P_now', () => {
		expect(isWorse('margin-call', 'warn')).toBe(true);
		expect(isWorse('ok', 'closed')).toBe(true);
		expect(isWorse('warn', 'liquidation-near')).toBe(false);
		expect(thresholdProblem(loan, {warnLtv: '0.9'})).toMatch(/at or above the liquidation LTV/);
		expect(thresholdProblem(loan, {warnLtv: '0.89'})).toBeUndefined();
		// 75 % read at 1,600; at 1,500 the LTV is 80 %; 75.73 % at 1,545 is 80.0019 % at 1,462.5 (to 6 places).
		expect(projectedLtv('0.75', '1600', '1500')).toBe('0.8');
		expect(projectedLtv('0.7573', '1545', '1462.5')).toBe('0.800019');
		expect(projectedLtv('0.7', '90000', '100000')).toBe('0.63');
	});
});
