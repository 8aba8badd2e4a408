// The borrow wizard checks each coin at its own step against Bitget's coin lists (coinInfos): a pledge coin Bitget
// does not take is refused there, with coins to try, so a borrow with it can never be posted.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {initialWizard, refusedCoinStep, wizardReducer} from '../../source/screens/borrow/reducer.js';

const borrowScreen = {stack: [{name: 'home' as const}, {name: 'borrow' as const}], quit: false};

describe('coins checked at their step', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('ZZZ as pledge coin is refused at its step with suggestions; nothing is posted', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: borrowScreen, demo: true, credentials: TEST_CREDENTIALS});
		await app.waitForText('Borrow · 1 of 6');
		await app.type('USDT');
		await app.press(KEYS.enter);
		await app.waitForText('Borrow · 2 of 6');
		await app.type('ZZZ');
		await app.press(KEYS.enter);
		const refused = await app.waitForText(/ZZZ is not a coin Bitget takes as collateral; Bitget takes [A-Z]+/);
		expect(refused).toContain('Borrow · 2 of 6');
		// Enter again: still refused, still on the step.
		await app.press(KEYS.enter);
		expect(app.frame()).toContain('Borrow · 2 of 6');
		// A coin like a pledgeable one is answered with it.
		await app.press('\u0015');
		await app.type('BT');
		await app.press(KEYS.enter);
		await app.waitForText(/BT is not a coin Bitget takes as collateral; did you mean BTC/);
		// A loan coin Bitget does not lend is refused at step 1 the same way.
		await app.press(KEYS.escape);
		await app.waitForText('Borrow · 1 of 6');
		await app.press('\u0015');
		await app.type('ZZZ');
		await app.press(KEYS.enter);
		await app.waitForText(/ZZZ is not a coin Bitget lends/);
		expect(app.frame()).toContain('Borrow · 1 of 6');
		// Nothing left the app but reads: the request log holds no POST.
		expect(sim.simulator.requests.filter((request) => request.method === 'POST')).toEqual([]);
		expect(sim.simulator.requests.some((request) => request.path.includes('coinInfos'))).toBe(true);
	});

	it('keys typed after an Enter that waits for the coin list go to the next step, not into the coin field', async () => {
		sim.simulator.injectFault({kind: 'stall', operation: 'coinInfos', stallMs: 1500});
		app = await renderApp({baseUrl: sim.simulator.url, initial: borrowScreen, demo: true, credentials: TEST_CREDENTIALS});
		await app.waitForText('Borrow · 1 of 6');
		await vi.waitFor(() => expect(sim.simulator.requests.some((request) => request.operation === 'coinInfos')).toBe(true));
		// While the list is still on its way: the coin, Enter and the next coin in one read, as a quick typist sends them.
		await app.burst('USDT\rBTC');
		const next = await app.waitForText(/Pledge coin\s+BTC/);
		expect(next).toContain('Borrow · 2 of 6');
		expect(next).toContain('borrow USDT');
	});

	it('n after a refused coin at the review goes back to the step holding it', () => {
		const review = {...initialWizard({loanCoin: 'USDT', pledgeCoin: 'ZZZ', daily: 'SEVEN', pledgeAmount: '1'}), step: 'review' as const};
		const values = review.values;
		expect(refusedCoinStep(values, ['The server refused the request: 40034 Parameter ZZZ does not exist (HTTP 400)'])).toBe('pledgeCoin');
		expect(refusedCoinStep(values, [undefined, "USDT is not in Bitget's list of loanable coins (loan-tui coins)"])).toBe('loanCoin');
		expect(refusedCoinStep(values, ["ZZZ is not in Bitget's list of pledgeable coins (loan-tui coins)"])).toBe('pledgeCoin');
		expect(refusedCoinStep(values, ['Insufficient balance 43012'])).toBeUndefined();
		const back = wizardReducer(review, {type: 'decline', to: refusedCoinStep(values, ['40034 Parameter ZZZ does not exist'])});
		expect(back.step).toBe('pledgeCoin');
		// Arriving there, the wrong value is selected: typing replaces it.
		expect(back.selected).toBe(true);
		expect(wizardReducer(back, {type: 'text', edit: {op: 'insert', text: 'B'}}).values.pledgeCoin).toBe('B');
		expect(wizardReducer(review, {type: 'decline'}).step).toBe('amount');
	});
});
