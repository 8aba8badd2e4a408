// The watch's top-up decisions, read by read: once per crossing, 10 minutes apart, capped per 24 hours, never again
// after an unknown outcome; a reason not to add is said once.
import {describe, expect, it} from 'vitest';
import {createTopUps} from '../../source/operations/top-up.js';
import {ongoingLoan} from '../helpers/loans.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// 20 ETH pledged; from 80 % add what brings it to 70 %, at most 3 ETH a day.
const loan = ongoingLoan({orderId: '1130000000000000002', pledgeCoin: 'ETH', pledgeAmount: '20', pledgeRate: '0.8', supRate: '0.8', forceRate: '0.9'});
const policy = {at: '0.8', to: '0.7', maxAdd: '3'};

describe('top-ups', () => {
	it('adds what reaches the target, once per crossing: the LTV must go back below the line first', () => {
		const topUps = createTopUps(policy);
		expect(topUps.decide(loan, '0.7999', 0)).toEqual({kind: 'none'});
		// 20 × 80 / 70 − 20 = 2.85714286 (rounded up), within the cap.
		const first = topUps.decide(loan, '0.8', MINUTE);
		expect(first).toEqual({kind: 'add', amount: '2.85714286', capped: false, ltvAfter: '0.7'});
		topUps.record(loan.orderId, MINUTE, '2.85714286', 'done');
		// Still above the line an hour later (the price kept falling): the same crossing, nothing.
		expect(topUps.decide(loan, '0.82', HOUR)).toEqual({kind: 'none'});
		// Below, then above again: a new crossing, with what is left of the day's 3 ETH.
		expect(topUps.decide(loan, '0.75', 2 * HOUR)).toEqual({kind: 'none'});
		expect(topUps.decide(loan, '0.8', 3 * HOUR)).toMatchObject({kind: 'add', amount: '0.14285714', capped: true});
		topUps.record(loan.orderId, 3 * HOUR, '0.14285714', 'done');
		// The cap is per 24 hours from each addition: used up until the first leaves the window.
		topUps.decide(loan, '0.7', 4 * HOUR);
		expect(topUps.decide(loan, '0.81', 5 * HOUR)).toEqual({kind: 'skip', reason: 'the 3 ETH of --max-add for 24 hours is used up'});
		expect(topUps.decide(loan, '0.81', 6 * HOUR)).toEqual({kind: 'none'});
		expect(topUps.decide(loan, '0.81', 24 * HOUR + MINUTE)).toMatchObject({kind: 'add', amount: '2.85714286'});
	});

	it('at most once in 10 minutes; a dry run or a refusal ends the crossing without counting; unknown stops the loan for good', () => {
		const topUps = createTopUps(policy);
		topUps.record(loan.orderId, 0, '1', 'done');
		topUps.decide(loan, '0.7', MINUTE);
		expect(topUps.decide(loan, '0.8', 9 * MINUTE)).toEqual({kind: 'skip', reason: 'the last top-up of this loan was less than 10 minutes ago'});
		expect(topUps.decide(loan, '0.8', 10 * MINUTE)).toMatchObject({kind: 'add'});

		const dry = createTopUps(policy);
		expect(dry.decide(loan, '0.8', 0)).toMatchObject({kind: 'add', amount: '2.85714286'});
		dry.record(loan.orderId, 0, '2.85714286', 'dry-run');
		expect(dry.decide(loan, '0.8', MINUTE)).toEqual({kind: 'none'});
		dry.decide(loan, '0.7', 2 * MINUTE);
		// A dry run is not an addition: neither the 10 minutes nor the cap count it.
		expect(dry.decide(loan, '0.8', 3 * MINUTE)).toMatchObject({kind: 'add', amount: '2.85714286'});
		dry.record(loan.orderId, 3 * MINUTE, '2.85714286', 'refused');
		expect(dry.decide(loan, '0.85', 4 * MINUTE)).toEqual({kind: 'none'});

		const lost = createTopUps(policy);
		lost.record(loan.orderId, 0, '2.85714286', 'unknown');
		lost.decide(loan, '0.7', HOUR);
		expect(lost.decide(loan, '0.8', 2 * HOUR)).toMatchObject({kind: 'skip', reason: expect.stringMatching(/unknown outcome/)});
		expect(lost.decide(loan, '0.8', 3 * HOUR)).toEqual({kind: 'none'});
	});
});
