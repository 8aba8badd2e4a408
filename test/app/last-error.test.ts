import {describe, expect, it} from 'vitest';
import {createLastError} from '../../source/services/last-error.js';

describe('last error', () => {
	it('stays until the next success of the same kind; a success of another kind leaves it', () => {
		const lastError = createLastError();
		lastError.report('borrow', 'Borrow: outcome unknown');
		lastError.succeeded('estimate');
		expect(lastError.get()).toBe('Borrow: outcome unknown');
		lastError.report('estimate', 'Estimate: HTTP 503');
		expect(lastError.get()).toBe('Estimate: HTTP 503');
		lastError.succeeded('borrow');
		expect(lastError.get()).toBe('Estimate: HTTP 503');
		lastError.succeeded('estimate');
		expect(lastError.get()).toBeUndefined();
	});
});

describe('last error that belongs to a screen', () => {
	it('a refusal reported untilLeft goes when its screen is left; other errors, and other screens leaving, keep it', () => {
		const lastError = createLastError();
		lastError.report('borrow', 'Borrow refused: 43012', {untilLeft: true});
		lastError.left('repay');
		expect(lastError.get()).toBe('Borrow refused: 43012');
		lastError.left('borrow');
		expect(lastError.get()).toBeUndefined();
		lastError.report('borrow', 'Borrow: outcome unknown');
		lastError.left('borrow');
		expect(lastError.get()).toBe('Borrow: outcome unknown');
	});
});
