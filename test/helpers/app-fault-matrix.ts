// The fault matrix through the interactive app (ink-testing-library, real client, simulator on loopback):
// the failure is shown with its message, nothing crashes, and the screen recovers once the server is healthy.
import {afterEach, expect, it} from 'vitest';
import {startSimulator, type Simulator} from '../../source/simulator/index.js';
import {KEYS, renderApp, waitFor, walkToReview, type RenderedApp} from './ink.js';
import {BORROW_OUTCOME, MATRIX_FAULTS, MESSAGE, TIMES, type MatrixFault, type Operation} from './fault-matrix.js';
import {TEST_CREDENTIALS} from './simulator.js';

const SCREENS = {symbols: 'symbols', estimate: 'estimate', borrow: 'borrow'} as const;

export function appFaultMatrix(operation: Operation): void {
	let app: RenderedApp | undefined;
	let simulator: Simulator | undefined;
	afterEach(async () => {
		app?.unmount();
		await simulator?.close();
	});

	it.each(MATRIX_FAULTS)(`%s on ${operation}: shown, then recovered`, async (fault: MatrixFault) => {
		simulator = await startSimulator({accounts: [TEST_CREDENTIALS]});
		const port = simulator.port;
		if (fault === 'connection-refused') await simulator.close();
		else simulator.injectFault({kind: fault, operation, times: TIMES[fault]});
		const posts = () => simulator!.requests.filter((request) => request.method === 'POST');

		app = await renderApp({
			baseUrl: `http://127.0.0.1:${port}`,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: SCREENS[operation]}], quit: false},
			// Short deadlines only where the fault lasts until healed and is waited out (a stall; 429s, retried until the
			// deadline): 3 s, far above what an answered request takes however loaded the machine. The defaults otherwise.
			clientOptions: TIMES[fault] !== undefined ? {getTimeoutMs: 3000, borrowTimeoutMs: 3000} : {},
		});
		const heal = async () => {
			if (fault === 'connection-refused') simulator = await startSimulator({port, accounts: [TEST_CREDENTIALS]});
			else simulator!.clearFaults();
		};

		if (operation === 'symbols') {
			const failed = await app.waitForText('Ctrl+R to retry');
			expect(failed).toMatch(MESSAGE[fault]);
			expect(failed).not.toMatch(/\n\s+at /);
			await heal();
			await app.press(KEYS.ctrlR);
			await app.waitForText(/(\d+) of \1 pairs/);
			return;
		}

		if (operation === 'estimate') {
			await app.type('USDT');
			await app.press(KEYS.enter);
			await app.type('BTC');
			await app.press(KEYS.enter, KEYS.enter);
			await app.type('1');
			const failed = await app.waitForText(/✗ (7 days|30 days|flexible term):/);
			expect(failed).toMatch(MESSAGE[fault]);
			await heal();
			await app.press(KEYS.ctrlR);
			// Recovered: no period failing, and the figures in (not an in-between frame while the new answers come).
			const healthy = await waitFor(() => {
				const frame = app!.frame();
				if (/✗ (7 days|30 days|flexible term):/.test(frame) || !/Annualised rate\s+\d[^\n]*\d[^\n]*\d/.test(frame))
					throw new Error(`not recovered yet:\n${frame}`);
				return frame;
			});
			expect(healthy).toMatch(/Annualised rate\s+\d/);
			return;
		}

		await walkToReview(app, '0.5');
		// Nothing reachable: y waits for the review's own checks to say so (a y typed before them runs the pipeline,
		// whose check refuses the same way: "not sent").
		if (fault === 'connection-refused') await app.waitForText(/Cannot borrow/);
		await app.press('y');
		if (BORROW_OUTCOME[fault] === 'unknown') {
			const unknown = await app.waitForText('OUTCOME UNKNOWN');
			expect(unknown).toMatch(MESSAGE[fault]);
			expect(posts().length).toBe(1);
			await heal();
			await app.press(KEYS.escape);
			await app.waitForText('Borrow? [y/N]');
			await app.press('y');
			await app.waitForText('Press y again');
			await app.press('y');
		} else if (fault === 'connection-refused') {
			// Nothing reachable: the coin list cannot be read either, so the review refuses before anything is sent
			// (operations/borrow-check.ts), and says why.
			const refused = await app.waitForText(MESSAGE[fault]);
			// The message wraps at the screen's width: its words are read across lines.
			expect(refused.replace(/\s+/g, ' ')).toMatch(/Cannot borrow: could not read Bitget's coin list \(could not reach 127\.0\.0\.1:\d+: connection refused\)/);
			expect(refused).toContain('Nothing will be sent');
			expect(posts()).toHaveLength(0);
			await heal();
			// Back to the values and to the review again: the list is read again, and y borrows.
			await app.press('n');
			await app.press(KEYS.enter);
			await waitFor(() => {
				const frame = app!.frame();
				if (!frame.includes('Borrow? [y/N]') || frame.includes('Cannot borrow')) throw new Error(`not recovered yet:\n${frame}`);
			});
			await app.press('y');
		} else {
			const refused = await app.waitForText(MESSAGE[fault]);
			expect(refused).toContain('Borrow? [y/N]');
			expect(refused).toContain('Nothing was borrowed');
			expect(posts().length).toBeLessThanOrEqual(1);
			await heal();
			await app.press('y');
		}
		const done = await app.waitForText('Loan order created');
		expect(done).toContain(`Order ID: ${simulator!.orders.at(-1)!.orderId}`);
	});
}
