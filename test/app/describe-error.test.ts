import {describe, expect, it} from 'vitest';
import {NetworkError, OutcomeUnknownError} from '../../source/api/errors.js';
import {describeError} from '../../source/format/describe-error.js';

describe('describeError', () => {
	it('names what an unknown outcome is about, per operation', () => {
		const failure = new NetworkError('the connection broke');
		expect(describeError(new OutcomeUnknownError(failure, {operation: 'borrow'})).title).toBe('Outcome unknown — the loan may or may not have been created');
		expect(describeError(new OutcomeUnknownError(failure, {operation: 'repay'})).title).toBe('Outcome unknown — the repayment may or may not have been made');
		expect(describeError(new OutcomeUnknownError(failure, {operation: 'revisePledge'})).title).toBe(
			'Outcome unknown — the collateral change may or may not have been made',
		);
	});
});
