import type {Checked} from '../../api/validate.js';
import {UsageError} from '../../runtime/exit-codes.js';

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

/** The app refuses a loan against the same coin; so does the command line, before anything is sent. */
export function differentCoins(loanCoin: string, pledgeCoin: string): void {
	if (loanCoin === pledgeCoin) throw new UsageError(`--loan-coin and --pledge-coin are both ${loanCoin}: a loan is taken against a different coin`);
}
