import {describe, expect, it} from 'vitest';
import {
	credentialsFormReducer,
	initialCredentialsForm,
	type CredentialsFormAction,
	type CredentialsFormState,
} from '../../source/ui/credentials/form-reducer.js';

const run = (state: CredentialsFormState, ...actions: CredentialsFormAction[]) => actions.reduce(credentialsFormReducer, state);
const type = (text: string): CredentialsFormAction => ({type: 'text', edit: {op: 'insert', text}});

describe('credentials form', () => {
	it('asks for each value in turn, rejects empty or spaced values, then where to keep them', () => {
		let state = run(initialCredentialsForm, {type: 'submit'});
		expect(state).toMatchObject({step: 'apiKey', error: 'API key is required'});
		state = run(state, type('key with space'), {type: 'submit'});
		expect(state.error).toBe('API key cannot contain spaces');
		state = run(state, {type: 'text', edit: {op: 'clear'}}, type('  abc  '), {type: 'submit'}, type('s3cret'), {type: 'submit'}, type('pass'), {
			type: 'submit',
		});
		expect(state).toMatchObject({step: 'keep', values: {apiKey: 'abc', secretKey: 's3cret', passphrase: 'pass'}});
		state = run(state, {type: 'select', move: {type: 'cycle', by: 1}, count: 2}, {type: 'submit'});
		expect(state).toMatchObject({step: 'saving', keepIndex: 1});
		expect(run(state, type('x'), {type: 'back'})).toBe(state);
		const failed = run(state, {type: 'fail', message: 'no keychain'});
		expect(failed).toMatchObject({step: 'keep', error: 'no keychain'});
		expect(run(state, {type: 'saved'})).toEqual(initialCredentialsForm);
	});

	it('goes back one field at a time', () => {
		const state = run(initialCredentialsForm, type('a'), {type: 'submit'}, type('b'), {type: 'submit'}, {type: 'back'});
		expect(state).toMatchObject({step: 'secretKey', cursor: 1});
		expect(run(state, {type: 'back'}, {type: 'back'}).step).toBe('apiKey');
	});
});
