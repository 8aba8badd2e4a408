// The Loans list between reads: a price pushed on the simulator's ticker stream moves a loan's LTV at once (marked
// "live"), with no read of the loans; a loan whose risk worsens that way is announced in words.
import {afterEach, describe, expect, it} from 'vitest';
import {emptyJournal, renderApp, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

describe('Loans: live LTV', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());
	const reads = () => sim.simulator.requests.filter((request) => request.operation === 'ongoingOrders').length;

	it('follows the ticker stream: the LTV, the price and the risk move, marked live; worse is said; no read of the loans', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, demo: true, credentials: TEST_CREDENTIALS, initial: {stack: [{name: 'home'}, {name: 'loans'}], quit: false}, journal: emptyJournal()});
		await app.waitForText(/LIQ AT[\s\S]*Total owed/);
		await waitForSubscription('ETHUSDT');
		const before = reads();
		// ETH from 1,545 to 1,460: 75.73 × 1,545 / 1,460 = 80.14 %, at the margin call.
		sim.simulator.setPrice('ETH', '1460');
		// Worse is said once the move is drawn: waited for together.
		const moved = await app.waitForText(/LTV ≈80\.14% \(live\)[\s\S]*▲ worse/);
		expect(moved).toMatch(/▴ MARGIN CALL/);
		expect(moved).toMatch(/20\.00000000 ETH\s+1,460\.0000\s+1,462\.5356\s+1,300\.0317/);
		expect(moved).toMatch(/▲ worse: ETH\/USDT \d+ near margin call → MARGIN CALL, LTV 80\.14% \(live price\)/);
		// The calm BTC loan did not move: no "live" on it.
		expect(moved).toMatch(/LTV 70\.02% \/ call/);
		expect(reads()).toBe(before);
	});

	async function waitForSubscription(instId: string) {
		const deadline = Date.now() + 10_000;
		while (!sim.simulator.tickerStream.subscriptions.some((record) => record.instId === instId && record.op === 'subscribe')) {
			if (Date.now() > deadline) throw new Error(`no subscription to ${instId} within 10 s`);
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
	}
});
