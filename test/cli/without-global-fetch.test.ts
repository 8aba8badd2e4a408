import {describe, expect, it} from 'vitest';
import {withoutGlobalFetch} from '../../source/cli/without-global-fetch.js';

describe('withoutGlobalFetch', () => {
	it('hides the global fetch while the load runs and puts back the same property after it', async () => {
		const before = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
		const seen = await withoutGlobalFetch(async () => {
			await Promise.resolve();
			return {type: typeof globalThis.fetch, own: Object.hasOwn(globalThis, 'fetch')};
		});
		expect(seen).toEqual({type: 'undefined', own: false});
		expect(Object.getOwnPropertyDescriptor(globalThis, 'fetch')).toEqual(before);
	});

	it('puts it back when the load fails, and passes the failure on', async () => {
		const before = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
		await expect(withoutGlobalFetch(() => Promise.reject(new Error('chunk missing')))).rejects.toThrow('chunk missing');
		expect(Object.getOwnPropertyDescriptor(globalThis, 'fetch')).toEqual(before);
	});
});
