// The top line tells the last error of every kind, borrow refusals and unknown outcomes
// included, until the next success of that kind.
import {afterEach, describe, expect, it} from 'vitest';
import {KEYS, renderApp, waitFor, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const topLines = (frame: string) => frame.split('\n').slice(0, 2).join('\n');

describe('status line errors', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('keeps a borrow refusal, then an unknown outcome, on the top line until a borrow succeeds', async () => {
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'borrow'}], quit: false},
		});
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

describe('status line errors that belong to a screen, and the Loans list', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('a borrow refusal leaves the top line when the Borrow screen is left; an unknown outcome stays', async () => {
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'borrow'}], quit: false},
		});
		await walkToReview(app, '5000');
		await app.press('y');
		await app.waitForText('Insufficient balance');
		expect(topLines(app.frame())).toMatch(/✗ Borrow refused: .*43012/);
		// Esc step by step back out of the wizard: the refusal was about that review, and stays there.
		for (let step = 0; step < 8 && !app.frame().includes('❯ Symbols'); step++) await app.press(KEYS.escape);
		await app.waitForText('❯ Symbols');
		expect(topLines(app.frame())).not.toContain('✗');
		// An unknown outcome is not the screen's alone: it stays after leaving.
		await app.press('3');
		await walkToReview(app, '0.5');
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		await app.press('y');
		await app.waitForText(/Esc back to review · h home · q quit/);
		await app.press('h');
		await app.waitForText('❯ Symbols');
		expect(topLines(app.frame())).toContain('Borrow: outcome unknown');
	});

	it('a Loans list that cannot be read says so on the top line, until a read succeeds', async () => {
		sim.simulator.injectFault({kind: 'html-500', operation: 'ongoingOrders', times: Number.POSITIVE_INFINITY});
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'loans'}], quit: false},
		});
		await app.waitForText('Ctrl+R to retry');
		expect(topLines(app.frame())).toMatch(/✗ Loans: /);
		sim.simulator.clearFaults();
		await app.press(KEYS.ctrlR);
		await app.waitForText('Total owed');
		await waitFor(() => expect(topLines(app!.frame())).not.toContain('✗'));
	});
});

describe('status line errors of a loan', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('a refused repay and an unknown collateral change reach the top line too', async () => {
		const ongoing = () => sim.simulator.loans.all.filter((loan) => loan.status === 'ongoing');
		const opened = ongoing();
		expect(opened.length).toBeGreaterThan(0);
		const orderId = opened[0]!.orderId;
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'loan', orderId}], quit: false},
		});
		await app.waitForText('Owed now');
		await app.burst(`r${KEYS.down}${KEYS.enter}1${KEYS.enter}${KEYS.enter}`);
		await app.waitForText('Repay? [y/N]');
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'repay',
			status: 400,
			body: '{"code":"40017","msg":"Parameter verification failed","requestTime":1,"data":null}',
		});
		await app.press('y');
		await app.waitForText('40017');
		expect(topLines(app.frame())).toMatch(/✗ Repay refused: .*40017/);
		// Back step by step (review, release, amount, repay or not) to the loan itself: four Escs, each its own key (a
		// loop that looked at the frame between them could send a fifth before the fourth was drawn, and leave the loan).
		for (let i = 0; i < 4; i++) await app.press(KEYS.escape);
		await app.waitForText('Owed now');
		expect(topLines(app.frame())).toMatch(/Repay refused/);
		await app.burst(`a0.1${KEYS.enter}`);
		await app.waitForText('Add collateral? [y/N]');
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'revisePledge'});
		await app.press('y');
		await app.waitForText('OUTCOME UNKNOWN');
		expect(topLines(app.frame())).toContain('Add collateral: outcome unknown');
	});
});
