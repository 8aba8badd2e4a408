// Issue 15 point 10: the top line tells the last error of every kind, borrow refusals and unknown outcomes
// included, until the next success of that kind.
import {afterEach, describe, expect, it} from 'vitest';
import {KEYS, renderApp, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const topLines = (frame: string) => frame.split('\n').slice(0, 2).join('\n');

describe('status line errors', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('keeps a borrow refusal, then an unknown outcome, on the top line until a borrow succeeds', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, demo: true, credentials: TEST_CREDENTIALS, initial: {stack: [{name: 'home'}, {name: 'borrow'}], quit: false}});
		await walkToReview(app, '5000');
		await app.press('y');
		await app.waitForText('Insufficient balance');
		expect(topLines(app.frame())).toMatch(/✗ Borrow refused: .*43012/);
		// A working estimate (the review fetches one) does not clear a borrow's error.
		await app.press('n');
		await app.press(KEYS.ctrlU);
		await app.type('0.5');
		await app.press(KEYS.enter);
		await app.waitForText(/Borrowable\s+\d/);
		expect(topLines(app.frame())).toMatch(/Borrow refused/);
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		await app.press('y');
		await app.waitForText('OUTCOME UNKNOWN');
		const unknown = await app.waitForText(/Esc back to review · h home · q quit/);
		expect(topLines(unknown)).toContain('Borrow: outcome unknown');
		// The outcome-unknown box says each thing once, and its keys are in the footer only.
		for (const phrase of ['may or may not have been created', 'Check your loan orders', 'second, explicit y']) {
			expect(unknown.split(phrase)).toHaveLength(2);
		}
		expect(unknown.split('Esc')).toHaveLength(2);
		await app.press(KEYS.escape);
		await app.press('y');
		await app.waitForText('Press y again');
		expect(topLines(app.frame())).toContain('Borrow: outcome unknown');
		await app.press('y');
		await app.waitForText('Loan order created');
		expect(topLines(app.frame())).not.toContain('✗');
	});
});
