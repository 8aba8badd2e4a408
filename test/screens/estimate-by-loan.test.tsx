// The Estimate screen by loan amount, in-process over the simulator: Ctrl+T, the collateral derived from one estimate
// and checked with a second (both in the simulator's request log), the figures computed by hand from the simulator's
// own rates (simulator/coins.ts), the coin's limits refusing an amount before anything is asked, and Ctrl+B.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {RateLimiter} from '../../source/api/rate-limiter.js';
import {ESTIMATE_DEBOUNCE_MS} from '../../source/ui/use-live-estimate.js';
import {KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

const estimateScreen = {stack: [{name: 'home' as const}, {name: 'estimate' as const}], quit: false};
const CTRL_T = '\u0014';
const CTRL_B = '\u0002';

describe('estimate by loan amount', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => {
		vi.restoreAllMocks();
		vi.useRealTimers();
		app?.unmount();
		app = undefined;
	});
	const estimates = () => sim.simulator.requests.filter((request) => request.operation === 'estimate').map((request) => new URLSearchParams(request.query));

	/** USDT against BTC, Ctrl+T in the amount field (a text field has focus), then `amount`. */
	const fill = async (amount: string, {debounce = 'real'}: {debounce?: 'real' | 'faked'} = {}) => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: estimateScreen});
		await app.waitForText('Loan coin');
		await app.type('USDT');
		await app.press(KEYS.enter);
		await app.type('BTC');
		await app.press(KEYS.enter, KEYS.enter);
		await app.waitForText('› Pledge amount');
		await app.press(CTRL_T);
		await app.waitForText('› Loan amount');
		if (debounce === 'faked') vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
		await app.type(amount);
	};

	it('Ctrl+T, 10000 USDT against BTC at 90,000: the collateral and the cost per period, derived and checked', async () => {
		sim.simulator.setPrice('BTC', '90000');
		const acquire = vi.spyOn(RateLimiter.prototype, 'acquire');
		await fill('10000');
		const frame = await app!.waitForText(/a second agrees/);
		expect(frame).toContain('Estimate: borrow 10000 USDT against BTC');
		// 10,000 ÷ (90,000 × BTC's initial LTV 0.7, one for every period), rounded up to 8 decimals.
		expect(frame).toMatch(/Collateral needed \(BTC\)\s+0\.15873016\s+0\.15873016\s+0\.15873016/);
		// 10,000 × the hourly rates of USDT (0.00000617, 0.0000064, 0.000007); a day is 24 hours, the terms 7 and 30 days.
		expect(frame).toMatch(/Hourly interest\s+0\.0617\s+0\.0640\s+0\.0700/);
		expect(frame).toMatch(/Daily interest\s+1\.4808\s+1\.5360\s+1\.6800/);
		expect(frame).toMatch(/Interest over term\s+10\.3656\s+46\.0800\s+1\.6800\/day/);
		// 0.00000617 × 24 × 365 = 5.40 %, the lowest. The other two hourly figures (0.064, 0.07) carry too few digits to
		// derive a rate from (format/apr.ts): the coin's official rate is shown, and said so.
		expect(frame).toMatch(/Annualised rate\s+5\.40% ← lowest\s+5\.61% official\s+6\.13% official/);
		// Two requests per period: the reference, then the check at the derived pledge.
		const asked = estimates();
		expect(asked).toHaveLength(6);
		for (const [daily, derived] of [
			['SEVEN', '0.15873016'],
			['THIRTY', '0.15873016'],
			['FLEXIBLE', '0.15873016'],
		] as const) {
			const pledges = asked.filter((query) => query.get('daily') === daily).map((query) => query.get('pledgeAmount'));
			expect(pledges, daily).toHaveLength(2);
			expect(pledges, daily).toContain(derived);
		}
		// Each of the six waited its turn at the client's limiter for the estimate endpoint (10/s per IP, api/client.ts).
		const estimateLimiter = app!.services.client['limiters'].estimate;
		expect(acquire.mock.contexts.filter((limiter) => limiter === estimateLimiter)).toHaveLength(6);
		// Accepted by the server: the mode and the loan amount are what the next visit opens with.
		expect(app!.services.inputs.estimate()).toMatchObject({amountMode: 'loan', loanAmount: '10000', loanCoin: 'USDT', pledgeCoin: 'BTC'});
		await app!.press(CTRL_T);
		await app!.waitForText('› Pledge amount');
	});

	it("outside the coin's limits: the limits are the field's error, and no estimate is asked", async () => {
		await fill('5', {debounce: 'faked'});
		// USDT lends from 10 to 10,000,000,000 (the simulator's coinInfos).
		await app!.waitForText("✗ 5 USDT is below Bitget's minimum borrow of 10 USDT");
		const estimate = vi.spyOn(app!.services.client, 'estimate');
		// A round would start inside the debounce's timer: let it pass, and nothing was asked.
		app!.flush();
		vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS);
		expect(estimate).not.toHaveBeenCalled();
		await app!.type('0000000000');
		await app!.waitForText("above Bitget's maximum borrow of 10000000000 USDT");
		app!.flush();
		vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS);
		expect(estimate).not.toHaveBeenCalled();
		expect(estimates()).toEqual([]);
		// Within the limits it is asked (so the refusal above was the limits, not something else).
		await app!.press(KEYS.backspace, KEYS.backspace, KEYS.backspace, KEYS.backspace, KEYS.backspace, KEYS.backspace);
		await app!.waitForNoText('✗');
		app!.flush();
		vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS);
		await app!.waitForText(/a second agrees/);
		expect(estimates().length).toBe(6);
	});

	it('Ctrl+B opens the borrow wizard with the same request: the loan amount stays a loan amount; one Esc comes back', async () => {
		sim.simulator.setPrice('BTC', '90000');
		await fill('10000');
		await app!.waitForText(/a second agrees/);
		await app!.press(CTRL_B);
		const frame = await app!.waitForText('Borrow · 5 of 6');
		expect(frame).toContain('borrow USDT · pledge BTC · 7 days · by loan amount');
		expect(frame).toMatch(/Loan \(USDT\)\s+10000/);
		expect(frame).not.toMatch(/Pledge \(BTC\)/);
		// One screen was pushed: one Esc goes back to the estimate, by loan amount as it was.
		await app!.press(KEYS.escape);
		const back = await app!.waitForText(/a second agrees/);
		expect(back).toMatch(/Loan amount\s+10000/);
		// Ctrl+B and two Escs in one read: the wizard, then the estimate are left (home).
		await app!.press(CTRL_B);
		await app!.waitForText('Borrow · 5 of 6');
		await app!.burst(KEYS.escape.repeat(2));
		await app!.waitForText('❯ Symbols');
		expect(app!.frame()).not.toContain('Quit loan-tui?');
	});
});
