import type {Checked} from '../../api/validate.js';
import {UsageError} from '../exit-codes.js';

/** A flag's value through its checker; a missing or bad value is a usage error (exit 2, nothing sent). */
export function flagValue<T>(
	name: string,
	value: string | undefined,
	check: (text: string, label: string) => Checked<T>,
	/** What else would do instead, for the message when the flag is missing ("or --all to compare every period"). */
	alternative?: string,
): T {
	if (value === undefined) throw new UsageError(`--${name} is required${alternative ? `, ${alternative}` : ''}`);
	const checked = check(value, `--${name}`);
	if (!checked.ok) throw new UsageError(checked.message);
	return checked.value;
}
