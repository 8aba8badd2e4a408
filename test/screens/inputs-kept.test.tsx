// What a person typed into Estimate and Borrow is still there when they come back.
import {afterEach, describe, expect, it} from 'vitest';
import {initialWizard, wizardReducer, borrowMemoryOf, type WizardState} from '../../source/screens/borrow/reducer.js';
import {restoredEstimateForm} from '../../source/screens/estimate/reducer.js';
import {KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const onModeStep = (state: WizardState): WizardState => ({...state, step: 'amountMode'});

describe('borrow amount mode', () => {
	it('never carries a pledge amount over as a loan amount, and brings each back on its own mode', () => {
		let state = onModeStep(initialWizard({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'}));
		expect(state.values).toMatchObject({amountMode: 'pledge', amount: '0.5'});
		state = wizardReducer(state, {type: 'select', move: {type: 'cycle', by: 1}});
		expect(state.values).toMatchObject({amountMode: 'loan', amount: ''});
		state = wizardReducer(wizardReducer(state, {type: 'submit'}), {type: 'edit', value: '100'});
		expect(borrowMemoryOf(state)).toMatchObject({amountMode: 'loan', loanAmount: '100', pledgeAmount: '0.5'});
		state = wizardReducer(onModeStep(state), {type: 'choose-mode', mode: 'pledge'});
		expect(state.values).toMatchObject({amountMode: 'pledge', amount: '0.5'});
	});

	it('opens on the first step with the remembered values; values from the estimate still win', () => {
		const remembered = {loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'THIRTY' as const, amountMode: 'loan' as const, pledgeAmount: '2', loanAmount: '50'};
		const state = initialWizard(undefined, remembered);
		expect(state.step).toBe('loanCoin');
		expect(state.values).toEqual({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'THIRTY', amountMode: 'loan', amount: '50'});
		expect(borrowMemoryOf(state)).toEqual(remembered);
		expect(initialWizard({loanCoin: 'BTC'}, remembered).values.loanCoin).toBe('BTC');
	});

	it('restores the estimate form with the focus on the first empty field', () => {
		expect(restoredEstimateForm({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE'})).toMatchObject({focus: 'pledgeAmount', daily: 'FLEXIBLE', cursor: 0});
		expect(restoredEstimateForm({loanCoin: 'USDT', pledgeCoin: 'BTC', pledgeAmount: '1'})).toMatchObject({focus: 'loanCoin', cursor: 4});
	});
});

describe('inputs kept in the app', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('keeps the estimate after Ctrl+B and Esc, and after leaving Estimate and coming back', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, demo: true, credentials: TEST_CREDENTIALS});
		await app.press('2');
		await app.waitForText('Loan coin');
		await app.type('USDT');
		await app.press(KEYS.enter);
		await app.type('BTC');
		await app.press(KEYS.enter, KEYS.down, KEYS.enter);
		await app.type('1.5');
		await app.waitForText(/Annualised rate\s+\d/);
		await app.press('\u0002');
		await app.waitForText(/Borrow · 5 of 6/);
		// The wizard opened on the amount step with the carried values: Esc there leaves it (one screen, one Esc).
		await app.press(KEYS.escape);
		let frame = await app.waitForText(/Annualised rate\s+\d/);
		expect(frame).toMatch(/Loan coin\s+USDT/);
		expect(frame).toMatch(/Pledge amount\s+1\.5/);
		expect(frame).toMatch(/Period\s+30 days/);
		await app.press(KEYS.escape);
		await app.waitForText('Quit');
		await app.press('2');
		frame = await app.waitForText(/Annualised rate\s+\d/);
		expect(frame).toMatch(/Pledge coin\s+BTC/);
		// Borrow, opened from home, starts on step 1 with the last values it was given.
		await app.press(KEYS.escape);
		await app.press('3');
		frame = await app.waitForText(/Loan coin\s+USDT/);
		expect(frame).toMatch(/1 of 6/);
	});
});
