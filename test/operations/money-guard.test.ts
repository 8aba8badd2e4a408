// The run's view of its money POSTs (source/operations/money-guard.ts) and the words on the way out
// (source/operations/outcome-words.ts).
import {describe, expect, it} from 'vitest';
import {InputError, InterruptedError} from '../../source/api/errors.js';
import {createMoneyGuard} from '../../source/operations/money-guard.js';
import {quittingLines} from '../../source/operations/outcome-words.js';

/** Resolves with whether `promise` settled by the time every queued task so far has run (no timer involved). */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
	let done = false;
	void promise.then(() => (done = true));
	await new Promise((resolve) => setImmediate(resolve));
	return done;
}

describe('money guard', () => {
	it('an interrupt aborts what waits for its answer and says so; with nothing waiting it lets the app quit', () => {
		const guard = createMoneyGuard();
		expect(guard.interrupt('Ctrl+C')).toBe(false);
		const flight = guard.begin('borrow');
		expect(guard.interrupt('Ctrl+C')).toBe(true);
		expect(flight.signal.aborted).toBe(true);
		expect(flight.signal.reason).toBeInstanceOf(InterruptedError);
		// Already interrupted: the next Ctrl+C quits.
		expect(guard.interrupt('Ctrl+C')).toBe(false);
		flight.end({operation: 'borrow', values: {loanCoin: 'USDT'}});
		expect(guard.outcomes()).toEqual([{operation: 'borrow', values: {loanCoin: 'USDT'}}]);
	});

	it('an answered POST is past interrupting (Ctrl+C quits), while settled still waits for its records', async () => {
		const guard = createMoneyGuard();
		const flight = guard.begin('borrow');
		flight.answered();
		expect(guard.interrupt('Ctrl+C')).toBe(false);
		expect(flight.signal.aborted).toBe(false);
		const waiting = guard.settled(60_000);
		expect(await settledYet(waiting)).toBe(false);
		flight.end();
		await waiting;
		expect(guard.outcomes()).toEqual([]);
	});

	it('close aborts every flight in any phase (a check still reading stops) and nothing more may start', () => {
		const guard = createMoneyGuard();
		const answered = guard.begin('repay');
		answered.answered();
		guard.close('SIGTERM');
		expect(answered.signal.aborted).toBe(true);
		expect((answered.signal.reason as InterruptedError).message).toContain('SIGTERM');
		expect(guard.closed).toBe(true);
		expect(() => guard.begin('collateral')).toThrow(InputError);
		expect(() => guard.begin('collateral')).toThrow(/collateral change was not sent/);
	});

	it('settled is bounded: a flight that never ends does not hold it', async () => {
		const guard = createMoneyGuard();
		await guard.settled(10);
		guard.begin('borrow');
		await guard.settled(1);
	});

	it('every outcome that stayed unknown is one line on the way out, with what its check found', () => {
		const guard = createMoneyGuard();
		guard.begin('collateral').end({
			operation: 'collateral',
			values: {orderId: '7', amount: '1', pledgeCoin: 'ETH', reviseType: 'IN'},
			orderId: '7',
			finding: {status: 'not-found', message: 'no collateral change of order 7 was recorded'},
		});
		guard.begin('borrow').end({operation: 'borrow', values: {loanCoin: 'USDT'}, orderId: '99'});
		guard.begin('repay').end();
		const lines = quittingLines(guard.outcomes());
		expect(lines).toEqual([
			'outcome unknown: collateral orderId=7 amount=1 pledgeCoin=ETH reviseType=IN; checked since: nothing found — no collateral change of order 7 was recorded',
			'outcome unknown: borrow loanCoin=USDT (order 99); not checked',
			'Check your loans (loan-tui loans; loan-tui history --local) before sending any of these again.',
		]);
		expect(quittingLines([])).toEqual([]);
	});
});
