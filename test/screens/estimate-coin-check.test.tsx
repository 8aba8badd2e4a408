// The Estimate screen checks a coin against Bitget's loanable and pledgeable coins as the Borrow wizard does
// (ui/fields/coin-rules.ts coinListProblem): "US" is refused with "did you mean" and asks the server nothing.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {ESTIMATE_DEBOUNCE_MS} from '../../source/ui/use-live-estimate.js';
import {KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

const estimateScreen = {stack: [{name: 'home' as const}, {name: 'estimate' as const}], quit: false};

describe('Estimate: an unknown coin', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => {
		vi.useRealTimers();
		app?.unmount();
	});
	const estimates = () => sim.simulator.requests.filter((request) => request.operation === 'estimate');

	it("is refused in the Borrow wizard's words before any estimate is asked", async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: estimateScreen});
		await app.waitForText('Loan coin');
		await app.type('US');
		await app.press(KEYS.enter);
		// The coin list has answered: the refusal names the coins like it.
		await app.waitForText(/US is not a coin Bitget lends; did you mean [A-Z, ]*USDT/);
		await app.type('BTC');
		await app.press(KEYS.enter);
		await app.press(KEYS.enter);
		// From here the estimate's debounce runs on a faked clock: a round that is due starts the moment it passes.
		vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
		await app.type('1');
		await app.waitForText(/For the estimate of all three periods: US is not a coin Bitget lends/);
		app.flush();
		vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS);

		// The same values with a coin Bitget lends: only that round is asked (the one with US, had it been due, went first).
		for (let field = 0; field < 3; field++) await app.press(KEYS.shiftTab);
		await app.press(KEYS.backspace);
		await app.press(KEYS.backspace);
		await app.type('USDT');
		app.flush();
		vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS);
		await app.waitForText(/Annualised rate\s+\d/);
		expect(estimates().map((request) => new URLSearchParams(request.query).get('loanCoin'))).toEqual(['USDT', 'USDT', 'USDT']);
	});
});
