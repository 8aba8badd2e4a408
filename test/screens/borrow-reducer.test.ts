import {describe, expect, it} from 'vitest';
import {initialWizard, wizardReducer, type WizardAction, type WizardState} from '../../source/screens/borrow/reducer.js';
import {requestBody} from '../../source/screens/borrow/borrow-request.js';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const toReview = (): WizardState =>
	run(
		initialWizard(),
		{type: 'edit', value: ' usdt '},
		{type: 'submit'},
		{type: 'edit', value: 'btc'},
		{type: 'submit'},
		{type: 'choose-period', daily: 'THIRTY'},
		{type: 'choose-mode', mode: 'pledge'},
		{type: 'edit', value: '000.50'},
		{type: 'submit'},
	);

describe('borrow wizard', () => {
	it('steps loan coin → pledge coin → period → amount mode → amount → review with canonical values', () => {
		const steps: string[] = [];
		let state = initialWizard();
		const actions: WizardAction[] = [
			{type: 'edit', value: ' usdt '},
			{type: 'submit'},
			{type: 'edit', value: 'btc'},
			{type: 'submit'},
			{type: 'choose-period', daily: 'THIRTY'},
			{type: 'choose-mode', mode: 'loan'},
			{type: 'edit', value: '0100.0'},
			{type: 'submit'},
		];
		for (const action of actions) {
			state = wizardReducer(state, action);
			steps.push(state.step);
		}
		expect(steps).toEqual(['loanCoin', 'pledgeCoin', 'pledgeCoin', 'period', 'amountMode', 'amount', 'amount', 'review']);
		expect(state.values).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', amountMode: 'loan', amount: '100'});
		expect(requestBody(state.values)).toBe('{"loanCoin":"USDT","pledgeCoin":"BTC","daily":"THIRTY","loanAmount":"100"}');
	});

	it('rejects bad input on each text step with a reason, staying on the step', () => {
		let state = run(initialWizard(), {type: 'edit', value: 'U$DT'}, {type: 'submit'});
		expect(state).toMatchObject({step: 'loanCoin', error: expect.stringContaining('letters or digits')});
		state = run(state, {type: 'edit', value: 'USDT'});
		expect(state.error).toBeUndefined();
		state = run(state, {type: 'submit'}, {type: 'edit', value: 'usdt'}, {type: 'submit'});
		expect(state).toMatchObject({step: 'pledgeCoin', error: 'pledge coin must differ from the loan coin'});
		state = run(state, {type: 'edit', value: 'ETH'}, {type: 'submit'}, {type: 'choose-period', daily: 'SEVEN'}, {type: 'choose-mode', mode: 'pledge'});
		for (const bad of ['', '-1', '1e3', '0', '1,5']) {
			const rejected = run(state, {type: 'edit', value: bad}, {type: 'submit'});
			expect(rejected.step).toBe('amount');
			expect(rejected.error).toMatch(/^pledge amount /);
		}
	});

	it('goes back one step at a time keeping what was typed, and leaves from the first step', () => {
		let state = toReview();
		const steps: string[] = [];
		for (let i = 0; i < 6; i++) {
			state = wizardReducer(state, {type: 'back'});
			steps.push(state.exit ? 'exit' : state.step);
		}
		expect(steps).toEqual(['amount', 'amountMode', 'period', 'pledgeCoin', 'loanCoin', 'exit']);
		expect(state.values).toMatchObject({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', amount: '0.5'});
	});

	it('asks for credentials before review when none were found', () => {
		let state = run(initialWizard(), {type: 'credentials-needed', needed: true});
		state = run(
			state,
			{type: 'edit', value: 'USDT'},
			{type: 'submit'},
			{type: 'edit', value: 'BTC'},
			{type: 'submit'},
			{type: 'choose-period', daily: 'SEVEN'},
			{type: 'choose-mode', mode: 'pledge'},
			{type: 'edit', value: '1'},
			{type: 'submit'},
		);
		expect(state.step).toBe('credentials');
		expect(wizardReducer(state, {type: 'back'}).step).toBe('amount');
		state = run(state, {type: 'credentials-ready'});
		expect(state).toMatchObject({step: 'review', needsCredentials: false});
	});

	it('decline and back on the review return to the amount, values kept; the request body is the canonical values', () => {
		const review = toReview();
		expect(run(review, {type: 'decline'})).toMatchObject({step: 'amount', values: review.values});
		expect(run(review, {type: 'back'}).step).toBe('amount');
		expect(requestBody(review.values)).toBe('{"loanCoin":"USDT","pledgeCoin":"BTC","daily":"THIRTY","pledgeAmount":"0.5"}');
		expect(requestBody({...review.values, amountMode: 'loan'})).toBe('{"loanCoin":"USDT","pledgeCoin":"BTC","daily":"THIRTY","loanAmount":"0.5"}');
	});

	it('starts from values carried over from the estimate on the amount step', () => {
		const state = initialWizard({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '2'});
		expect(state).toMatchObject({step: 'amount', values: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', amountMode: 'pledge', amount: '2'}});
		expect(initialWizard({loanCoin: 'USDT'}).step).toBe('loanCoin');
	});

	it('carried values: a loan amount opens the loan-amount mode with the pledge amount kept apart; Esc on the step it opened on leaves', () => {
		const state = initialWizard({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '10000', pledgeAmount: '0.5'});
		expect(state).toMatchObject({step: 'amount', values: {amountMode: 'loan', amount: '10000'}, otherAmount: '0.5'});
		expect(wizardReducer(state, {type: 'back'}).exit).toBe(true);
		// Past the step it opened on, Esc steps back to it, and from there leaves.
		const review = run(state, {type: 'submit'});
		expect(review.step).toBe('review');
		const amount = run(review, {type: 'back'});
		expect(amount).toMatchObject({step: 'amount', exit: false});
		expect(run(amount, {type: 'back'}).exit).toBe(true);
	});
});

describe('borrow wizard choices', () => {
	it('moves the period and amount-mode selection in the reducer and submits what is selected', () => {
		let state = run(initialWizard(), {type: 'edit', value: 'USDT'}, {type: 'submit'}, {type: 'edit', value: 'BTC'}, {type: 'submit'});
		expect(state.step).toBe('period');
		state = run(state, {type: 'select', move: {type: 'cycle', by: 1}}, {type: 'select', move: {type: 'cycle', by: 1}});
		expect(state.values.daily).toBe('FLEXIBLE');
		state = run(state, {type: 'select', move: {type: 'cycle', by: 1}});
		expect(state.values.daily).toBe('SEVEN');
		state = run(state, {type: 'select', move: {type: 'pick', index: 1}}, {type: 'select', move: {type: 'pick', index: 7}}, {type: 'submit'});
		expect(state).toMatchObject({step: 'amountMode', values: {daily: 'THIRTY'}});
		state = run(state, {type: 'select', move: {type: 'cycle', by: -1}}, {type: 'submit'});
		expect(state).toMatchObject({step: 'amount', values: {amountMode: 'loan'}});
		expect(run(state, {type: 'select', move: {type: 'cycle', by: 1}})).toBe(state);
	});

	it('completes a coin step from the highlighted suggestion, never replacing an exact coin', () => {
		const coins = ['BTC', 'BTCX', 'USDC', 'USDT'];
		let state = run(initialWizard(), {type: 'edit', value: 'us'}, {type: 'suggest', by: 1, coins}, {type: 'suggest', by: 1, coins}, {type: 'submit', coins});
		expect(state).toMatchObject({step: 'pledgeCoin', values: {loanCoin: 'USDT'}});
		state = run(state, {type: 'edit', value: 'btc'}, {type: 'submit', coins});
		expect(state.values.pledgeCoin).toBe('BTC');
		const unknown = run(initialWizard(), {type: 'edit', value: 'zzz'}, {type: 'submit', coins});
		expect(unknown.values.loanCoin).toBe('ZZZ');
		// Not moved to, not typed in full: Enter keeps what was typed ("b" does not become BTC).
		expect(run(initialWizard(), {type: 'edit', value: 'b'}, {type: 'submit', coins}).values.loanCoin).toBe('B');
	});

	it('edits at the cursor through text edits, and puts the cursor at the end on arriving at a step', () => {
		let state = run(
			initialWizard(),
			{type: 'text', edit: {op: 'insert', text: 'UST'}},
			{type: 'text', edit: {op: 'left'}},
			{type: 'text', edit: {op: 'insert', text: 'D'}},
		);
		expect(state).toMatchObject({values: {loanCoin: 'USDT'}, cursor: 3});
		state = run(state, {type: 'submit'}, {type: 'back'});
		expect(state).toMatchObject({step: 'loanCoin', cursor: 4});
	});
});
