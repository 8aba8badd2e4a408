// The Loans list between reads: a price pushed on the simulator's ticker stream moves a loan's LTV at once, marked
// "live" (only a projection from a price is: a read shows the server's LTV unmarked); a loan whose risk worsens that
// way is announced with the bell and in words.
import {afterEach, describe, expect, it} from 'vitest';
import {emptyJournal, KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

describe('Loans: live LTV', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('follows the ticker stream: the LTV, the price and the risk move, marked live; worse is said, with the bell', async () => {
		const {loans, written} = await openLoans();
		// ETH from 1,545 to 1,460: 75.73 × 1,545 / 1,460 = 80.14 %, at the margin call.
		sim.simulator.setPrice('ETH', '1460');
		// Worse is said once the move is drawn: waited for together.
		const moved = await loans.waitForText(/LTV ≈80\.14% \(live\)[\s\S]*▲ worse/);
		expect(moved).toMatch(/▴ MARGIN CALL/);
		expect(moved).toMatch(/20\.00000000 ETH\s+1,460\.0000\s+1,462\.5512\s+1,300\.0455/);
		expect(moved).toMatch(/▲ worse: ETH\/USDT \d+ WARN → MARGIN CALL, LTV 80\.14% \(live price\)/);
		// The calm BTC loan did not move: no "live" on it.
		expect(moved).toMatch(/LTV 70\.02% \/ call/);
		// The terminal bell rang once, for the one loan that got worse.
		expect(written.filter((data) => data === '\u0007')).toHaveLength(1);
	});

	it('a read under way when the price moves lands with the prices it was read at: the loan stays where the tick put it, and the bell rings once', async () => {
		const {loans, written} = await openLoans();
		// A read goes out (Ctrl+R) and its loans are read at 1,545, but its totals are held back until the price moved.
		let release!: () => void;
		sim.simulator.injectFault({kind: 'stall', operation: 'debts', release: new Promise<void>((resolve) => (release = resolve))});
		const orders = sim.simulator.requests.filter((r) => r.operation === 'ongoingOrders').length;
		await loans.press(KEYS.ctrlR);
		await waitUntil(() => sim.simulator.requests.filter((r) => r.operation === 'ongoingOrders').length > orders, 'the loans read');
		sim.simulator.setPrice('ETH', '1460');
		await loans.waitForText(/LTV ≈80\.14% \(live\)[\s\S]*▲ worse/);
		release();
		await loans.waitForNoText('refreshing…');
		// A read of its own, after the move: the server's 80.14 % at 1,460, no longer projected.
		await loans.press(KEYS.ctrlR);
		await loans.waitForNoText('refreshing…');
		const read = await loans.waitForText(/LTV 80\.14% \/ call/);
		expect(read).toMatch(/▴ MARGIN CALL/);
		// Never back to WARN in between (the read's LTV at 1,545 projected from a price read later): one bell.
		expect(written.filter((data) => data === '\u0007')).toHaveLength(1);
	});

	it('the loan detail too: the LTV, the price and the marks at the live price, marked live', async () => {
		const {tight} = sim.demoLoanIds();
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'loan', orderId: tight}], quit: false},
			journal: emptyJournal(),
		});
		await app.waitForText(/Price\s+ETH 1,545\.0000 USDT/);
		await waitForSubscription('ETHUSDT');
		sim.simulator.setPrice('ETH', '1460');
		const moved = await app.waitForText(/LTV ≈80\.14% \(live\)/);
		expect(moved).toMatch(/Price\s+ETH 1,460\.0000 USDT/);
		// The marks stay where the read put them (P × L / T is the same at any price).
		expect(moved).toMatch(/Margin-call price\s+1,462\.5512 USDT/);
		expect(moved).toMatch(/Risk\s+▴ MARGIN CALL/);
	});

	/** The Loans list, read and following ETH's price; what the app writes to the terminal (the bell) is kept. */
	async function openLoans(): Promise<{loans: RenderedApp; written: string[]}> {
		const written: string[] = [];
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'loans'}], quit: false},
			journal: emptyJournal(),
			serviceOptions: {writeToTerminal: (data) => void written.push(data)},
		});
		await app.waitForText(/LIQ AT[\s\S]*Total owed/);
		await waitForSubscription('ETHUSDT');
		return {loans: app, written};
	}

	async function waitUntil(done: () => boolean, what: string) {
		const deadline = Date.now() + 10_000;
		while (!done()) {
			if (Date.now() > deadline) throw new Error(`no ${what} within 10 s`);
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
	}

	async function waitForSubscription(instId: string) {
		await waitUntil(
			() => sim.simulator.tickerStream.subscriptions.some((record) => record.instId === instId && record.op === 'subscribe'),
			`subscription to ${instId}`,
		);
	}
});
