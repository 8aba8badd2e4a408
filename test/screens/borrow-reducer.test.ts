import {describe, expect, it} from 'vitest';
import {initialWizard, requestBody, wizardReducer, type WizardAction, type WizardState} from '../../source/screens/borrow/reducer.js';

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
		state = run(state, {type: 'edit', value: 'USDT'}, {type: 'submit'}, {type: 'edit', value: 'BTC'}, {type: 'submit'}, {type: 'choose-period', daily: 'SEVEN'}, {type: 'choose-mode', mode: 'pledge'}, {type: 'edit', value: '1'}, {type: 'submit'});
		expect(state.step).toBe('credentials');
		expect(wizardReducer(state, {type: 'back'}).step).toBe('amount');
		state = run(state, {type: 'credentials-ready'});
		expect(state).toMatchObject({step: 'review', needsCredentials: false});
	});

	it('posts only on confirm; decline and back return to the amount; confirm twice is one attempt', () => {
		const review = toReview();
		expect(run(review, {type: 'decline'}).step).toBe('amount');
		expect(run(review, {type: 'back'}).step).toBe('amount');
		const submitting = run(review, {type: 'confirm'});
		expect(submitting).toMatchObject({step: 'submitting', attempt: 1});
		const hammered = run(submitting, {type: 'confirm'}, {type: 'confirm'}, {type: 'back'}, {type: 'decline'}, {type: 'edit', value: '9'});
		expect(hammered).toBe(submitting);
	});

	it('shows the order id on success and leaves from the result', () => {
		const done = run(toReview(), {type: 'confirm'}, {type: 'succeeded', orderId: '1130000000000000001'});
		expect(done).toMatchObject({step: 'result', orderId: '1130000000000000001'});
		expect(run(done, {type: 'back'}).exit).toBe(true);
		expect(run(done, {type: 'confirm'})).toBe(done);
	});

	it('returns to review with everything kept when the server refuses', () => {
		const refusal = new Error('43012 Insufficient balance');
		const refused = run(toReview(), {type: 'confirm'}, {type: 'refused', error: refusal});
		expect(refused).toMatchObject({step: 'review', refusal, values: toReview().values});
		expect(run(refused, {type: 'confirm'})).toMatchObject({step: 'submitting', attempt: 2, refusal: undefined});
	});

	it('after an unknown outcome, sending the same values needs review and a second confirmation', () => {
		const unknown = run(toReview(), {type: 'confirm'}, {type: 'outcome-unknown', error: new Error('reset')});
		expect(unknown.step).toBe('unknown');
		expect(unknown.unknownBody).toBe(requestBody(unknown.values));
		expect(run(unknown, {type: 'confirm'})).toBe(unknown);
		const review = run(unknown, {type: 'back'});
		expect(review.step).toBe('review');
		const once = run(review, {type: 'confirm'});
		expect(once).toMatchObject({step: 'review', confirmAgain: true, attempt: 1});
		expect(run(once, {type: 'decline'})).toMatchObject({step: 'review', confirmAgain: false});
		expect(run(once, {type: 'confirm'})).toMatchObject({step: 'submitting', attempt: 2});
		// Different values are a different request: one confirmation is enough.
		const changed = run(review, {type: 'back'}, {type: 'edit', value: '0.25'}, {type: 'submit'}, {type: 'confirm'});
		expect(changed).toMatchObject({step: 'submitting', attempt: 2});
	});

	it('starts from values carried over from the estimate on the amount step', () => {
		const state = initialWizard({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '2'});
		expect(state).toMatchObject({step: 'amount', values: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', amountMode: 'pledge', amount: '2'}});
		expect(initialWizard({loanCoin: 'USDT'}).step).toBe('loanCoin');
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
		let state = run(initialWizard(), {type: 'edit', value: 'us'}, {type: 'suggest', by: 1, coins}, {type: 'submit', coins});
		expect(state).toMatchObject({step: 'pledgeCoin', values: {loanCoin: 'USDT'}});
		state = run(state, {type: 'edit', value: 'btc'}, {type: 'submit', coins});
		expect(state.values.pledgeCoin).toBe('BTC');
		const unknown = run(initialWizard(), {type: 'edit', value: 'zzz'}, {type: 'submit', coins});
		expect(unknown.values.loanCoin).toBe('ZZZ');
	});

	it('edits at the cursor through text edits, and puts the cursor at the end on arriving at a step', () => {
		let state = run(initialWizard(), {type: 'text', edit: {op: 'insert', text: 'UST'}}, {type: 'text', edit: {op: 'left'}}, {type: 'text', edit: {op: 'insert', text: 'D'}});
		expect(state).toMatchObject({values: {loanCoin: 'USDT'}, cursor: 3});
		state = run(state, {type: 'submit'}, {type: 'back'});
		expect(state).toMatchObject({step: 'loanCoin', cursor: 4});
	});
});
