// The rules of every money-moving POST, as plain state (source/ui/money/money-post.ts).
import {describe, expect, it} from 'vitest';
import {initialMoneyPost, moneyPostReducer, type MoneyPostAction, type MoneyPostState} from '../../source/ui/money/money-post.js';

type State = MoneyPostState<string, {orderId: string}>;
type Action = MoneyPostAction<string, {orderId: string}>;
const run = (state: State, ...actions: Action[]) => actions.reduce<State>((current, action) => moneyPostReducer(current, action), state);
const ready = (): State => initialMoneyPost();
const confirm = (body = '{"a":1}'): Action => ({type: 'confirm', request: body, body});

describe('money post', () => {
	it('starts one attempt per confirmation, and none while one is out', () => {
		const posting = run(ready(), confirm());
		expect(posting).toMatchObject({phase: 'posting', attempt: 1, request: '{"a":1}', body: '{"a":1}'});
		const hammered = run(posting, confirm(), confirm('{"a":2}'), {type: 'decline'}, {type: 'review'});
		expect(hammered).toBe(posting);
	});

	it('ends in done with the result; nothing more is sent from there', () => {
		const done = run(ready(), confirm(), {type: 'succeeded', result: {orderId: '1'}});
		expect(done).toMatchObject({phase: 'done', result: {orderId: '1'}});
		expect(run(done, confirm())).toBe(done);
		expect(run(done, {type: 'refused', error: new Error('late')})).toBe(done);
	});

	it('a refusal returns to ready with the refusal shown; confirming again is a new attempt and clears it', () => {
		const refusal = new Error('43012 Insufficient balance');
		const refused = run(ready(), confirm(), {type: 'refused', error: refusal});
		expect(refused).toMatchObject({phase: 'ready', refusal});
		expect(run(refused, confirm())).toMatchObject({phase: 'posting', attempt: 2, refusal: undefined});
	});

	it('after an unknown outcome the same body needs a second confirmation; another body needs one', () => {
		const unknown = run(ready(), confirm(), {type: 'outcome-unknown', error: new Error('reset')});
		expect(unknown).toMatchObject({phase: 'unknown', unknownBody: '{"a":1}'});
		expect(run(unknown, confirm())).toBe(unknown);
		const review = run(unknown, {type: 'review'});
		expect(review).toMatchObject({phase: 'ready', unknownBody: '{"a":1}'});
		const once = run(review, confirm());
		expect(once).toMatchObject({phase: 'ready', confirmAgain: true, attempt: 1});
		expect(run(once, {type: 'decline'})).toMatchObject({phase: 'ready', confirmAgain: false});
		expect(run(once, confirm())).toMatchObject({phase: 'posting', attempt: 2});
		expect(run(review, confirm('{"a":2}'))).toMatchObject({phase: 'posting', attempt: 2, body: '{"a":2}'});
		// Once the same body succeeds, it is no longer "unknown".
		expect(run(once, confirm(), {type: 'succeeded', result: {orderId: '2'}}).unknownBody).toBeUndefined();
	});

	it('ignores outcomes that arrive when nothing is out', () => {
		const state = ready();
		for (const action of [{type: 'succeeded', result: {orderId: '1'}}, {type: 'refused', error: 1}, {type: 'outcome-unknown', error: 1}, {type: 'review'}, {type: 'decline'}] as Action[]) {
			expect(moneyPostReducer(state, action)).toBe(state);
		}
	});
});
