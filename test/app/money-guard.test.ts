// The shell's view of money POSTs in flight (source/ui/money/money-guard.ts) and what a POST leaves in the local
// history (money-record.ts).
import {describe, expect, it} from 'vitest';
import {ApiError, InputError, InterruptedError, NetworkError, OutcomeUnknownError} from '../../source/api/errors.js';
import {createMoneyGuard, quittingLine} from '../../source/ui/money/money-guard.js';
import {bodyValues, moneyRecord, operationOfBody} from '../../source/state/money-record.js';

describe('money guard', () => {
	it('an interrupt aborts what is in flight and says so; with nothing in flight it lets the app quit', () => {
		const guard = createMoneyGuard();
		expect(guard.interrupt('Ctrl+C')).toBe(false);
		const flight = guard.begin('borrow');
		expect(guard.interrupt('Ctrl+C')).toBe(true);
		expect(flight.signal.aborted).toBe(true);
		expect(flight.signal.reason).toBeInstanceOf(InterruptedError);
		// Already interrupted: the next Ctrl+C quits.
		expect(guard.interrupt('Ctrl+C')).toBe(false);
		flight.end(true);
		expect(guard.interruptedUnknown()).toEqual(['borrow']);
		expect(quittingLine(guard.interruptedUnknown())).toMatch(/^quitting: the outcome of the borrow is unknown/);
	});

	it('an answered POST is past interrupting (Ctrl+C quits) while settled still waits for its outcome to be recorded', async () => {
		const guard = createMoneyGuard();
		const flight = guard.begin('borrow');
		flight.answered();
		expect(guard.interrupt('Ctrl+C')).toBe(false);
		expect(flight.signal.aborted).toBe(false);
		let settled = false;
		const waiting = guard.settled(5000).then(() => (settled = true));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(settled).toBe(false);
		flight.end(false);
		await waiting;
		expect(guard.interruptedUnknown()).toEqual([]);
	});

	it('an outcome that was not interrupted is not reported on the way out', () => {
		const guard = createMoneyGuard();
		guard.begin('repay').end(true);
		guard.begin('borrow').end(false);
		expect(guard.interruptedUnknown()).toEqual([]);
		expect(quittingLine([])).toBeUndefined();
	});

	it('after close nothing more may start', () => {
		const guard = createMoneyGuard();
		guard.close();
		expect(() => guard.begin('collateral')).toThrow(InputError);
	});

	it('settled waits for the flights to end, bounded', async () => {
		const guard = createMoneyGuard();
		await guard.settled(10);
		const flight = guard.begin('borrow');
		let done = false;
		const waiting = guard.settled(5000).then(() => (done = true));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(done).toBe(false);
		flight.end(false);
		await waiting;
		const stuck = guard.begin('borrow');
		const started = Date.now();
		await guard.settled(50);
		expect(Date.now() - started).toBeLessThan(1000);
		stuck.end(false);
	});
});

describe('money record', () => {
	const body = '{"loanCoin":"USDT","pledgeCoin":"BTC","daily":"SEVEN","pledgeAmount":"0.5"}';

	it('keeps the body fields as values and tells the operation from them', () => {
		expect(bodyValues(body)).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'});
		expect(operationOfBody(body)).toBe('borrow');
		expect(operationOfBody('{"orderId":"1","repayAll":"yes","repayUnlock":"yes"}')).toBe('repay');
		expect(operationOfBody('{"orderId":"1","amount":"1","pledgeCoin":"BTC","reviseType":"IN"}')).toBe('collateral');
		expect(bodyValues('not json')).toEqual({});
	});

	it('done, refused and unknown, with the order id from the result, the error or the body', () => {
		const base = {time: 1, operation: 'borrow' as const, origin: 'https://api.bitget.com', body};
		expect(moneyRecord({...base, outcome: 'done', result: {orderId: '42'}})).toMatchObject({outcome: 'done', orderId: '42'});
		expect(moneyRecord({...base, outcome: 'refused', error: new ApiError('43012', 'Insufficient balance', 400)})).toMatchObject({
			outcome: 'refused',
			detail: '43012 Insufficient balance (HTTP 400)',
		});
		const claimed = new OutcomeUnknownError(new NetworkError('x'), {operation: 'borrow', orderId: '77', httpStatus: 409});
		expect(moneyRecord({...base, outcome: 'unknown', error: claimed})).toMatchObject({orderId: '77', detail: 'the server said order 77 was created, but answered HTTP 409'});
		const repay = moneyRecord({...base, operation: 'repay', body: '{"orderId":"9","repayAll":"yes","repayUnlock":"yes"}', outcome: 'unknown', error: new OutcomeUnknownError(new InterruptedError('SIGTERM'), {operation: 'repay'})});
		expect(repay).toMatchObject({orderId: '9', detail: 'interrupted by SIGTERM while waiting for the answer'});
	});
});
