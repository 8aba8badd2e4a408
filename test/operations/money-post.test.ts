// The rules of every money POST on a review screen, as plain state (source/operations/money-post.ts).
import {describe, expect, it} from 'vitest';
import {NetworkError, OutcomeUnknownError} from '../../source/api/errors.js';
import type {CheckResult} from '../../source/operations/check-outcome.js';
import {initialMoneyPost, moneyPostReducer, type MoneyPostAction, type MoneyPostState} from '../../source/operations/money-post.js';
import type {SentValues} from '../../source/operations/money-pipeline.js';

type State = MoneyPostState<string, {orderId: string}>;
type Action = MoneyPostAction<string, {orderId: string}>;
const run = (state: State, ...actions: Action[]) => actions.reduce<State>((current, action) => moneyPostReducer(current, action), state);
const ready = (): State => initialMoneyPost();
const confirm = (body = '{"a":1}'): Action => ({type: 'confirm', request: body, body});
const lost = new OutcomeUnknownError(new NetworkError('the connection was reset'), {operation: 'borrow'});
const sent: SentValues = {operation: 'borrow', values: {a: '1'}, origin: 'https://api.bitget.com'};
const unknown = (attempt: number, check?: CheckResult): Action => ({type: 'outcome-unknown', attempt, error: lost, sent, recorded: true, check});
const checked: CheckResult = {
	status: 'not-found',
	message: 'nothing',
	settled: false,
	reads: [],
	tries: 3,
	elapsedMs: 4000,
	timedOut: true,
	interrupted: false,
};

describe('money post', () => {
	it('starts one attempt per confirmation, and none while one is out', () => {
		const posting = run(ready(), confirm());
		expect(posting).toMatchObject({phase: 'posting', attempt: 1, request: '{"a":1}', body: '{"a":1}'});
		const hammered = run(posting, confirm(), confirm('{"a":2}'), {type: 'decline'}, {type: 'review'});
		expect(hammered).toBe(posting);
	});

	it('ends in done with the result; nothing more is sent from there', () => {
		const done = run(ready(), confirm(), {type: 'succeeded', attempt: 1, result: {orderId: '1'}});
		expect(done).toMatchObject({phase: 'done', result: {orderId: '1'}});
		expect(run(done, confirm())).toBe(done);
		expect(run(done, {type: 'refused', attempt: 1, error: new Error('late')})).toBe(done);
	});

	it('a refusal returns to ready with the refusal shown; confirming again is a new attempt and clears it', () => {
		const refusal = new Error('43012 Insufficient balance');
		const refused = run(ready(), confirm(), {type: 'refused', attempt: 1, error: refusal});
		expect(refused).toMatchObject({phase: 'ready', refusal});
		expect(run(refused, confirm())).toMatchObject({phase: 'posting', attempt: 2, refusal: undefined});
	});

	it('after an unknown outcome the same body needs a second confirmation; another body needs one', () => {
		const outcome = run(ready(), confirm(), unknown(1));
		expect(outcome).toMatchObject({phase: 'unknown', unknownBody: '{"a":1}', failure: lost, sent, recorded: true});
		expect(run(outcome, confirm())).toBe(outcome);
		const review = run(outcome, {type: 'review'});
		expect(review).toMatchObject({phase: 'ready', unknownBody: '{"a":1}'});
		const once = run(review, confirm());
		expect(once).toMatchObject({phase: 'ready', confirmAgain: true, attempt: 1});
		expect(run(once, {type: 'decline'})).toMatchObject({phase: 'ready', confirmAgain: false});
		expect(run(once, confirm())).toMatchObject({phase: 'posting', attempt: 2});
		expect(run(review, confirm('{"a":2}'))).toMatchObject({phase: 'posting', attempt: 2, body: '{"a":2}'});
		// Once the same body succeeds, it is no longer "unknown".
		expect(run(once, confirm(), {type: 'succeeded', attempt: 2, result: {orderId: '2'}}).unknownBody).toBeUndefined();
	});

	it('the check runs on the unknown screen: each read is shown, then what it found', () => {
		const checking = run(ready(), confirm(), {type: 'checking', attempt: 1, failure: lost, sent, recorded: true});
		expect(checking).toMatchObject({phase: 'unknown', check: {status: 'checking'}, unknownBody: '{"a":1}'});
		const finding = {status: 'unclear' as const, message: 'another amount', settled: false, reads: []};
		expect(run(checking, {type: 'checking', attempt: 1, failure: lost, sent, recorded: true, finding}).check).toEqual({status: 'checking', finding});
		expect(run(checking, unknown(1, checked)).check).toEqual({status: 'done', result: checked});
	});

	it('a late report of an earlier attempt changes nothing', () => {
		const second = run(ready(), confirm(), {type: 'refused', attempt: 1, error: new Error('no')}, confirm());
		expect(second.attempt).toBe(2);
		for (const action of [{type: 'succeeded', attempt: 1, result: {orderId: '1'}}, {type: 'refused', attempt: 1, error: 1}, unknown(1)] as Action[]) {
			expect(moneyPostReducer(second, action)).toBe(second);
		}
	});

	it('ignores outcomes that arrive when nothing is out', () => {
		const state = ready();
		for (const action of [
			{type: 'succeeded', attempt: 0, result: {orderId: '1'}},
			{type: 'refused', attempt: 0, error: 1},
			unknown(0),
			{type: 'review'},
			{type: 'decline'},
		] as Action[]) {
			expect(moneyPostReducer(state, action)).toBe(state);
		}
	});
});
