// --to-ltv PCT: a target LTV given as a percentage ("60", "60%"), as a fraction for loans/targets.ts.
import Big from 'big.js';
import {UsageError} from '../../runtime/exit-codes.js';

export function toLtvFlag(text: string): string {
	const trimmed = text.trim().replace(/%$/, '');
	if (!/^\d{1,3}(\.\d{1,4})?$/.test(trimmed) || !new Big(trimmed).gt(0) || !new Big(trimmed).lt(100)) {
		throw new UsageError(`--to-ltv must be a percentage above 0 and below 100, like 60 (got "${text}")`);
	}
	return new Big(trimmed).div(100).toFixed();
}
